import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ForgotPassword, forgotPasswordSchema } from '@pc/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { isApiError, isUnavailableStatus } from '../../lib/api/api-error';
import { notify } from '../../lib/notify';
import { requestPasswordReset } from './api';

/** Spec 000 §2: 400 px dialog, e-mail field, Cancel and OK; OK disabled while invalid or busy. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Plain state instead of a query mutation: the login screen ships without TanStack Query.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<ForgotPassword>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      await requestPasswordReset(values);
      onClose();
      // Spec 000 §4: success closes the dialog and shows a snackbar for 3 seconds.
      notify(t('forgotPassword.success'), 'success', 3000);
    } catch (error) {
      // Spec 000 §8: on failure busy ends; the server's message says why.
      setFailure(error);
      setBusy(false);
    }
  });

  const serverError = failure
    ? isApiError(failure) && !isUnavailableStatus(failure.status)
      ? failure.message
      : t('login.error.api_unavailable')
    : null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{t('forgotPassword.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('forgotPassword.text')}</DialogContentText>
          <FilledTextField
            {...register('email')}
            label={t('forgotPassword.email')}
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={!!errors.email}
            helperText={errors.email?.message ? t(errors.email.message) : undefined}
            disabled={busy}
          />
          {serverError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || busy} loading={busy}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
