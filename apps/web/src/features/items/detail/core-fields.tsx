import Box from '@mui/material/Box';
import { type ItemTypeKey, itemStatuses } from '@pc/shared';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Cell, DateInput, formFields, SelectInput, TextInput } from '../../../components/form-inputs';
import { StatusDot } from '../../../components/status-chip';
import { useCompanyOptions } from '../../../lib/company-options';
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
  const companies = useCompanyOptions(companyChoice !== null);
  const companyOptions = (companies.data ?? [])
    .filter((c) => c.isActive)
    .filter((c) => !companyChoice?.scopeId || c.id === companyChoice.scopeId || c.parentCompanyId === companyChoice.scopeId)
    .map((c) => ({ value: c.id, label: c.name }));
  const field = formFields(control, (m) => validationMessage(t, m));

  return (
    <>
      {companyChoice && (
        <Cell wide>
          {field('companyId', (p) => (
            <SelectInput<string>
              label={t('items.field.company')}
              {...p}
              // No blur: it comes as the menu opens, before anything could be chosen.
              onBlur={undefined}
              value={p.value ?? null}
              onChange={(v) => {
                p.onChange(v ?? undefined);
                if (v) onCompanyChange?.(v);
              }}
              required
              options={companyOptions}
              helperText={t('items.detail.companyHint')}
            />
          ))}
        </Cell>
      )}
      <Cell wide>
        {field('name', (p) => (
          <TextInput label={t('items.field.name')} {...p} required readOnly={readOnly} />
        ))}
      </Cell>
      <Cell wide>
        {field('description', (p) => (
          <TextInput label={t('items.field.description')} {...p} rows={3} readOnly={readOnly} textModules={{ boundId: itemId }} />
        ))}
      </Cell>
      <Cell>
        {field('status', (p) => (
          <SelectInput<number>
            label={t('items.field.status')}
            {...p}
            onBlur={undefined}
            onChange={(v) => p.onChange(v ?? 0)}
            required
            readOnly={readOnly}
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
        ))}
      </Cell>
      <Cell>
        {field('dueDate', (p) => (
          <DateInput
            label={t('items.field.dueDate')}
            {...p}
            readOnly={readOnly || ruled}
            helperText={ruled ? t(`items.detail.dueDateRuled.${type}`) : undefined}
          />
        ))}
      </Cell>
      {(['ownerId', 'assigneeId'] as const).map((key) => (
        <Cell key={key}>
          {field(key, (p) => (
            <PersonInput
              label={t(`items.field.${key === 'ownerId' ? 'owner' : 'assignee'}`)}
              {...p}
              readOnly={readOnly}
              known={people?.[key]}
              helperText={key === 'ownerId' && isNew && !readOnly ? t('items.detail.ownerHint') : undefined}
            />
          ))}
        </Cell>
      ))}
    </>
  );
}
