import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Project } from '@pc/shared';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { useCompanyOptions } from '../../lib/company-options';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { useUserLookup } from '../../lib/user-lookup';
import { useDeleteProject, useSaveProject } from './api';
import { DateField, DecimalField, parseDecimal, useFieldMessage } from './fields';

const amount = z
  .string()
  .refine((s) => !s.trim() || (Number.isFinite(parseDecimal(s)) && parseDecimal(s) >= 0), 'validation.number');
const formSchema = z
  .object({
    companyId: z.string().min(1, 'validation.required'),
    name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    validUntil: z.string(),
    budgetHours: amount,
    budgetPeriod: z.enum(['Month', 'Project']),
    flatRate: amount,
    hourlyRate: amount,
    isActive: z.boolean(),
    rates: z.array(z.object({ userId: z.string().min(1, 'validation.required'), hourlyRate: amount })),
    plannedHours: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'validation.date'), hours: amount })),
  })
  .refine((v) => !v.validUntil || v.validUntil >= v.validFrom, { message: 'validation.endBeforeStart', path: ['validUntil'] });
type FormValues = z.input<typeof formSchema>;

const num = (s: string) => (s.trim() ? parseDecimal(s) : null);
const str = (n: number | null | undefined) => (n == null ? '' : String(n));

/** Create, edit or delete a project: validity, budget, rates, person-specific rates, planned hours per month. */
export function ProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const companies = useCompanyOptions(true);
  const users = useUserLookup();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = project ? !project.rights.write : false;
  // The server leaves a project's terms (budget, rates) out for a caller who may not see them.
  const withTerms = !project || 'flatRate' in project;
  const today = new Date();
  const valuesOf = (p: Project | null): FormValues => ({
    companyId: p?.companyId ?? (scope?.type === 'Company' ? scope.id : ''),
    name: p?.name ?? '',
    validFrom: p?.validFrom ?? `${today.getFullYear()}-01-01`,
    validUntil: p?.validUntil ?? '',
    budgetHours: str(p?.budgetHours),
    budgetPeriod: p?.budgetPeriod ?? 'Month',
    flatRate: str(p?.flatRate),
    hourlyRate: str(p?.hourlyRate),
    isActive: p?.isActive ?? true,
    rates: (p?.rates ?? []).map((r) => ({ userId: r.userId, hourlyRate: String(r.hourlyRate) })),
    plannedHours: (p?.plannedHours ?? []).map((m) => ({ month: m.month, hours: String(m.hours) })),
  });
  const form = useZodForm<FormValues>(formSchema, {
    defaultValues: valuesOf(project),
    versioning: {
      record: project,
      valuesOf,
      labelOf: (path) =>
        t(
          path === 'companyId'
            ? 'time.field.company'
            : path === 'isActive'
              ? 'time.project.active'
              : path === 'plannedHours'
                ? 'time.project.planned'
                : `time.project.${path}`,
        ),
      displayOf: (path, value) => {
        if (Array.isArray(value)) return value.length ? t('conflict.entries', { count: value.length }) : '—';
        if (path === 'companyId') return companies.data?.find((c) => c.id === value)?.name ?? '—';
        if (typeof value === 'boolean') return value ? t('items.yes') : t('items.no');
        return value === null || value === '' ? '—' : String(value);
      },
    },
    onSubmit: async (v, { ifMatch }) => {
      const saved = await save.mutateAsync({
        ifMatch,
        id: project?.id ?? null,
        input: {
          companyId: v.companyId,
          name: v.name.trim(),
          validFrom: v.validFrom,
          validUntil: v.validUntil || null,
          budgetHours: num(v.budgetHours),
          budgetPeriod: v.budgetPeriod,
          flatRate: num(v.flatRate),
          hourlyRate: num(v.hourlyRate),
          isActive: v.isActive,
          rates: v.rates.map((r) => ({ userId: r.userId, hourlyRate: num(r.hourlyRate) ?? 0 })),
          plannedHours: v.plannedHours.map((m) => ({ month: m.month, hours: num(m.hours) ?? 0 })),
        },
      });
      notify(t('time.project.saved'), 'success');
      onClose();
      return saved;
    },
  });
  const { errors } = form.formState;
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const planned = useFieldArray({ control: form.control, name: 'plannedHours' });
  const msg = useFieldMessage();
  const companyOptions = (companies.data ?? []).filter((c) => c.isActive || c.id === project?.companyId);
  const nextMonth = () => {
    const last = form.getValues('plannedHours').at(-1)?.month;
    const d = last
      ? new Date(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 1)
      : new Date(today.getFullYear(), today.getMonth(), 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  };

  return (
    <>
      <DialogFrame
        title={project ? (readOnly ? t('time.project.view') : t('time.project.edit')) : t('time.project.new')}
        onClose={onClose}
        form={readOnly ? undefined : form}
        submitLabel={t('time.save')}
        width={720}
        actions={
          readOnly ? (
            <Button onClick={onClose}>{t('help.ok')}</Button>
          ) : project?.rights.delete ? (
            <>
              <Button color="error" onClick={() => setConfirmDelete(true)} disabled={form.busy} sx={{ mr: 'auto' }}>
                {t('time.delete')}
              </Button>
              <Button onClick={onClose} disabled={form.busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={!form.canSubmit} loading={form.busy}>
                {t('time.save')}
              </Button>
            </>
          ) : undefined
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('time.project.name')}
              required
              fullWidth
              autoFocus={!readOnly}
              variant="filled"
              {...form.register('name')}
              disabled={readOnly}
              error={!!errors.name}
              helperText={msg(errors.name?.message)}
            />
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  variant="filled"
                  label={t('time.field.company')}
                  name={field.name}
                  value={companyOptions.some((c) => c.id === field.value) ? field.value : ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  inputRef={field.ref}
                  disabled={readOnly || !!project}
                  error={!!errors.companyId}
                  helperText={msg(errors.companyId?.message)}
                >
                  {companyOptions.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
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
          {withTerms && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DecimalField
                label={t('time.project.budgetHours')}
                registration={form.register('budgetHours')}
                disabled={readOnly}
                error={msg(errors.budgetHours?.message)}
              />
              <Controller
                control={form.control}
                name="budgetPeriod"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    variant="filled"
                    label={t('time.project.budgetPeriod')}
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    disabled={readOnly}
                  >
                    <MenuItem value="Month">{t('time.project.perMonth')}</MenuItem>
                    <MenuItem value="Project">{t('time.project.perProject')}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
          )}
          {withTerms && (
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
          )}
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={readOnly} />
                }
                label={t('time.project.active')}
              />
            )}
          />
          {withTerms && (
            <>
              <Typography variant="subtitle2">{t('time.project.rates')}</Typography>
              {rates.fields.map((f, i) => (
                <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Controller
                    control={form.control}
                    name={`rates.${i}.userId`}
                    render={({ field }) => (
                      <TextField
                        select
                        fullWidth
                        size="small"
                        label={t('time.field.user')}
                        name={field.name}
                        value={(users.data ?? []).some((u) => u.id === field.value) ? field.value : ''}
                        onChange={(e) => field.onChange(e.target.value)}
                        disabled={readOnly}
                        error={!!errors.rates?.[i]?.userId}
                        helperText={msg(errors.rates?.[i]?.userId?.message)}
                      >
                        {(users.data ?? []).map((u) => (
                          <MenuItem key={u.id} value={u.id}>
                            {u.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  <DecimalField
                    size="small"
                    variant="outlined"
                    fullWidth={false}
                    label={t('time.project.hourlyRate')}
                    registration={form.register(`rates.${i}.hourlyRate`)}
                    disabled={readOnly}
                    error={msg(errors.rates?.[i]?.hourlyRate?.message)}
                    sx={{ width: 160, flexShrink: 0 }}
                  />
                  {!readOnly && (
                    <IconButton aria-label={t('time.remove')} onClick={() => rates.remove(i)}>
                      <Delete fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              ))}
              {!readOnly && (
                <Button
                  startIcon={<Add />}
                  onClick={() => rates.append({ userId: '', hourlyRate: '' })}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('time.project.addRate')}
                </Button>
              )}
            </>
          )}
          <Typography variant="subtitle2">{t('time.project.planned')}</Typography>
          {planned.fields.map((f, i) => (
            <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                type="month"
                label={t('time.project.month')}
                {...form.register(`plannedHours.${i}.month`)}
                disabled={readOnly}
                error={!!errors.plannedHours?.[i]?.month}
                helperText={msg(errors.plannedHours?.[i]?.month?.message)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <DecimalField
                size="small"
                variant="outlined"
                fullWidth={false}
                label={t('time.project.plannedHours')}
                registration={form.register(`plannedHours.${i}.hours`)}
                disabled={readOnly}
                error={msg(errors.plannedHours?.[i]?.hours?.message)}
                sx={{ width: 160, flexShrink: 0 }}
              />
              {!readOnly && (
                <IconButton aria-label={t('time.remove')} onClick={() => planned.remove(i)}>
                  <Delete fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
          {!readOnly && (
            <Button
              startIcon={<Add />}
              onClick={() => planned.append({ month: nextMonth(), hours: '' })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('time.project.addMonth')}
            </Button>
          )}
        </Stack>
      </DialogFrame>
      <ConfirmDialog
        open={confirmDelete}
        title={t('time.project.deleteTitle')}
        text={t('time.project.deleteText', { name: project?.name ?? '' })}
        confirmLabel={t('time.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          if (!project) return;
          remove.mutate(project.id, {
            onSuccess: () => {
              notify(t('time.project.deleted'), 'success');
              setConfirmDelete(false);
              onClose();
            },
            onError: (error) => {
              setConfirmDelete(false);
              notify(errorText(t, error), 'error');
            },
          });
        }}
      />
    </>
  );
}
