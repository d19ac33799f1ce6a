import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Role, roleInputSchema } from '@pc/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import type { RoleInput } from './api';
import { ClaimChecklist, ClaimSummary } from './claim-checklist';
import { notGrantable, sortClaims } from './claim-groups';

interface RoleDialogProps {
  /** null: a new role. A built-in role is shown read-only. */
  role: Role | null;
  title: string;
  held: ReadonlySet<string>;
  onSave: (values: RoleInput) => Promise<unknown>;
  onClose: () => void;
}

const paperSx = { width: 820, maxWidth: 'calc(100% - 32px)', m: 2 };

/** Create or edit a custom role from claims; a role the caller may not change (every built-in one) opens read-only. */
export function RoleDialog({ role, title, held, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(role?.name ?? '');
  const [claims, setClaims] = useState<string[]>(sortClaims(role?.claims ?? []));
  const [nameError, setNameError] = useState<string | null>(null);
  const [claimsError, setClaimsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's rights decide (built-in roles never change); a new role is editable.
  const readOnly = role !== null && !role.rights.write;
  const missing = notGrantable(claims, held);
  const message = (key: string) => t([`rolesAdmin.${key}`, `items.${key}`, 'items.validation.invalid']);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setClaimsError(null);
    const parsed = roleInputSchema.safeParse({ name, claims });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'name');
      setNameError(issue ? message(issue.message) : null);
      if (!issue) setFailure(t('common.unexpectedError'));
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      await onSave({ name: parsed.data.name, claims: parsed.data.claims });
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.status === 422 ? error.fields : undefined;
      if (fields?.name?.[0]) setNameError(message(fields.name[0]));
      if (fields?.claims?.[0]) setClaimsError(message(fields.claims[0]));
      if (!fields?.name && !fields?.claims) setFailure(isApiError(error) ? error.message : t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };

  if (readOnly) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { sx: paperSx } }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {/* Long claim lists scroll; with nothing focusable inside, the region itself takes focus. */}
        <DialogContent tabIndex={0}>
          {role.builtIn && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('rolesAdmin.builtInHint')}
            </Typography>
          )}
          <ClaimSummary claims={role.claims} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, sx: paperSx } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField
            label={t('rolesAdmin.field.name')}
            required
            autoFocus
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            error={!!nameError}
            helperText={nameError}
          />
          <Typography variant="body2" color="text.secondary">
            {t('rolesAdmin.claimsHint', { count: claims.length })}
          </Typography>
          {missing.length > 0 && <Alert severity="warning">{t('rolesAdmin.notHeld', { claims: missing.join(', ') })}</Alert>}
          {claimsError && (
            <Alert severity="error" role="alert">
              {claimsError}
            </Alert>
          )}
          <div>
            <ClaimChecklist value={claims} onChange={setClaims} held={held} disabled={busy} />
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
