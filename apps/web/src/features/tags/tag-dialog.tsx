import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/api-error';
import { useSession } from '../../lib/session/session-store';
import { useCompanyOptions } from './api';

export interface PromptValues {
  name: string;
  description: string;
  companyId?: string;
}

interface TagDialogProps {
  title: string;
  initial: PromptValues | null;
  /** Text modules have only a name (a longer text). */
  withDescription: boolean;
  nameLabel: string;
  nameRows?: number;
  onSave: (values: PromptValues) => Promise<unknown>;
  onClose: () => void;
}

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  companyId: z.string().optional(),
});

const message = (t: (k: string | string[]) => string, m?: string) =>
  m ? (/^validation\.\w+$/.test(m) ? t([`items.${m}`, m, 'items.validation.invalid']) : m) : undefined;

/**
 * The prompt of the tag page (spec 001 §2 "click-to-edit through a prompt"): name and
 * description; a new entry without a single company in scope asks for its company. Field errors
 * (422) land on the fields, any other failure shows the server's message (spec 001 §8).
 */
export function TagDialog({ title, initial, withDescription, nameLabel, nameRows, onSave, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const ownCompany = useSession((s) => s.me?.companyId);
  const isNew = initial === null;
  const chooseCompany = isNew && (!scope || scope.type === 'Group');
  const companies = useCompanyOptions(chooseCompany);
  const options = (companies.data ?? []).filter(
    (c) => c.isActive && (!scope || c.id === scope.id || c.parentCompanyId === scope.id),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PromptValues>({
    resolver: zodResolver(schema) as unknown as Resolver<PromptValues>,
    defaultValues: initial ?? { name: '', description: '', companyId: chooseCompany ? (scope?.id ?? ownCompany) : undefined },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.status === 422 ? error.fields : undefined;
      const known = fields
        ? Object.entries(fields).filter(([k]) => k === 'name' || k === 'description' || k === 'companyId')
        : [];
      for (const [k, [m]] of known) form.setError(k as keyof PromptValues, { type: 'server', message: m });
      if (known.length === 0) setFailure(isApiError(error) ? error.message : t('common.unexpectedError'));
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: submit,
          noValidate: true,
          sx: { width: 640, maxWidth: 'calc(100% - 32px)', m: 2 },
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {chooseCompany && (
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <TextField
                  select
                  label={t('items.field.company')}
                  required
                  name={field.name}
                  value={options.some((c) => c.id === field.value) ? field.value : ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  inputRef={field.ref}
                  error={!!errors.companyId}
                  helperText={message(t, errors.companyId?.message)}
                >
                  {options.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <TextField
            label={nameLabel}
            required
            autoFocus
            multiline={nameRows !== undefined}
            minRows={nameRows}
            {...form.register('name')}
            error={!!errors.name}
            helperText={message(t, errors.name?.message)}
          />
          {withDescription && (
            <TextField
              label={t('tags.description')}
              multiline
              minRows={3}
              {...form.register('description')}
              error={!!errors.description}
              helperText={message(t, errors.description?.message)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('tags.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
