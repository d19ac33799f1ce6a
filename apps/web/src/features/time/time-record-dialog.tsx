import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseClockTime, type TimeRecord, timeRecordInputSchema, typedHours } from '@pc/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormCheckbox } from '../../components/form/form-checkbox';
import { FormTextField } from '../../components/form-text-field';
import { formatHours, toDay } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { useDeleteTimeRecord, useLastTimeRecord, useProjects, useSaveTimeRecord } from './api';
import { DateField, DecimalField, parseDecimal, SelectField, TimeDialogFrame, useFieldMessage } from './fields';

const input = timeRecordInputSchema.shape;
/** The shared booking input with the day, times and hours as the form's text fields hold them. */
const formSchema = z
  .object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    // startTime/endTime as typed ("9", "930", "9:30"); sent as "HH:mm", which the server checks again.
    startTime: z.string().refine((v) => !v.trim() || parseClockTime(v) !== null, 'validation.time'),
    endTime: z.string().refine((v) => !v.trim() || parseClockTime(v) !== null, 'validation.time'),
    hours: z.string(),
    companyId: z.string().min(1, 'validation.required'),
    projectId: z.string().min(1, 'validation.required'),
    description: input.description,
    billable: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.startTime.trim() || v.endTime.trim()) {
      if (!v.startTime.trim()) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['startTime'] });
      if (!v.endTime.trim()) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['endTime'] });
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
      const start = parseClockTime(v.startTime);
      const end = parseClockTime(v.endTime);
      const byTimes = !!(start && end);
      const saved = await save.mutateAsync({
        ifMatch,
        id: record?.id ?? null,
        input: {
          day: v.day,
          startTime: byTimes ? start : null,
          endTime: byTimes ? end : null,
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
  // A new booking starts in the company in scope (or the only one there is) and, when the user
  // last booked there, on that project; nothing the user already chose is overwritten.
  const scopeId = useSession((st) => st.me?.scopeCompany?.id ?? null);
  const last = useLastTimeRecord(!record && !item);
  const preselected = useRef(false);
  useEffect(() => {
    if (record || preselected.current || !projects.isSuccess || last.isPending) return;
    preselected.current = true;
    const lastRecord = last.data ?? null;
    const ids = companies.map(([id]) => id);
    const company =
      form.getValues('companyId') ||
      (scopeId && ids.includes(scopeId)
        ? scopeId
        : ids.length === 1
          ? ids[0]
          : lastRecord?.companyId && ids.includes(lastRecord.companyId)
            ? lastRecord.companyId
            : '');
    if (!company) return;
    if (!form.getValues('companyId')) form.setValue('companyId', company);
    const project = all.find((p) => p.id === lastRecord?.projectId && p.companyId === company && p.isActive);
    if (project && !form.getValues('projectId')) form.setValue('projectId', project.id);
  }, [record, projects.isSuccess, last.isPending, last.data, companies, all, scopeId, form]);
  const startTyped = form.watch('startTime');
  const endTyped = form.watch('endTime');
  const computed = typedHours(startTyped, endTyped);
  const normalise = (name: 'startTime' | 'endTime') => (e: { target: { value: string } }) => {
    const parsed = parseClockTime(e.target.value);
    if (parsed && parsed !== e.target.value) form.setValue(name, parsed, { shouldValidate: true });
  };
  const msg = useFieldMessage();

  return (
    <TimeDialogFrame kind="record" record={record} form={form} onClose={onClose} onDelete={() => remove.mutateAsync(record!.id)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {item && <TextField label={t('time.field.item')} value={item.name} disabled variant="filled" />}
        {!item && record?.itemName && (
          <TextField label={t('time.field.item')} value={record.itemName} disabled variant="filled" />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            control={form.control}
            name="companyId"
            label={t('time.field.company')}
            options={companies}
            required
            disabled={readOnly}
            onPicked={() => form.setValue('projectId', '')}
            error={msg(errors.companyId?.message)}
            helperText={projects.isSuccess && !companies.length ? t('time.noProjects') : undefined}
          />
          <SelectField
            control={form.control}
            name="projectId"
            label={t('time.field.project')}
            options={companyProjects.map((p) => [p.id, p.name] as const)}
            required
            disabled={readOnly || !companyId}
            error={msg(errors.projectId?.message)}
          />
        </Stack>
        {/* The date needs room for DD.MM.YYYY and its picker button; the three short fields share the rest. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ '& > *': { flex: { sm: '1 1 0' }, minWidth: 0 }, '& > :first-of-type': { flex: { sm: '1.7 1 0' } } }}
        >
          <DateField
            control={form.control}
            name="day"
            label={t('time.field.day')}
            required
            readOnly={readOnly}
            error={msg(errors.day?.message)}
          />
          {(['startTime', 'endTime'] as const).map((name) => (
            <TextField
              key={name}
              label={t(name === 'startTime' ? 'time.field.start' : 'time.field.end')}
              variant="filled"
              {...form.register(name, { onBlur: normalise(name) })}
              disabled={readOnly}
              error={!!errors[name]}
              helperText={msg(errors[name]?.message)}
              placeholder={t('time.timePlaceholder')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal', maxLength: 5 } }}
              fullWidth
            />
          ))}
          <DecimalField
            label={t('time.field.hours')}
            registration={form.register('hours')}
            disabled={readOnly || !!(startTyped.trim() || endTyped.trim())}
            error={msg(errors.hours?.message)}
          />
        </Stack>
        {/* The hours that start and end come to, as they are typed. */}
        <Typography
          variant="caption"
          color={computed === null && startTyped.trim() && endTyped.trim() ? 'error' : 'text.secondary'}
          sx={{ mt: '4px !important' }}
          aria-live="polite"
          data-testid="computed-hours"
        >
          {computed !== null
            ? t('time.computedHours', { hours: formatHours(computed, i18n.language) })
            : startTyped.trim() && endTyped.trim() && parseClockTime(startTyped) && parseClockTime(endTyped)
              ? t('time.validation.endBeforeStart')
              : t('time.hoursHint')}
        </Typography>
        <FormTextField
          form={form}
          name="description"
          messageOf={msg}
          label={t('time.field.description')}
          required
          multiline
          minRows={2}
          variant="filled"
          disabled={readOnly}
        />
        <FormCheckbox form={form} name="billable" label={t('time.field.billable')} disabled={readOnly} />
      </Stack>
    </TimeDialogFrame>
  );
}
