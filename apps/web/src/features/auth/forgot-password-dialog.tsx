import Alert from '@mui/material/Alert';
import { type ForgotPassword, forgotPasswordSchema } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { FormFilledField } from '../../components/form/form-filled-field';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { requestPasswordReset } from './api';

/** A 400 px dialog: e-mail field, Cancel and OK; OK disabled while invalid or busy. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm<ForgotPassword>(forgotPasswordSchema, {
    mode: 'onChange',
    defaultValues: { email: '' },
    disableUntilValid: true,
    onSubmit: async (values) => {
      await requestPasswordReset(values);
      onClose();
      // Success closes the dialog and shows a snackbar for 3 seconds.
      notify(t('forgotPassword.success'), 'success');
    },
  });
  // On failure busy ends; the server's message says why.
  const serverError = form.failure ? errorText(t, form.failure) : null;

  return (
    <DialogFrame
      open={open}
      title={t('forgotPassword.title')}
      description={t('forgotPassword.text')}
      onClose={onClose}
      form={form}
      width={400}
      submitLabel={t('common.ok')}
      showFailure={false}
    >
      <FormFilledField
        form={form}
        name="email"
        messageOf={(key) => (key ? t(key) : undefined)}
        label={t('forgotPassword.email')}
        type="email"
        autoComplete="email"
        autoFocus
        required
        disabled={form.busy}
      />
      {serverError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverError}
        </Alert>
      )}
    </DialogFrame>
  );
}
