import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../components/delete-button';
import { DialogFrame } from '../../components/dialog-frame';
import { FormSelectField } from '../../components/form/form-select-field';
import { DateInput } from '../../components/form-inputs';
import type { ZodForm } from '../../lib/use-zod-form';

/*
 * The inputs the project dialog and the time-record dialog share: dates kept as 'YYYY-MM-DD',
 * decimals typed with a German comma, choices among options, and the field messages of the time area.
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

/**
 * A form's choice among options (a company, a project, a person). A value not among the options
 * (an inactive project, a list still loading) shows as empty rather than as a raw id.
 */
export function SelectField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly (readonly [value: string, label: string])[];
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
  /** After the choice is taken (the record's company clears its project). */
  onPicked?: () => void;
  size?: 'small';
}) {
  const { options } = props;
  return (
    <FormSelectField
      form={{ control: props.control }}
      name={props.name}
      label={props.label}
      fullWidth
      required={props.required}
      variant="filled"
      size={props.size}
      disabled={props.disabled}
      error={!!props.error}
      hint={props.error ?? props.helperText}
      shown={(value) => (options.some(([option]) => option === value) ? value : '')}
      onPicked={props.onPicked}
      options={options.map(([value, label]) => ({ value, label }))}
    />
  );
}

/** One row of a project's list (a person's rate, a month's planned hours): what it is for, the amount, a remove button. */
export function AmountRow({
  children,
  label,
  registration,
  error,
  readOnly,
  onRemove,
}: {
  /** The row's first field. */
  children: ReactNode;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {children}
      <DecimalField
        size="small"
        variant="outlined"
        fullWidth={false}
        label={label}
        registration={registration}
        disabled={readOnly}
        error={error}
        sx={{ width: 160, flexShrink: 0 }}
      />
      {!readOnly && (
        <IconButton aria-label={t('time.remove')} onClick={onRemove}>
          <Delete fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

/** What a project or time-record dialog says; each its own words (the catalogue check reads literal keys). */
function frameTexts(t: TFunction, kind: 'project' | 'record', isNew: boolean, readOnly: boolean, name = '') {
  if (kind === 'project')
    return {
      title: isNew ? t('time.project.new') : readOnly ? t('time.project.view') : t('time.project.edit'),
      confirmTitle: t('time.project.deleteTitle'),
      confirmText: t('time.project.deleteText', { name }),
      deletedText: t('time.project.deleted'),
    };
  return {
    title: isNew ? t('time.record.new') : readOnly ? t('time.record.view') : t('time.record.edit'),
    confirmTitle: t('time.record.deleteTitle'),
    confirmText: t('time.record.deleteText'),
    deletedText: t('time.record.deleted'),
  };
}

/**
 * The frame of a project (720 px) or time-record dialog (600 px): a record the user may not change
 * shows with OK, anything else is saved; deleting is offered where the record allows it.
 */
export function TimeDialogFrame<T extends FieldValues>({
  kind,
  record,
  form,
  onClose,
  onDelete,
  children,
}: {
  kind: 'project' | 'record';
  /** The record as loaded (null: a new one). */
  record: { name?: string; rights: { write: boolean; delete: boolean } } | null;
  form: ZodForm<T>;
  onClose: () => void;
  onDelete: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const readOnly = record ? !record.rights.write : false;
  const { title, ...deleteTexts } = frameTexts(t, kind, !record, readOnly, record?.name);
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      form={readOnly ? undefined : form}
      submitLabel={t('time.save')}
      width={kind === 'project' ? 720 : 600}
      actions={readOnly ? <Button onClick={onClose}>{t('help.ok')}</Button> : undefined}
      deleteAction={
        record?.rights.delete && (
          <DeleteButton label={t('time.delete')} {...deleteTexts} onDelete={onDelete} onDeleted={onClose} disabled={form.busy} />
        )
      }
    >
      {children}
    </DialogFrame>
  );
}
