import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface FormCompaniesFieldProps<T extends FieldValues> {
  form: { control: Control<T> };
  /** A field holding a list of company ids. */
  name: Path<T>;
  label: string;
  companies: readonly { id: string; name: string }[];
  /** A message key (schema or 422 answer) as text. */
  messageOf: (key: string | undefined) => string | undefined;
  /** Under the field while it holds no message. */
  hint?: ReactNode;
  /** A company neither offered nor shown (the user's home company, which they always have). */
  leftOut?: string | null;
  /** Chosen companies leave the list of options. */
  filterSelectedOptions?: boolean;
  noOptionsText?: ReactNode;
  variant?: 'filled' | 'outlined';
  disabled?: boolean;
}

/** Several companies of a form, chosen by name and kept as their ids. */
export function FormCompaniesField<T extends FieldValues>({
  form,
  name,
  label,
  companies,
  messageOf,
  hint,
  leftOut,
  filterSelectedOptions,
  noOptionsText,
  variant,
  disabled,
}: FormCompaniesFieldProps<T>) {
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const message = messageOf(fieldState.error?.message);
        return (
          <Autocomplete
            multiple
            options={companies.filter((c) => c.id !== leftOut).map((c) => c.id)}
            value={(field.value as string[]).filter((id) => id !== leftOut)}
            onChange={(_e, value) => field.onChange(value)}
            getOptionLabel={(id) => names.get(id) ?? id}
            filterSelectedOptions={filterSelectedOptions}
            noOptionsText={noOptionsText}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                variant={variant}
                name={field.name}
                inputRef={field.ref}
                label={label}
                error={!!message}
                helperText={message ?? hint}
              />
            )}
          />
        );
      }}
    />
  );
}
