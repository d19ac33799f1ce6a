import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormFilledField } from '../../components/form/form-filled-field';
import { messageText } from '../../lib/messages';
import type { ZodForm } from '../../lib/use-zod-form';

type Password = { password: string };
type Code = { code: string };

/** What both fields take from their form: required, the message announced, waiting while it submits. */
const shared = <T extends Password | Code>(form: ZodForm<T>, t: TFunction) => ({
  form,
  messageOf: (key?: string) => messageText(t, key),
  required: true,
  alertHelperText: true,
  disabled: form.busy,
});

/** The account password that proves it is the user who changes the second factor; it takes the focus. */
export function TwoFactorPasswordField<T extends Password>({ form }: { form: ZodForm<T> }) {
  const { t } = useTranslation();
  // The forms hold the field under the same name; react-hook-form types paths per form.
  const f = form as unknown as ZodForm<Password>;
  return (
    <FormFilledField
      {...shared(f, t)}
      password
      name="password"
      label={t('account.twoFactor.password')}
      autoComplete="current-password"
      autoFocus
    />
  );
}

/** A current six-digit code from the authenticator app. */
export function TwoFactorCodeField<T extends Code>({ form }: { form: ZodForm<T> }) {
  const { t } = useTranslation();
  const f = form as unknown as ZodForm<Code>;
  return (
    <FormFilledField
      {...shared(f, t)}
      name="code"
      label={t('account.twoFactor.code')}
      autoComplete="one-time-code"
      inputProps={{ inputMode: 'numeric', maxLength: 6 }}
    />
  );
}
