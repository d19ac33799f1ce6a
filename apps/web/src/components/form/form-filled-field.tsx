import type { ReactNode } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { FilledTextField, type FilledTextFieldProps } from '../filled-text-field';
import { PasswordField } from './password-field';

type FormFilledFieldProps<T extends FieldValues> = Omit<FilledTextFieldProps, 'name' | 'error' | 'helperText'> & {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  name: Path<T>;
  /** A message key (schema or 422 answer) as text; undefined shows none. */
  messageOf: (key: string | undefined) => string | undefined;
  /** Under the field while it shows no message. */
  hint?: ReactNode;
  /** Red even without a message of its own (a repetition that does not match). */
  error?: boolean;
  /** A password, with the show/hide toggle. */
  password?: boolean;
};

/**
 * A filled text field of a form (the account and login screens): registered, and red with its
 * message when invalid (else its hint).
 */
export function FormFilledField<T extends FieldValues>({
  form,
  name,
  messageOf,
  hint,
  error,
  password,
  ...props
}: FormFilledFieldProps<T>) {
  const message = messageOf((get(form.formState.errors, name) as { message?: string } | undefined)?.message);
  const Field = password ? PasswordField : FilledTextField;
  return <Field {...props} {...form.register(name)} error={!!message || !!error} helperText={message ?? hint} />;
}
