import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A yes/no field of a form as a labelled checkbox. */
export function FormCheckbox<T extends FieldValues>({
  form,
  name,
  label,
  disabled,
}: {
  form: { control: Control<T> };
  name: Path<T>;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value ?? false}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
          label={label}
        />
      )}
    />
  );
}
