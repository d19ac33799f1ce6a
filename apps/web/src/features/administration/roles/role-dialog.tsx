import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Role, roleInputSchema } from '@pc/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormTextField } from '../../../components/form-text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import type { RoleInput } from './api';
import { ClaimChecklist, ClaimSummary } from './claim-checklist';
import { notGrantable, sortClaims } from './claim-groups';

interface RoleDialogProps {
  /** null: a new role. A built-in role is shown read-only. */
  role: Role | null;
  title: string;
  held: ReadonlySet<string>;
  /** `ifMatch`: the version of the role the change is based on. */
  onSave: (values: RoleInput, ifMatch?: number) => Promise<unknown>;
  onClose: () => void;
}

const WIDTH = 820;

/** Create or edit a custom role from claims; a role the caller may not change (every built-in one) opens read-only. */
export function RoleDialog({ role, title, held, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  // The server's rights decide (built-in roles never change); a new role is editable.
  if (role !== null && !role.rights.write) {
    return (
      <DialogFrame
        title={title}
        onClose={onClose}
        width={WIDTH}
        // Long claim lists scroll; with nothing focusable inside, the region itself takes focus.
        contentProps={{ tabIndex: 0 }}
        actions={
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        }
      >
        {role.builtIn && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('rolesAdmin.builtInHint')}
          </Typography>
        )}
        <ClaimSummary claims={role.claims} />
      </DialogFrame>
    );
  }
  return <RoleForm role={role} title={title} held={held} onSave={onSave} onClose={onClose} />;
}

function RoleForm({ role, title, held, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm<RoleInput>(roleInputSchema, {
    defaultValues: { name: role?.name ?? '', claims: sortClaims(role?.claims ?? []) },
    onSubmit: async ({ name, claims }, { ifMatch }) => {
      const saved = await onSave({ name, claims }, ifMatch);
      onClose();
      return saved;
    },
    versioning: {
      record: role,
      valuesOf: (r: Role) => ({ name: r.name, claims: sortClaims(r.claims) }),
      labelOf: (path) => t(path === 'claims' ? 'rolesAdmin.field.claims' : 'rolesAdmin.field.name'),
    },
  });
  const { errors } = form.formState;
  const claims = form.watch('claims');
  const missing = notGrantable(claims, held);
  const message = (key?: string) => (key ? t([`rolesAdmin.${key}`, `items.${key}`, 'items.validation.invalid']) : undefined);

  return (
    <DialogFrame title={title} onClose={onClose} form={form} width={WIDTH}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField form={form} name="name" messageOf={message} label={t('rolesAdmin.field.name')} required autoFocus />
        <Typography variant="body2" color="text.secondary">
          {t('rolesAdmin.claimsHint', { count: claims.length })}
        </Typography>
        {missing.length > 0 && <Alert severity="warning">{t('rolesAdmin.notHeld', { claims: missing.join(', ') })}</Alert>}
        {errors.claims && (
          <Alert severity="error" role="alert">
            {message(errors.claims.message)}
          </Alert>
        )}
        <div>
          <Controller
            control={form.control}
            name="claims"
            render={({ field }) => (
              <ClaimChecklist value={field.value} onChange={field.onChange} held={held} disabled={form.busy} />
            )}
          />
        </div>
      </Stack>
    </DialogFrame>
  );
}
