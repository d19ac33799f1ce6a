import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormFilledField } from '../../components/form/form-filled-field';
import { messageText } from '../../lib/messages';
import { PasswordCriteriaList } from './password-criteria-list';

export type NewPasswordValues = { password: string; passwordRepeated: string };

/**
 * Choosing a first or new password from a mailed link: the password, its repetition and the
 * criteria. The criteria list says what is missing; the fields only report the server's verdict
 * and a repetition that does not match.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  busy,
  autoFocus = false,
}: {
  form: UseFormReturn<T>;
  busy: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // The generic form narrows to the two fields this component draws.
  const f = form as unknown as UseFormReturn<NewPasswordValues>;
  const { errors } = f.formState;
  const password = f.watch('password');
  const repeated = f.watch('passwordRepeated');
  const mismatch = repeated.length > 0 && repeated !== password;
  const serverMessage = (field: keyof NewPasswordValues) => (key?: string) =>
    errors[field]?.type === 'server' ? messageText(t, key) : undefined;
  const shared = { password: true, form: f, required: true, disabled: busy };
  return (
    <>
      <FormFilledField
        {...shared}
        name="password"
        messageOf={serverMessage('password')}
        label={t('account.reset.password')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        alertHelperText
      />
      <FormFilledField
        {...shared}
        name="passwordRepeated"
        messageOf={serverMessage('passwordRepeated')}
        hint={mismatch ? t('account.messages.password.mismatch') : undefined}
        error={mismatch}
        label={t('account.reset.passwordRepeated')}
        autoComplete="new-password"
      />
      <PasswordCriteriaList password={password} repeated={repeated} />
    </>
  );
}
