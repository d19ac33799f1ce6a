import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Project } from '@pc/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../components/form/form-checkbox';
import { FormTextField } from '../../components/form-text-field';
import { AmountRow, DateField, DecimalField, SelectField, TimeDialogFrame } from './fields';
import { type ProjectForm, useProjectForm } from './project-form';

/** Create, edit or delete a project: validity, budget, rates, person-specific rates, planned hours per month. */
export function ProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useProjectForm(project, onClose);
  const { form, readOnly, withTerms } = state;
  return (
    <TimeDialogFrame kind="project" record={project} form={form} onClose={onClose} onDelete={state.remove}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ProjectBasics state={state} isNew={!project} />
        {withTerms && <ProjectTerms state={state} />}
        <FormCheckbox form={form} name="isActive" label={t('time.project.active')} disabled={readOnly} />
        {withTerms && <ProjectRates state={state} />}
        <PlannedHours state={state} />
      </Stack>
    </TimeDialogFrame>
  );
}

/** Name, company (fixed once the project exists) and validity. */
function ProjectBasics({ state, isNew }: { state: ProjectForm; isNew: boolean }) {
  const { t } = useTranslation();
  const { form, msg, readOnly } = state;
  const { errors } = form.formState;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          form={form}
          name="name"
          messageOf={msg}
          label={t('time.project.name')}
          required
          fullWidth
          autoFocus={!readOnly}
          variant="filled"
          disabled={readOnly}
        />
        <SelectField
          control={form.control}
          name="companyId"
          label={t('time.field.company')}
          options={state.companyOptions}
          required
          disabled={readOnly || !isNew}
          error={msg(errors.companyId?.message)}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          control={form.control}
          name="validFrom"
          label={t('time.project.validFrom')}
          required
          readOnly={readOnly}
          error={msg(errors.validFrom?.message)}
        />
        <DateField
          control={form.control}
          name="validUntil"
          label={t('time.project.validUntil')}
          readOnly={readOnly}
          error={msg(errors.validUntil?.message)}
          helperText={msg(errors.validUntil?.message) ? undefined : t('time.project.validUntilHint')}
        />
      </Stack>
    </>
  );
}

/** Budget (hours per month or for the whole project), flat and hourly rate. */
function ProjectTerms({ state }: { state: ProjectForm }) {
  const { t } = useTranslation();
  const { form, msg, readOnly } = state;
  const { errors } = form.formState;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DecimalField
          label={t('time.project.budgetHours')}
          registration={form.register('budgetHours')}
          disabled={readOnly}
          error={msg(errors.budgetHours?.message)}
        />
        <SelectField
          control={form.control}
          name="budgetPeriod"
          label={t('time.project.budgetPeriod')}
          options={[
            ['Month', t('time.project.perMonth')],
            ['Project', t('time.project.perProject')],
          ]}
          disabled={readOnly}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DecimalField
          label={t('time.project.flatRate')}
          registration={form.register('flatRate')}
          disabled={readOnly}
          error={msg(errors.flatRate?.message)}
        />
        <DecimalField
          label={t('time.project.hourlyRate')}
          registration={form.register('hourlyRate')}
          disabled={readOnly}
          error={msg(errors.hourlyRate?.message)}
        />
      </Stack>
    </>
  );
}

/** A heading, the rows, and (when editable) the button that adds one. */
function RowList({
  title,
  add,
  readOnly,
  children,
}: {
  title: string;
  add: { label: string; onClick: () => void };
  readOnly: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Typography variant="subtitle2">{title}</Typography>
      {children}
      {!readOnly && (
        <Button startIcon={<Add />} onClick={add.onClick} sx={{ alignSelf: 'flex-start' }}>
          {add.label}
        </Button>
      )}
    </>
  );
}

/** Hourly rates for single persons, above the project's own. */
function ProjectRates({ state }: { state: ProjectForm }) {
  const { t } = useTranslation();
  const { form, msg, readOnly, rates } = state;
  const errors = form.formState.errors.rates;
  return (
    <RowList
      title={t('time.project.rates')}
      add={{ label: t('time.project.addRate'), onClick: state.addRate }}
      readOnly={readOnly}
    >
      {rates.fields.map((f, i) => (
        <AmountRow
          key={f.id}
          label={t('time.project.hourlyRate')}
          registration={form.register(`rates.${i}.hourlyRate`)}
          error={msg(errors?.[i]?.hourlyRate?.message)}
          readOnly={readOnly}
          onRemove={() => rates.remove(i)}
        >
          <SelectField
            control={form.control}
            name={`rates.${i}.userId`}
            label={t('time.field.user')}
            options={state.userOptions}
            size="small"
            disabled={readOnly}
            error={msg(errors?.[i]?.userId?.message)}
          />
        </AmountRow>
      ))}
    </RowList>
  );
}

/** The hours planned per month. */
function PlannedHours({ state }: { state: ProjectForm }) {
  const { t } = useTranslation();
  const { form, msg, readOnly, planned } = state;
  const errors = form.formState.errors.plannedHours;
  return (
    <RowList
      title={t('time.project.planned')}
      add={{ label: t('time.project.addMonth'), onClick: state.addMonth }}
      readOnly={readOnly}
    >
      {planned.fields.map((f, i) => (
        <AmountRow
          key={f.id}
          label={t('time.project.plannedHours')}
          registration={form.register(`plannedHours.${i}.hours`)}
          error={msg(errors?.[i]?.hours?.message)}
          readOnly={readOnly}
          onRemove={() => planned.remove(i)}
        >
          <TextField
            size="small"
            type="month"
            label={t('time.project.month')}
            {...form.register(`plannedHours.${i}.month`)}
            disabled={readOnly}
            error={!!errors?.[i]?.month}
            helperText={msg(errors?.[i]?.month?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </AmountRow>
      ))}
    </RowList>
  );
}
