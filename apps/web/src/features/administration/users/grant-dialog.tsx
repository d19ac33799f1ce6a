import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AdminUser, GrantableRole } from '@pc/shared';
import { type BaseSyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { fullName } from './user-logic';

interface Props {
  user: AdminUser & { external: NonNullable<AdminUser['external']> };
  roles: GrantableRole[];
  roleName: (role: GrantableRole) => string;
  onSave: (companyId: string, roleIds: string[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The roles a person of another tenant holds in one of the caller's companies. Saving also
 * resumes a grant their home tenant's password or second-factor reset suspended.
 */
export function GrantDialog({ user, roles, roleName, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const grants = user.external.grants;
  const [companyId, setCompanyId] = useState(grants[0]!.companyId);
  const grant = grants.find((g) => g.companyId === companyId) ?? grants[0]!;
  const [roleIds, setRoleIds] = useState<string[]>(grant.roleIds);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const pick = (id: string) => {
    setCompanyId(id);
    setRoleIds(grants.find((g) => g.companyId === id)?.roleIds ?? []);
  };
  const toggle = (id: string, on: boolean) => setRoleIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onSave(companyId, roleIds);
      onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={t('usersAdmin.grant.title', { name: fullName(user) })}
      description={t('usersAdmin.grant.text', { company: user.external.homeCompanyName })}
      onClose={onClose}
      width={560}
      form={{ submit, busy, canSubmit: roleIds.length > 0, failure }}
      submitLabel={grant.suspendedAt ? t('usersAdmin.grant.resume') : t('common.save')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {grant.suspendedAt && (
          <Alert severity="warning">{t(`usersAdmin.grant.suspended.${grant.suspendedReason ?? 'passwordLink'}`)}</Alert>
        )}
        {grants.length > 1 && (
          <TextField
            select
            label={t('usersAdmin.grant.company')}
            value={companyId}
            onChange={(e) => pick(e.target.value)}
            disabled={busy}
          >
            {grants.map((g) => (
              <MenuItem key={g.companyId} value={g.companyId}>
                {g.companyName}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormGroup role="group" aria-labelledby={labelId}>
          <FormLabel id={labelId}>{t('usersAdmin.grant.roles', { company: grant.companyName })}</FormLabel>
          {roles.map((r) => (
            <FormControlLabel
              key={r.id}
              control={
                <Checkbox checked={roleIds.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} disabled={busy} />
              }
              label={roleName(r)}
            />
          ))}
          {roleIds.length === 0 && <FormHelperText error>{t('usersAdmin.validation.roleRequired')}</FormHelperText>}
        </FormGroup>
      </Stack>
    </DialogFrame>
  );
}
