import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Appointment, appointmentInputSchema } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DeleteButton } from '../../components/delete-button';
import { DialogFrame } from '../../components/dialog-frame';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { useDeleteAppointment, useSaveAppointment } from './api';
import { toLocalInput } from './month';

const localDateTime = z.string().refine((v) => !Number.isNaN(new Date(v).getTime()), 'validation.date');

const input = appointmentInputSchema.shape;
/** The shared appointment input with start and end as the local date-time inputs hold them. */
const formSchema = z
  .object({
    title: input.title,
    start: localDateTime,
    end: localDateTime,
    attendees: input.attendees,
  })
  .refine((a) => new Date(a.end) >= new Date(a.start), { message: 'validation.endBeforeStart', path: ['end'] });
type FormValues = z.input<typeof formSchema>;

interface AppointmentDialogProps {
  appointment: Appointment | null;
  /** Day preselected for a new appointment. */
  day: Date;
  /** Whether the caller may create appointments (route claim); an existing one brings its own rights. */
  canCreate: boolean;
  onClose: () => void;
}

function defaultStart(day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
}

/** Create, edit or delete one appointment; controls follow the rights the server sent with it. */
export function AppointmentDialog({ appointment, day, canCreate, onClose }: AppointmentDialogProps) {
  const { t } = useTranslation();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const start0 = appointment ? new Date(appointment.start) : defaultStart(day);
  const end0 = appointment ? new Date(appointment.end) : new Date(start0.getTime() + 60 * 60_000);
  const readOnly = appointment ? !appointment.rights.write : !canCreate;
  const form = useZodForm<FormValues>(formSchema, {
    defaultValues: {
      title: appointment?.title ?? '',
      start: toLocalInput(start0),
      end: toLocalInput(end0),
      attendees: appointment?.attendees ?? '',
    },
    versioning: {
      record: appointment,
      valuesOf: (a: Appointment) => ({
        title: a.title,
        start: toLocalInput(new Date(a.start)),
        end: toLocalInput(new Date(a.end)),
        attendees: a.attendees,
      }),
      labelOf: (path) => t(`calendar.field.${path}`),
    },
    onSubmit: async (values, { ifMatch }) => {
      const input = {
        title: values.title.trim(),
        start: new Date(values.start).toISOString(),
        end: new Date(values.end).toISOString(),
        attendees: (values.attendees ?? '').trim(),
      };
      const saved = await save.mutateAsync({ id: appointment?.id ?? null, input, ifMatch });
      notify(t('calendar.saved'), 'success');
      onClose();
      return saved;
    },
    onFailure: (error, onFields) => {
      if (!onFields) notify(errorText(t, error), 'error');
    },
  });
  const { errors } = form.formState;
  const busy = form.busy || remove.isPending;
  const message = (key?: string) => (key ? t([`calendar.${key}`, `items.${key}`, 'items.validation.invalid']) : undefined);

  return (
    <DialogFrame
      title={appointment ? (readOnly ? t('calendar.dialog.view') : t('calendar.dialog.edit')) : t('calendar.dialog.new')}
      onClose={onClose}
      onSubmit={form.submit}
      busy={busy}
      width={560}
      actions={
        <>
          {appointment?.rights.delete && (
            <DeleteButton
              label={t('calendar.delete')}
              confirmTitle={t('calendar.deleteTitle')}
              confirmText={t('calendar.deleteText', { title: appointment.title })}
              onDelete={() => remove.mutateAsync(appointment.id)}
              deletedText={t('calendar.deleted')}
              onDeleted={onClose}
              disabled={busy}
            />
          )}
          <Button onClick={onClose} disabled={busy}>
            {readOnly ? t('help.ok') : t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button variant="contained" type="submit" disabled={busy}>
              {t('calendar.save')}
            </Button>
          )}
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('calendar.field.title')}
          {...form.register('title')}
          required
          autoFocus={!readOnly}
          disabled={readOnly}
          error={!!errors.title}
          helperText={message(errors.title?.message)}
          variant="filled"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['start', 'end'] as const).map((name) => (
            <TextField
              key={name}
              label={t(`calendar.field.${name}`)}
              type="datetime-local"
              {...form.register(name)}
              disabled={readOnly}
              error={!!errors[name]}
              helperText={message(errors[name]?.message)}
              variant="filled"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Stack>
        <TextField
          label={t('calendar.field.attendees')}
          {...form.register('attendees')}
          disabled={readOnly}
          multiline
          minRows={2}
          variant="filled"
        />
      </Stack>
    </DialogFrame>
  );
}
