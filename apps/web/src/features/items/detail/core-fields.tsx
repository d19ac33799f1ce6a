import Box from '@mui/material/Box';
import { type ItemTypeKey, itemStatuses } from '@pc/shared';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Cell, DateInput, SelectInput, TextInput } from '../../../components/form-inputs';
import { StatusDot } from '../../../components/status-chip';
import { useCompanies } from '../api';
import { validationMessage } from '../labels';
import { type ItemFormValues, ruledDueDate } from './form-values';
import { PersonInput } from './reference-inputs';

interface CoreFieldsProps {
  type: ItemTypeKey;
  control: Control<ItemFormValues>;
  readOnly: boolean;
  isNew: boolean;
  /** Companies a new item may go to: only when no single company is in scope (null = no choice). */
  companyChoice: { scopeId: string | null } | null;
  onCompanyChange?: (companyId: string) => void;
  itemId: string | null;
  /** Owner and assignee as the item's answer names them (shown even where users cannot be listed). */
  people?: { ownerId: { id: string; name: string } | null; assigneeId: { id: string; name: string } | null };
}

/** Name, description, status, due date, owner, assignee (and the company of a new item). */
export function CoreFields({ type, control, readOnly, isNew, companyChoice, onCompanyChange, itemId, people }: CoreFieldsProps) {
  const { t } = useTranslation();
  const ruled = ruledDueDate(type);
  const companies = useCompanies(companyChoice !== null);
  const companyOptions = (companies.data ?? [])
    .filter((c) => c.isActive)
    .filter((c) => !companyChoice?.scopeId || c.id === companyChoice.scopeId || c.parentCompanyId === companyChoice.scopeId)
    .map((c) => ({ value: c.id, label: c.name }));
  const err = (m: string | undefined) => (m ? validationMessage(t, m) : undefined);

  return (
    <>
      {companyChoice && (
        <Cell wide>
          <Controller
            control={control}
            name="companyId"
            render={({ field, fieldState }) => (
              <SelectInput<string>
                label={t('items.field.company')}
                name={field.name}
                value={field.value ?? null}
                onChange={(v) => {
                  field.onChange(v ?? undefined);
                  if (v) onCompanyChange?.(v);
                }}
                inputRef={field.ref}
                required
                error={err(fieldState.error?.message)}
                options={companyOptions}
                helperText={t('items.detail.companyHint')}
              />
            )}
          />
        </Cell>
      )}
      <Cell wide>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              label={t('items.field.name')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              readOnly={readOnly}
              error={err(fieldState.error?.message)}
            />
          )}
        />
      </Cell>
      <Cell wide>
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <TextInput
              label={t('items.field.description')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              rows={3}
              readOnly={readOnly}
              textModules={{ boundId: itemId }}
              error={err(fieldState.error?.message)}
            />
          )}
        />
      </Cell>
      <Cell>
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <SelectInput<number>
              label={t('items.field.status')}
              name={field.name}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 0)}
              inputRef={field.ref}
              required
              readOnly={readOnly}
              error={err(fieldState.error?.message)}
              options={itemStatuses.map((s) => ({
                value: s.code,
                label: (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <StatusDot status={s.code} />
                    {t(`status.${s.name}`)}
                  </Box>
                ),
              }))}
            />
          )}
        />
      </Cell>
      <Cell>
        <Controller
          control={control}
          name="dueDate"
          render={({ field, fieldState }) => (
            <DateInput
              label={t('items.field.dueDate')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              readOnly={readOnly || ruled}
              error={err(fieldState.error?.message)}
              helperText={ruled ? t(`items.detail.dueDateRuled.${type}`) : undefined}
            />
          )}
        />
      </Cell>
      {(['ownerId', 'assigneeId'] as const).map((key) => (
        <Cell key={key}>
          <Controller
            control={control}
            name={key}
            render={({ field, fieldState }) => (
              <PersonInput
                label={t(`items.field.${key === 'ownerId' ? 'owner' : 'assignee'}`)}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                readOnly={readOnly}
                known={people?.[key]}
                error={err(fieldState.error?.message)}
                helperText={key === 'ownerId' && isNew && !readOnly ? t('items.detail.ownerHint') : undefined}
              />
            )}
          />
        </Cell>
      ))}
    </>
  );
}
