import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session/session-store';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './pickers-provider';
import { TextModuleSelect, textModuleSelectReadOnly, useTextModules } from './text-module-select';

/** Props every input takes from its Controller. */
export interface InputProps<V> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  name: string;
  inputRef?: (el: HTMLElement | null) => void;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  helperText?: ReactNode;
}

/** Name, error and help text of an input as its text field takes them: the error replaces the help. */
export function fieldText({ name, error, helperText }: Pick<InputProps<unknown>, 'name' | 'error' | 'helperText'>) {
  return { name, error: !!error, helperText: error || helperText || undefined };
}

/** What an input takes from its Controller's field: `<TextInput label={…} {...bound(field)} />`. */
export function bound<T extends FieldValues, N extends FieldPath<T>>(field: ControllerRenderProps<T, N>) {
  return { name: field.name as string, value: field.value, onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref };
}

/**
 * Binds inputs to a form by field name: `const field = formFields(control, translate)`, then
 * `field('name', (p) => <TextInput label={…} {...p} />)`; `p` holds the field's value, change, blur,
 * focus and its message, translated.
 */
export function formFields<T extends FieldValues>(control: Control<T>, translate: (message: string) => string) {
  return <N extends FieldPath<T>>(
    name: N,
    render: (props: ReturnType<typeof bound<T, N>> & { error?: string }) => ReactElement,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return render({ ...bound(field), error: message ? translate(message) : undefined });
      }}
    />
  );
}

/** Two columns on wide screens; `wide` children span both. */
export function FormGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      {children}
    </Box>
  );
}

export function Cell({ wide, children }: { wide?: boolean; children: ReactNode }) {
  return <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>{children}</Box>;
}

/**
 * A text field; a long one (`rows`) of an item also offers the text modules:
 * choosing one inserts its text at the cursor. `textModules` carries the item's id for the
 * select's read-only rule (read-only once the item exists or a scope is active);
 * where that rule makes it read-only the select is left out rather than shown as a dead control.
 */
export function TextInput(
  props: InputProps<string> & { rows?: number; type?: string; textModules?: { boundId: string | null } },
) {
  const { value, onChange, inputRef, readOnly, rows, textModules } = props;
  const { t } = useTranslation();
  const element = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const scopeActive = useSession((s) => !!s.me?.scopeCompany);
  const offer =
    !!textModules && rows !== undefined && !readOnly && !textModuleSelectReadOnly({ scopeActive, boundId: textModules.boundId });
  const modules = useTextModules(offer);
  const insert = (id: number | null) => {
    const text = modules.data?.find((m) => m.id === id)?.name;
    if (!text) return;
    const current = value ?? '';
    const el = element.current;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? start;
    onChange(current.slice(0, start) + text + current.slice(end));
    // Back to the text, the cursor after what was inserted, once React has rendered the new value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const field = (
    <TextField
      label={props.label}
      {...fieldText(props)}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={props.onBlur}
      inputRef={(el: HTMLTextAreaElement | HTMLInputElement | null) => {
        element.current = el;
        inputRef?.(el);
      }}
      required={props.required}
      multiline={rows !== undefined}
      minRows={rows}
      maxRows={rows !== undefined ? Math.max(rows, 20) : undefined}
      type={props.type}
      slotProps={{ input: { readOnly } }}
    />
  );
  if (!offer) return field;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {field}
      <Box sx={{ justifySelf: 'end', width: '100%', maxWidth: 320 }}>
        <TextModuleSelect
          size="small"
          label={t('tags.textModules.insert')}
          boundId={textModules!.boundId}
          value={null}
          onChange={insert}
        />
      </Box>
    </Box>
  );
}

/** Numbers are kept as numbers; text that is no number stays text so validation can say so. */
export function NumberInput(props: InputProps<number | string | null>) {
  return (
    <TextInput
      {...props}
      type="number"
      value={props.value === null || props.value === undefined ? '' : String(props.value)}
      onChange={(text) => {
        const trimmed = text.trim();
        const n = Number(trimmed);
        props.onChange(trimmed === '' ? null : Number.isFinite(n) ? n : trimmed);
      }}
    />
  );
}

export function SelectInput<V extends string | number>(
  props: InputProps<V | null> & { options: readonly { value: V; label: ReactNode; text?: string }[] },
) {
  const { t } = useTranslation();
  const { options, onChange, required } = props;
  return (
    <TextField
      select
      label={props.label}
      {...fieldText(props)}
      value={props.value ?? ''}
      onChange={(e) => {
        const raw = e.target.value as string;
        const hit = options.find((o) => String(o.value) === String(raw));
        onChange(hit ? hit.value : null);
      }}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      required={required}
      slotProps={{ input: { readOnly: props.readOnly } }}
    >
      {!required && (
        <MenuItem value="">
          <em>{t('items.none')}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value as string | number}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Fixed options, several at once, as chips (legal bases …). */
export function MultiSelectInput(props: InputProps<string[]> & { options: readonly { value: string; label: string }[] }) {
  const { options, value } = props;
  const selected = options.filter((o) => (value ?? []).includes(o.value));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      readOnly={props.readOnly}
      options={options}
      value={selected}
      onChange={(_e, next) => props.onChange(next.map((o) => o.value))}
      onBlur={props.onBlur}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      renderInput={(params) => <TextField {...params} label={props.label} {...fieldText(props)} />}
    />
  );
}

export function SwitchInput({ label, value, onChange, name, readOnly, error }: InputProps<boolean>) {
  return (
    <Box sx={{ minHeight: 56, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
      <FormControlLabel
        control={<Switch name={name} checked={value === true} onChange={(e) => onChange(e.target.checked)} disabled={readOnly} />}
        label={label}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** What both date pickers take: the form's filled text field, clearable where the value may be empty. */
function pickerProps(p: InputProps<string | null>) {
  return {
    label: p.label,
    value: p.value ? dayjs(p.value) : null,
    readOnly: p.readOnly,
    inputRef: p.inputRef,
    slotProps: {
      textField: { ...fieldText(p), required: p.required, onBlur: p.onBlur, fullWidth: true, variant: 'filled' as const },
      field: { clearable: !p.readOnly && !p.required },
    },
  };
}

/** A calendar date kept as 'YYYY-MM-DD'; an incomplete entry becomes 'invalid' and fails validation. */
export function DateInput(props: InputProps<string | null>) {
  return (
    <DatePicker
      {...pickerProps(props)}
      onChange={(v) => props.onChange(v === null ? null : v.isValid() ? v.format('YYYY-MM-DD') : 'invalid')}
      format={DATE_FORMAT}
    />
  );
}

/** An instant kept as ISO 8601 (UTC), entered as DD.MM.YYYY HH:mm local time. */
export function DateTimeInput(props: InputProps<string | null>) {
  return (
    <DateTimePicker
      {...pickerProps(props)}
      onChange={(v) => props.onChange(v === null ? null : v.isValid() ? v.toISOString() : 'invalid')}
      format={DATE_TIME_FORMAT}
      ampm={false}
    />
  );
}
