import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Item, type ItemTypeKey, itemFindings, itemInputSchema, itemStatuses, itemTypeDefs } from '@pc/shared';
import { useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Cell, FormGrid } from '../../../components/form-inputs';
import { isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useZodForm } from '../../../lib/use-zod-form';
import { fieldLabel, findField, formatFieldValue, typeSingular, validationMessage } from '../labels';
import { CoreFields } from './core-fields';
import { FieldInput, isWide } from './field-input';
import { formValuesOf, type ItemFormValues, isFormField, splitServerErrors } from './form-values';
import { hasTypeExtras, TypeExtras } from './type-extras';

interface ItemFormProps {
  type: ItemTypeKey;
  item: Item | null;
  canWrite: boolean;
  /** `ifMatch`: the version the change is based on (an update of a stored item). */
  save: (values: ItemFormValues, ifMatch?: number) => Promise<Item>;
  onSaved: (item: Item, created: boolean) => void;
  onCancel: () => void;
}

/** The generic form of every type: core fields, then the type's declared fields. */
export function ItemForm({ type, item, canWrite, save, onSaved, onCancel }: ItemFormProps) {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const scope = me?.scopeCompany ?? null;
  const isNew = item === null;
  // A new item goes to the scope's company; without a single company in scope the user picks one.
  const companyChoice = isNew && (!scope || scope.type === 'Group') ? { scopeId: scope?.id ?? null } : null;
  const initialCompany = isNew ? (scope?.id ?? me?.companyId) : undefined;
  const [otherErrors, setOtherErrors] = useState<[string, string][]>([]);
  const schema = useMemo(() => itemInputSchema(type), [type]);
  const serverFields = { hasCompany: companyChoice !== null };
  const form = useZodForm<ItemFormValues>(schema, {
    defaultValues: formValuesOf(type, item, initialCompany),
    mode: 'onTouched',
    onSubmit: async (values, { ifMatch }) => {
      setOtherErrors([]);
      const saved = await save(isNew ? values : { ...values, companyId: undefined }, ifMatch);
      if (!isNew) form.reset(formValuesOf(type, saved));
      onSaved(saved, isNew);
      return saved;
    },
    versioning: {
      record: item,
      valuesOf: (current: Item) => formValuesOf(type, current),
      labelOf: (path) =>
        path.startsWith('data.')
          ? fieldLabel(t, type, path.slice(5))
          : t(`items.field.${path === 'ownerId' ? 'owner' : path === 'assigneeId' ? 'assignee' : path}`),
      displayOf: (path, value) => conflictText(path, value),
    },
    fieldOf: (path) => (isFormField(type, path, serverFields) ? (path as Path<ItemFormValues>) : undefined),
    // Messages for paths without a field are listed above the buttons, each with its path.
    onFailure: (error, onFields) => {
      const other =
        isApiError(error) && error.status === 422 ? splitServerErrors(type, error.fields ?? {}, serverFields).other : [];
      setOtherErrors(other);
      if (!onFields && other.length === 0) notify(errorText(t, error), 'error');
    },
  });
  // A value in the conflict dialog as the form shows it: option and status names, people by name.
  const conflictText = (path: string, value: unknown): string => {
    const field = path.startsWith('data.') ? findField(type, path.slice(5)) : undefined;
    let text = '';
    if (field) text = formatFieldValue(t, field, value, item ?? undefined);
    else if (path === 'status') {
      const status = itemStatuses.find((s) => s.code === value);
      text = status ? t(`status.${status.name}`) : '';
    } else if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) {
      const person = [item?.owner, item?.assignee].find((p) => p?.id === value);
      text = person?.name ?? t('conflict.selection');
    } else if (value !== null && value !== undefined) text = String(value);
    return text === '' ? '—' : text;
  };
  const readOnly = !canWrite;
  const unsaved = useUnsavedChanges(canWrite && form.formState.isDirty && !form.busy);
  const chosenCompany = form.watch('companyId');
  const companyId = item?.companyId ?? chosenCompany ?? initialCompany ?? '';
  const fields = itemTypeDefs[type].fields;
  // The completeness check of the register, on the values as they are being edited.
  const findings = itemFindings(type, (form.watch('data') ?? {}) as Record<string, unknown>);

  // References belong to one company: choosing another one drops tags and links picked so far.
  const onCompanyChange = () => {
    for (const f of fields) if (f.kind === 'tags' || f.kind === 'links') form.setValue(`data.${f.key}`, []);
  };

  const ctx = { type, control: form.control, readOnly, companyId, knownTags: item?.tags ?? [], itemId: item?.id ?? null };

  return (
    <Box component="form" noValidate onSubmit={form.submit} aria-label={typeSingular(t, type)}>
      <Stack spacing={2.5}>
        {readOnly && <Alert severity="info">{t('items.detail.readOnly')}</Alert>}
        {hasTypeExtras(type) && <TypeExtras type={type} control={form.control} />}
        <Card component="section" aria-labelledby="item-core-title">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="item-core-title" variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('items.detail.general')}
            </Typography>
            <FormGrid>
              <CoreFields
                type={type}
                control={form.control}
                readOnly={readOnly}
                isNew={isNew}
                companyChoice={companyChoice}
                onCompanyChange={onCompanyChange}
                itemId={item?.id ?? null}
                people={item ? { ownerId: item.owner, assigneeId: item.assignee } : undefined}
              />
            </FormGrid>
          </CardContent>
        </Card>
        {fields.length > 0 && (
          <Card component="section" aria-labelledby="item-data-title">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="item-data-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('items.detail.typeData', { type: typeSingular(t, type) })}
              </Typography>
              {findings.map((f) => (
                <Alert key={f} severity="warning" sx={{ mb: 2 }} data-finding={f}>
                  {t(`items.finding.${f}`)}
                </Alert>
              ))}
              <FormGrid>
                {fields.map((f) => (
                  <Cell key={f.key} wide={isWide(f)}>
                    <FieldInput field={f} name={`data.${f.key}`} label={fieldLabel(t, type, f.key)} ctx={ctx} />
                  </Cell>
                ))}
              </FormGrid>
            </CardContent>
          </Card>
        )}
        {otherErrors.length > 0 && (
          <Alert severity="error" role="alert">
            {otherErrors.map(([path, message]) => (
              <div key={path}>
                {path === '_' ? '' : `${path}: `}
                {validationMessage(t, message)}
              </div>
            ))}
          </Alert>
        )}
        {canWrite && (
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              py: 1.5,
              display: 'flex',
              gap: 1,
              justifyContent: 'flex-end',
              bgcolor: 'background.default',
              borderTop: '1px solid',
              borderColor: 'divider',
            }}
          >
            <Button
              onClick={() => {
                unsaved.discard();
                onCancel();
              }}
              disabled={form.busy}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<Save />} disabled={form.busy}>
              {form.busy ? t('items.detail.saving') : t('items.detail.save')}
            </Button>
          </Box>
        )}
      </Stack>
      {unsaved.prompt}
    </Box>
  );
}
