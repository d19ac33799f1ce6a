import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorDisableSchema } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { FilledTextField } from '../../components/filled-text-field';
import { messageText } from '../../lib/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { disableTwoFactor } from './api';
import { PasswordField } from './password-field';

interface TwoFactorDisableDialogProps {
  open: boolean;
  onClose: (disabled: boolean) => void;
}

/** Turning the second factor off takes the password and a current code from the app. */
export function TwoFactorDisableDialog({ open, onClose }: TwoFactorDisableDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm(twoFactorDisableSchema, {
    defaultValues: { password: '', code: '' },
    onSubmit: async (values) => {
      await disableTwoFactor(values);
      onClose(true);
    },
  });
  const { errors } = form.formState;

  return (
    <DialogFrame
      open={open}
      title={t('account.twoFactor.disableTitle')}
      onClose={() => onClose(false)}
      form={form}
      submitLabel={t('account.twoFactor.disable')}
      submitColor="error"
      width={444}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('account.twoFactor.disableText')}</Typography>
        <PasswordField
          {...form.register('password')}
          label={t('account.twoFactor.password')}
          autoComplete="current-password"
          autoFocus
          required
          error={!!errors.password}
          helperText={messageText(t, errors.password?.message)}
          alertHelperText
          disabled={form.busy}
        />
        <FilledTextField
          {...form.register('code')}
          label={t('account.twoFactor.code')}
          autoComplete="one-time-code"
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          required
          error={!!errors.code}
          helperText={messageText(t, errors.code?.message)}
          alertHelperText
          disabled={form.busy}
        />
      </Stack>
    </DialogFrame>
  );
}
