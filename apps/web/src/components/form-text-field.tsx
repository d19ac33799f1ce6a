import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error' | 'helperText'> & {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  name: Path<T>;
  /** A message key (schema or 422 answer) as text; each feature words its own keys. */
  messageOf: (key: string | undefined) => string | undefined;
  /** Under the field while it holds no error. */
  hint?: ReactNode;
};

/** A text field of a form: registered, and red with its message when invalid (else its hint). */
export function FormTextField<T extends FieldValues>({ form, name, messageOf, hint, ...props }: FormTextFieldProps<T>) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return <TextField {...props} {...form.register(name)} error={!!error} helperText={messageOf(error?.message) ?? hint} />;
}
