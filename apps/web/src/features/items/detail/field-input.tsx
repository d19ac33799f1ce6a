import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FieldDef, ItemTypeKey } from '@pc/shared';
import { type Control, Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  bound,
  Cell,
  DateInput,
  DateTimeInput,
  FormGrid,
  MultiSelectInput,
  NumberInput,
  SelectInput,
  SwitchInput,
  TextInput,
} from '../../../components/form-inputs';
import { optionLabel, subFieldLabel, validationMessage } from '../labels';
import { emptyRow, type ItemFormValues } from './form-values';
import { LinksInput, TagsInput } from './reference-inputs';

interface FieldContext {
  type: ItemTypeKey;
  control: Control<ItemFormValues>;
  readOnly: boolean;
  companyId: string;
  knownTags: readonly { id: string; name: string }[];
  /** The item's id, null while new: the text-module select's read-only rule needs it. */
  itemId: string | null;
}

/** Fields that need the full width of the form. */
export const isWide = (f: FieldDef) =>
  f.kind === 'textarea' || f.kind === 'list' || f.kind === 'tags' || f.kind === 'links' || f.kind === 'multiselect';

/** A small integer scale (likelihood 1–4): a select, with step names where the catalog has them. */
const isScale = (f: FieldDef) =>
  f.kind === 'number' && f.integer === true && f.min !== undefined && f.max !== undefined && f.max - f.min <= 10;

/** One field of a type's declaration, bound to the form at `name` (e.g. `data.purposes`, `data.risks.0.severity`). */
export function FieldInput({ field: f, name, label, ctx }: { field: FieldDef; name: string; label: string; ctx: FieldContext }) {
  const { t, i18n } = useTranslation();
  if (f.kind === 'list') return <ListField field={f} name={name} label={label} ctx={ctx} />;
  const required = 'required' in f && f.required === true;
  return (
    <Controller
      control={ctx.control}
      name={name as `data.${string}`}
      render={({ field, fieldState }) => {
        const common = {
          label,
          ...bound(field),
          value: field.value as never,
          error: fieldState.error ? validationMessage(t, fieldState.error.message) : undefined,
          required,
          readOnly: ctx.readOnly,
        };
        const choices = () =>
          f.kind === 'select' || f.kind === 'multiselect'
            ? f.values.map((v) => ({ value: v, label: optionLabel(t, f.options, v) }))
            : [];
        switch (f.kind) {
          case 'text':
            return <TextInput {...common} />;
          case 'textarea':
            return <TextInput {...common} rows={f.rows ?? 3} textModules={{ boundId: ctx.itemId }} />;
          case 'date':
            return <DateInput {...common} />;
          case 'datetime':
            return <DateTimeInput {...common} />;
          case 'number':
            if (isScale(f) && f.kind === 'number') {
              const steps = Array.from({ length: f.max! - f.min! + 1 }, (_, i) => f.min! + i);
              return (
                <SelectInput<number>
                  {...common}
                  options={steps.map((n) => {
                    const key = `items.scale.${f.key}.${n}`;
                    return { value: n, label: i18n.exists(key) ? `${n} – ${t(key)}` : String(n) };
                  })}
                />
              );
            }
            return <NumberInput {...common} />;
          case 'boolean':
            return <SwitchInput {...common} />;
          case 'select':
            return <SelectInput<string> {...common} options={choices()} />;
          case 'multiselect':
            return <MultiSelectInput {...common} options={choices()} />;
          case 'tags':
            return <TagsInput {...common} tagType={f.tagType} companyId={ctx.companyId} known={ctx.knownTags} />;
          case 'links':
            return <LinksInput {...common} itemType={f.itemType} companyId={ctx.companyId} max={f.max} />;
        }
      }}
    />
  );
}

/** A repeatable group (risks, participants, sections) with add and remove. */
function ListField({
  field: f,
  name,
  label,
  ctx,
}: {
  field: Extract<FieldDef, { kind: 'list' }>;
  name: string;
  label: string;
  ctx: FieldContext;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: ctx.control, name: name as `data.${string}` as never });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack spacing={1.5}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('items.rows.noEntries')}
          </Typography>
        )}
        {fields.map((row, index) => (
          <Paper
            key={row.id}
            variant="outlined"
            role="group"
            aria-label={t('items.rows.entry', { label, n: index + 1 })}
            sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ pt: 2, minWidth: 20 }} aria-hidden>
              {index + 1}.
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FormGrid>
                {f.of.map((sub) => (
                  <Cell key={sub.key} wide={isWide(sub) || (sub.kind === 'text' && f.of.length % 2 === 1 && sub === f.of[0])}>
                    <FieldInput
                      field={sub}
                      name={`${name}.${index}.${sub.key}`}
                      label={subFieldLabel(t, f.key, sub.key)}
                      ctx={ctx}
                    />
                  </Cell>
                ))}
              </FormGrid>
            </Box>
            {!ctx.readOnly && (
              <Tooltip title={t('items.rows.removeEntry', { n: index + 1 })}>
                <IconButton
                  aria-label={t('items.rows.removeEntry', { n: index + 1 })}
                  onClick={() => remove(index)}
                  sx={{ mt: 1 }}
                >
                  <Delete />
                </IconButton>
              </Tooltip>
            )}
          </Paper>
        ))}
      </Stack>
      {!ctx.readOnly && (
        <Button startIcon={<Add />} onClick={() => append(emptyRow(f.of) as never)} sx={{ mt: 1 }}>
          {t('items.rows.addEntry', { label: subFieldLabel(t, f.key, '_entry') })}
        </Button>
      )}
    </Box>
  );
}
