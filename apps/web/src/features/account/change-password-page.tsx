import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangePassword, changePasswordSchema } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFilledField } from '../../components/form/form-filled-field';
import { IconTile } from '../../components/icon-tile';
import { PageHeader } from '../../components/page-header';
import { messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { changePassword } from './api';
import { PasswordCriteriaList } from './password-criteria-list';

/**
 * /change-password: the shell is locked while here. Success shows a message and
 * logs out; cancel logs out too; failure shows changePassword.snackbar.error.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const expired = useSession((s) => s.lock === 'PasswordExpired');
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm<ChangePassword>(changePasswordSchema, {
    // Errors appear after the first submit: a blur error shifting the layout must not eat the Cancel click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { existingPassword: '', newPassword: '', newPasswordRepeated: '' },
    onSubmit: async (values) => {
      await changePassword(values);
      notify(t('account.changePassword.success'), 'success');
      await signOut();
    },
    onFailure: () => notify(t('changePassword.snackbar.error'), 'error'),
  });
  const { watch } = form;
  const newPassword = watch('newPassword');
  const repeated = watch('newPasswordRepeated');
  const busy = form.busy || leaving;

  const signOut = async () => {
    setLeaving(true);
    await logout();
    queryClient.clear();
    await navigate({ href: '/login', replace: true });
  };

  const mismatch = repeated.length > 0 && repeated !== newPassword;
  const message = (key?: string) => messageText(t, key);
  const passwordProps = { password: true, form, messageOf: message, required: true, alertHelperText: true, disabled: busy };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.change-password')} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <form onSubmit={form.submit} noValidate aria-busy={busy}>
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <IconTile>
                  <LockReset aria-hidden />
                </IconTile>
                <Typography color="text.secondary">
                  {t(expired ? 'account.changePassword.expiredText' : 'account.changePassword.text')}
                </Typography>
              </Stack>
              {expired && <Alert severity="warning">{t('account.changePassword.expired')}</Alert>}
              <FormFilledField
                {...passwordProps}
                name="existingPassword"
                label={t('account.changePassword.existing')}
                autoComplete="current-password"
                autoFocus
              />
              <FormFilledField
                {...passwordProps}
                name="newPassword"
                label={t('account.changePassword.new')}
                autoComplete="new-password"
              />
              <FormFilledField
                {...passwordProps}
                name="newPasswordRepeated"
                hint={mismatch ? t('account.messages.password.mismatch') : undefined}
                error={mismatch}
                label={t('account.changePassword.repeated')}
                autoComplete="new-password"
              />
              <PasswordCriteriaList password={newPassword} repeated={repeated} />
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                <Button variant="outlined" onClick={() => void signOut()} disabled={busy}>
                  {t('account.changePassword.cancel')}
                </Button>
                <Button type="submit" variant="contained" loading={form.busy} disabled={leaving}>
                  {t('account.changePassword.submit')}
                </Button>
              </Stack>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
