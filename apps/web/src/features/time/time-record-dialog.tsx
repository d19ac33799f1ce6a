import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TimeRecord } from '@pc/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { toDay } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { useDeleteTimeRecord, useProjects, useSaveTimeRecord } from './api';
import { DateField, DecimalField, parseDecimal, useFieldMessage } from './fields';

/** The form's values: text inputs; the shared timeRecordInputSchema decides on the server. */
const formSchema = z
  .object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    // startTime/endTime: "HH:mm", checked by the shared schema on the server as well.
    startTime: z.union([z.literal(''), z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'validation.time')]),
    endTime: z.union([z.literal(''), z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'validation.time')]),
    hours: z.string(),
    companyId: z.string().min(1, 'validation.required'),
    projectId: z.string().min(1, 'validation.required'),
    description: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
    billable: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.startTime || v.endTime) {
      if (!v.startTime) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['startTime'] });
      if (!v.endTime) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['endTime'] });
      return;
    }
    const h = parseDecimal(v.hours);
    if (!v.hours.trim()) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['hours'] });
    else if (!Number.isFinite(h) || h < 0.25 || h > 24)
      ctx.addIssue({ code: 'custom', message: 'validation.hoursMin', path: ['hours'] });
    else if (!Number.isInteger(h * 4)) ctx.addIssue({ code: 'custom', message: 'validation.quarterHours', path: ['hours'] });
  });
type FormValues = z.input<typeof formSchema>;

interface Props {
  record: TimeRecord | null;
  /** A new booking linked to this item (the issue's 'book time'). */
  item?: { id: string; companyId: string; name: string } | null;
  onClose: () => void;
}

/** Book, edit or delete one time record; controls follow the rights the server sent with it. */
export function TimeRecordDialog({ record, item = null, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const projects = useProjects();
  const save = useSaveTimeRecord();
  const remove = useDeleteTimeRecord();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = record ? !record.rights.write : false;
  const itemId = record ? record.itemId : (item?.id ?? null);
  const valuesOf = (r: TimeRecord | null): FormValues => ({
    day: r?.day ?? toDay(new Date()),
    startTime: r?.startTime ?? '',
    endTime: r?.endTime ?? '',
    hours: r ? String(r.hours).replace('.', i18n.language === 'en' ? '.' : ',') : '',
    companyId: r?.companyId ?? item?.companyId ?? '',
    projectId: r?.projectId ?? '',
    description: r?.description ?? '',
    billable: r?.billable ?? true,
  });
  const form = useZodForm<FormValues>(formSchema, {
    defaultValues: valuesOf(record),
    versioning: {
      record,
      valuesOf,
      labelOf: (path) =>
        t(
          `time.field.${path === 'companyId' ? 'company' : path === 'projectId' ? 'project' : path === 'startTime' ? 'start' : path === 'endTime' ? 'end' : path}`,
        ),
      displayOf: (path, value) => {
        if (path === 'projectId') return projects.data?.find((p) => p.id === value)?.name ?? '—';
        if (path === 'companyId') return projects.data?.find((p) => p.companyId === value)?.companyName ?? '—';
        if (typeof value === 'boolean') return value ? t('items.yes') : t('items.no');
        return value === null || value === '' ? '—' : String(value);
      },
    },
    onSubmit: async (v, { ifMatch }) => {
      const byTimes = !!(v.startTime && v.endTime);
      const saved = await save.mutateAsync({
        ifMatch,
        id: record?.id ?? null,
        input: {
          day: v.day,
          startTime: byTimes ? v.startTime : null,
          endTime: byTimes ? v.endTime : null,
          hours: byTimes ? null : parseDecimal(v.hours),
          projectId: v.projectId,
          itemId,
          description: v.description.trim(),
          billable: v.billable,
        },
      });
      notify(t('time.record.saved'), 'success');
      onClose();
      return saved;
    },
  });
  const { errors } = form.formState;
  const companyId = form.watch('companyId');
  const all = projects.data ?? [];
  const companies = [...new Map(all.map((p) => [p.companyId, p.companyName])).entries()].filter(
    ([id]) => !item || id === item.companyId,
  );
  const companyProjects = all.filter((p) => p.companyId === companyId && (p.isActive || p.id === record?.projectId));
  const msg = useFieldMessage();
  const title = record ? (readOnly ? t('time.record.view') : t('time.record.edit')) : t('time.record.new');

  return (
    <>
      <DialogFrame
        title={title}
        onClose={onClose}
        form={readOnly ? undefined : form}
        submitLabel={t('time.save')}
        width={600}
        actions={
          readOnly ? (
            <Button onClick={onClose}>{t('help.ok')}</Button>
          ) : record?.rights.delete ? (
            <>
              <Button color="error" onClick={() => setConfirmDelete(true)} disabled={form.busy} sx={{ mr: 'auto' }}>
                {t('time.delete')}
              </Button>
              <Button onClick={onClose} disabled={form.busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={!form.canSubmit} loading={form.busy}>
                {t('time.save')}
              </Button>
            </>
          ) : undefined
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {item && <TextField label={t('time.field.item')} value={item.name} disabled variant="filled" />}
          {!item && record?.itemName && (
            <TextField label={t('time.field.item')} value={record.itemName} disabled variant="filled" />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  variant="filled"
                  label={t('time.field.company')}
                  name={field.name}
                  value={companies.some(([id]) => id === field.value) ? field.value : ''}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    form.setValue('projectId', '');
                  }}
                  inputRef={field.ref}
                  disabled={readOnly}
                  error={!!errors.companyId}
                  helperText={
                    msg(errors.companyId?.message) ?? (projects.isSuccess && !companies.length ? t('time.noProjects') : undefined)
                  }
                >
                  {companies.map(([id, name]) => (
                    <MenuItem key={id} value={id}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="projectId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  variant="filled"
                  label={t('time.field.project')}
                  name={field.name}
                  value={companyProjects.some((p) => p.id === field.value) ? field.value : ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  inputRef={field.ref}
                  disabled={readOnly || !companyId}
                  error={!!errors.projectId}
                  helperText={msg(errors.projectId?.message)}
                >
                  {companyProjects.map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateField
              control={form.control}
              name="day"
              label={t('time.field.day')}
              required
              readOnly={readOnly}
              error={msg(errors.day?.message)}
            />
            <TextField
              label={t('time.field.start')}
              variant="filled"
              {...form.register('startTime')}
              disabled={readOnly}
              error={!!errors.startTime}
              helperText={msg(errors.startTime?.message)}
              placeholder="HH:mm"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              fullWidth
            />
            <TextField
              label={t('time.field.end')}
              variant="filled"
              {...form.register('endTime')}
              disabled={readOnly}
              error={!!errors.endTime}
              helperText={msg(errors.endTime?.message)}
              placeholder="HH:mm"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              fullWidth
            />
            <DecimalField
              label={t('time.field.hours')}
              registration={form.register('hours')}
              disabled={readOnly || !!(form.watch('startTime') || form.watch('endTime'))}
              error={msg(errors.hours?.message)}
            />
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
            {t('time.hoursHint')}
          </Typography>
          <TextField
            label={t('time.field.description')}
            required
            multiline
            minRows={2}
            variant="filled"
            {...form.register('description')}
            disabled={readOnly}
            error={!!errors.description}
            helperText={msg(errors.description?.message)}
          />
          <Controller
            control={form.control}
            name="billable"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={readOnly} />
                }
                label={t('time.field.billable')}
              />
            )}
          />
        </Stack>
      </DialogFrame>
      <ConfirmDialog
        open={confirmDelete}
        title={t('time.record.deleteTitle')}
        text={t('time.record.deleteText')}
        confirmLabel={t('time.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          if (!record) return;
          remove.mutate(record.id, {
            onSuccess: () => {
              notify(t('time.record.deleted'), 'success');
              setConfirmDelete(false);
              onClose();
            },
            onError: (error) => notify(errorText(t, error), 'error'),
          });
        }}
      />
    </>
  );
}
