import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorDisableSchema } from '@pc/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { applyFieldErrors, errorText, messageText } from '../../lib/messages';
import { disableTwoFactor } from './api';
import { PasswordField } from './password-field';

interface TwoFactorDisableDialogProps {
  open: boolean;
  onClose: (disabled: boolean) => void;
}

/** Turning the second factor off takes the password and a current code from the app. */
export function TwoFactorDisableDialog({ open, onClose }: TwoFactorDisableDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await disableTwoFactor(values);
      onClose(true);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['password', 'code'])) setFailure(errorText(t, error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : () => onClose(false)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
        <DialogTitle id={titleId}>{t('account.twoFactor.disableTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('account.twoFactor.disableText')}</Typography>
            <PasswordField
              {...register('password')}
              label={t('account.twoFactor.password')}
              autoComplete="current-password"
              autoFocus
              required
              error={!!errors.password}
              helperText={messageText(t, errors.password?.message)}
              alertHelperText
              disabled={isSubmitting}
            />
            <FilledTextField
              {...register('code')}
              label={t('account.twoFactor.code')}
              autoComplete="one-time-code"
              inputProps={{ inputMode: 'numeric', maxLength: 6 }}
              required
              error={!!errors.code}
              helperText={messageText(t, errors.code?.message)}
              alertHelperText
              disabled={isSubmitting}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose(false)} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            {t('account.twoFactor.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
