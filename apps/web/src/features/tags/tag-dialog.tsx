import Stack from '@mui/material/Stack';
import { tagInputSchema, textModuleInputSchema } from '@pc/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { SelectInput } from '../../components/form-inputs';
import { FormTextField } from '../../components/form-text-field';
import { useCompanyOptions } from '../../lib/company-options';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';

export interface PromptValues {
  name: string;
  description: string;
  companyId?: string;
}

interface TagDialogProps {
  title: string;
  /** The entry as loaded, with its version (null: a new one). */
  initial: (PromptValues & { version?: number }) | null;
  /** Text modules have only a name (a longer text). */
  withDescription: boolean;
  nameLabel: string;
  nameRows?: number;
  /** `ifMatch`: the version the change is based on; answers the saved entry. */
  onSave: (values: PromptValues, ifMatch?: number) => Promise<unknown>;
  onClose: () => void;
}

const message = (t: (k: string | string[]) => string, m?: string) =>
  m ? (/^validation\.\w+$/.test(m) ? t([`items.${m}`, m, 'items.validation.invalid']) : m) : undefined;

/**
 * The prompt of the tag page: name and
 * description; a new entry without a single company in scope asks for its company. Field errors
 * (422) land on the fields, any other failure shows the server's message.
 */
export function TagDialog({ title, initial, withDescription, nameLabel, nameRows, onSave, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const ownCompany = useSession((s) => s.me?.companyId);
  const isNew = initial === null;
  const chooseCompany = isNew && (!scope || scope.type === 'Group');
  const companies = useCompanyOptions(chooseCompany);
  const options = (companies.data ?? []).filter(
    (c) => c.isActive && (!scope || c.id === scope.id || c.parentCompanyId === scope.id),
  );
  // The API's own rules: a tag's name is short, a text module's is the text itself.
  const form = useZodForm<PromptValues>(withDescription ? tagInputSchema : textModuleInputSchema, {
    defaultValues: initial ?? { name: '', description: '', companyId: chooseCompany ? (scope?.id ?? ownCompany) : undefined },
    onSubmit: async (values, { ifMatch }) => {
      const saved = await onSave(values, ifMatch);
      onClose();
      return saved;
    },
    versioning: {
      record: initial,
      valuesOf: (r: { name: string; description?: string }) => ({ name: r.name, description: r.description ?? '' }),
      labelOf: (path) => (path === 'description' ? t('tags.description') : nameLabel),
    },
  });
  const { errors } = form.formState;
  const messageOf = (key?: string) => message(t, key);
  const fieldProps = { form, messageOf };

  return (
    <DialogFrame title={title} onClose={onClose} form={form} submitLabel={t('tags.save')}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {chooseCompany && (
          <Controller
            control={form.control}
            name="companyId"
            render={({ field }) => (
              <SelectInput
                label={t('items.field.company')}
                required
                name={field.name}
                value={options.some((c) => c.id === field.value) ? (field.value ?? null) : null}
                onChange={field.onChange}
                inputRef={field.ref}
                error={messageOf(errors.companyId?.message)}
                options={options.map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
          />
        )}
        <FormTextField
          {...fieldProps}
          name="name"
          label={nameLabel}
          required
          autoFocus
          multiline={nameRows !== undefined}
          minRows={nameRows}
        />
        {withDescription && (
          <FormTextField {...fieldProps} name="description" label={t('tags.description')} multiline minRows={3} />
        )}
      </Stack>
    </DialogFrame>
  );
}
