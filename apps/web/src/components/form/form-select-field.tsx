import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';

type FormSelectFieldProps<T extends FieldValues, N extends Path<T>> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'select' | 'helperText' | 'error' | 'children'
> & {
  form: { control: Control<T> };
  name: N;
  /** A message key (schema or 422 answer) as text; without it the field shows no message of its own. */
  messageOf?: (key: string | undefined) => string | undefined;
  /** Under the field while it holds no message. */
  hint?: ReactNode;
  /** Red even without a message of the field (a failure the form shows in the hint). */
  error?: boolean;
  /** The value as the select holds it (default: itself). */
  shown?: (value: PathValue<T, N>) => unknown;
  /** The chosen option's value as the form keeps it (default: itself). */
  chosen?: (value: string) => PathValue<T, N>;
  options: readonly { value: string; label: ReactNode; disabled?: boolean }[];
  /** After the choice is taken (a record's company clears its project). */
  onPicked?: () => void;
};

/** A select of a form: bound to its field, red with its message when invalid (else its hint). */
export function FormSelectField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  messageOf,
  hint,
  error,
  shown,
  chosen,
  options,
  onPicked,
  ...props
}: FormSelectFieldProps<T, N>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const message = messageOf?.(fieldState.error?.message);
        return (
          <TextField
            select
            {...props}
            name={field.name}
            value={shown ? shown(field.value) : field.value}
            onChange={(e) => {
              field.onChange(chosen ? chosen(e.target.value) : e.target.value);
              onPicked?.();
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!message || !!error}
            helperText={message ?? hint}
          >
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
