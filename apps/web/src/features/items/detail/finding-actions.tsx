import AddModerator from '@mui/icons-material/AddModerator';
import AddTask from '@mui/icons-material/AddTask';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type Item, type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { DateInput, formFields, SelectInput, TextInput } from '../../../components/form-inputs';
import { isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { formSubmit } from '../../../lib/use-zod-form';
import { invalidateItems, saveItem } from '../api';
import { fieldLabel, optionLabel, validationMessage } from '../labels';
import {
  canWriteType,
  type FindingKind,
  type FindingValues,
  findingDefaults,
  findingField,
  validateFinding,
} from './linked-items';

const kinds: readonly FindingKind[] = ['issue', 'measure'];
const noClaims: readonly string[] = [];

/** Of `types`, those the user may create and link (Read and Write of that type). */
export function useWritableTypes<T extends ItemTypeKey>(types: readonly T[]): T[] {
  const claims = useSession((s) => s.me?.claims) ?? noClaims;
  return types.filter((k) => canWriteType(claims, k));
}

/** The kinds of item the user may create from an audit's findings. */
export const useFindingKinds = () => useWritableTypes(kinds);

/**
 * An audit's findings become issues or measures, linked to the audit as their parent.
 * A questionnaire answer (`text`) does the same for the audit or agreement it was sent for.
 */
export function FindingActions({
  audit,
  kinds: allowed,
  text,
  small,
}: {
  audit: Item;
  kinds: readonly FindingKind[];
  text?: string;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<FindingKind | null>(null);
  const size = small ? 'small' : 'medium';
  const variant = small ? 'text' : 'outlined';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {allowed.includes('issue') && (
        <Button size={size} variant={variant} startIcon={<AddTask />} onClick={() => setOpen('issue')}>
          {t('items.linked.finding.asIssue')}
        </Button>
      )}
      {allowed.includes('measure') && (
        <Button size={size} variant={variant} startIcon={<AddModerator />} onClick={() => setOpen('measure')}>
          {t('items.linked.finding.asMeasure')}
        </Button>
      )}
      {open && <FindingDialog key={open} kind={open} audit={audit} text={text} onClose={() => setOpen(null)} />}
    </Box>
  );
}

const measureCategories = (() => {
  const f = itemTypeDefs.measure.fields.find((x) => x.key === 'category');
  return f?.kind === 'select' ? f.values : [];
})();
const priorities = (() => {
  const f = itemTypeDefs.issue.fields.find((x) => x.key === 'priority');
  return f?.kind === 'select' ? f.values : [];
})();

function FindingDialog({ kind, audit, text, onClose }: { kind: FindingKind; audit: Item; text?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver: Resolver<FindingValues> = (values) => {
    const result = validateFinding(kind, values, audit);
    if (result.ok) return { values, errors: {} };
    const errors: FieldErrors<FindingValues> = {};
    for (const [key, message] of Object.entries(result.errors)) {
      // RHF types `root` as an error map and an error at once; a plain error is what it reads.
      if (key === '_') errors.root = { type: 'validation', message } as unknown as FieldErrors<FindingValues>['root'];
      else errors[key as keyof FindingValues] = { type: 'validation', message };
    }
    return { values: {}, errors };
  };
  const form = useForm<FindingValues>({ defaultValues: findingDefaults(audit, text), resolver, mode: 'onTouched' });
  const busy = form.formState.isSubmitting;

  useEffect(() => {
    // The dialog's focus trap settles first; then the name, the field most often edited.
    const timer = setTimeout(() => form.setFocus('name'), 0);
    return () => clearTimeout(timer);
  }, [form]);

  // Not useZodForm: the rules depend on the kind and the audit (validateFinding), not on one schema.
  const submit = formSubmit(
    form,
    {
      onSubmit: async (values) => {
        const result = validateFinding(kind, values, audit);
        if (!result.ok) return;
        const created = await saveItem(kind, null, result.body);
        invalidateItems(client, kind);
        notify(t('items.linked.finding.created', { number: created.number, parent: audit.number }), 'success');
        onClose();
      },
      fieldOf: findingField,
      onFailure: (error) => {
        // Messages for paths the dialog has no field for still need saying.
        if (!isApiError(error) || error.status !== 422 || !error.fields) {
          setFailure(errorText(t, error));
          return;
        }
        const other = Object.entries(error.fields)
          .filter(([path]) => !findingField(path))
          .map(([, messages]) => validationMessage(t, messages[0] ?? 'validation.invalid'));
        if (other.length) setFailure(other.join(' '));
      },
    },
    () => setFailure(null),
  );

  const field = formFields(form.control, (m) => validationMessage(t, m));
  const rootError = form.formState.errors.root?.message;

  return (
    <DialogFrame
      title={t(kind === 'issue' ? 'items.linked.finding.asIssue' : 'items.linked.finding.asMeasure')}
      description={t('items.linked.finding.hint', { parent: audit.number, company: audit.companyName })}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      width={560}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('items.linked.finding.creating') : t('items.linked.finding.create')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {(failure || rootError) && (
          <Alert severity="error" role="alert">
            {failure ?? validationMessage(t, rootError)}
          </Alert>
        )}
        {field('name', (p) => (
          <TextInput label={fieldLabel(t, kind, 'name')} {...p} required />
        ))}
        {kind === 'issue' && (
          <>
            {field('priority', (p) => (
              <SelectInput<string>
                label={fieldLabel(t, 'issue', 'priority')}
                {...p}
                required
                options={priorities.map((v) => ({ value: v, label: optionLabel(t, 'priority', v) }))}
              />
            ))}
            {field('dueDate', (p) => (
              <DateInput label={fieldLabel(t, 'issue', 'dueDate')} {...p} />
            ))}
          </>
        )}
        {kind === 'measure' &&
          field('category', (p) => (
            <SelectInput<string>
              label={fieldLabel(t, 'measure', 'category')}
              {...p}
              required
              options={measureCategories.map((v) => ({ value: v, label: optionLabel(t, 'measureCategory', v) }))}
            />
          ))}
      </Stack>
    </DialogFrame>
  );
}
