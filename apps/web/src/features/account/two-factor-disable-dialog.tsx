import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorDisableSchema } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { useZodForm } from '../../lib/use-zod-form';
import { disableTwoFactor } from './api';
import { TwoFactorCodeField, TwoFactorPasswordField } from './two-factor-fields';

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
        <TwoFactorPasswordField form={form} />
        <TwoFactorCodeField form={form} />
      </Stack>
    </DialogFrame>
  );
}
