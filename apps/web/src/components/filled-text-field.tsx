import FilledInput, { type FilledInputProps } from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import { type ReactNode, type Ref, useId } from 'react';

export interface FilledTextFieldProps extends Omit<FilledInputProps, 'error' | 'inputRef' | 'ref' | 'id'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  /** React 19 passes ref as a prop; it reaches the <input> so react-hook-form can focus it. */
  ref?: Ref<HTMLInputElement>;
  /** Announce the helper text at once (server errors after submit). */
  alertHelperText?: boolean;
}

/**
 * A filled text field built from MUI's parts. MUI's TextField also bundles Select (menu,
 * popover, modal), which the login screen never needs; this keeps its bundle small.
 */
export function FilledTextField({
  label,
  error,
  helperText,
  required,
  disabled,
  ref,
  alertHelperText,
  ...inputProps
}: FilledTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="filled" fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput
        {...inputProps}
        id={id}
        inputRef={ref}
        aria-describedby={helperText ? helperId : undefined}
        aria-invalid={error || undefined}
      />
      {helperText && (
        <FormHelperText id={helperId} role={alertHelperText ? 'alert' : undefined}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
