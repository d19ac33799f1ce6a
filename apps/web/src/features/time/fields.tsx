import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/form-inputs';

/*
 * The inputs the project dialog and the time-record dialog share: dates kept as 'YYYY-MM-DD',
 * decimals typed with a German comma, and the field messages of the time area.
 */

/** A decimal as typed: '1,5' and '1.5' alike. */
export const parseDecimal = (s: string) => Number(s.replace(',', '.'));

/** A validation key as text: the time area's own, then the items' (shared) ones. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (key?: string) => (key ? t([`time.${key}`, `items.${key}`, 'items.validation.invalid']) : undefined);
}

/** A form's date field ('' when empty). */
export function DateField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  readOnly: boolean;
  error?: string;
  helperText?: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <DateInput
          label={props.label}
          required={props.required}
          name={field.name}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          readOnly={props.readOnly}
          error={props.error}
          helperText={props.helperText}
        />
      )}
    />
  );
}

/** A registered decimal field (hours, euros) with the decimal keyboard on phones. */
export function DecimalField({
  registration,
  error,
  ...rest
}: { registration: UseFormRegisterReturn; error?: string } & Pick<
  TextFieldProps,
  'label' | 'disabled' | 'size' | 'sx' | 'fullWidth' | 'variant'
>) {
  return (
    <TextField
      variant="filled"
      fullWidth
      {...rest}
      {...registration}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
