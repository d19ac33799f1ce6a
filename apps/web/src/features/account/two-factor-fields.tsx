import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { PasswordField } from '../../components/form/password-field';
import { messageText } from '../../lib/messages';

interface FieldProps {
  field: UseFormRegisterReturn;
  /** The field's message key (schema or 422 answer). */
  error: string | undefined;
  busy: boolean;
}

/** The account password that proves it is the user who changes the second factor; it takes the focus. */
export function TwoFactorPasswordField({ field, error, busy }: FieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...field}
      label={t('account.twoFactor.password')}
      autoComplete="current-password"
      autoFocus
      required
      error={!!error}
      helperText={messageText(t, error)}
      alertHelperText
      disabled={busy}
    />
  );
}

/** A current six-digit code from the authenticator app. */
export function TwoFactorCodeField({ field, error, busy }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FilledTextField
      {...field}
      label={t('account.twoFactor.code')}
      autoComplete="one-time-code"
      inputProps={{ inputMode: 'numeric', maxLength: 6 }}
      required
      error={!!error}
      helperText={messageText(t, error)}
      alertHelperText
      disabled={busy}
    />
  );
}
