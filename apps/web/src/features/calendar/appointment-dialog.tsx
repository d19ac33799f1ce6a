import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Appointment } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api/api-error';
import { notify } from '../../lib/notify';
import { useDeleteAppointment, useSaveAppointment } from './api';
import { toLocalInput } from './month';

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
  const titleId = useId();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const start0 = appointment ? new Date(appointment.start) : defaultStart(day);
  const end0 = appointment ? new Date(appointment.end) : new Date(start0.getTime() + 60 * 60_000);
  const [title, setTitle] = useState(appointment?.title ?? '');
  const [start, setStart] = useState(toLocalInput(start0));
  const [end, setEnd] = useState(toLocalInput(end0));
  const [attendees, setAttendees] = useState(appointment?.attendees ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = save.isPending || remove.isPending;
  const readOnly = appointment ? !appointment.rights.write : !canCreate;

  const startDate = new Date(start);
  const endDate = new Date(end);
  const errors = {
    title: title.trim() ? '' : t('calendar.validation.title'),
    start: Number.isNaN(startDate.getTime()) ? t('calendar.validation.date') : '',
    end: Number.isNaN(endDate.getTime())
      ? t('calendar.validation.date')
      : endDate < startDate
        ? t('calendar.validation.endBeforeStart')
        : '',
  };
  const valid = !errors.title && !errors.start && !errors.end;

  const submit = () => {
    setSubmitted(true);
    if (!valid) return;
    save.mutate(
      {
        id: appointment?.id ?? null,
        input: { title: title.trim(), start: startDate.toISOString(), end: endDate.toISOString(), attendees: attendees.trim() },
      },
      {
        onSuccess: () => {
          notify(t('calendar.saved'), 'success');
          onClose();
        },
        onError: (error) => notify(isApiError(error) ? error.message : t('calendar.saveError'), 'error'),
      },
    );
  };

  return (
    <>
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      >
        <DialogTitle id={titleId}>
          {appointment ? (readOnly ? t('calendar.dialog.view') : t('calendar.dialog.edit')) : t('calendar.dialog.new')}
        </DialogTitle>
        <DialogContent>
          <Stack
            spacing={2}
            sx={{ pt: 1 }}
            component="form"
            id={`${titleId}-form`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <TextField
              label={t('calendar.field.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus={!readOnly}
              disabled={readOnly}
              error={submitted && !!errors.title}
              helperText={submitted ? errors.title : undefined}
              variant="filled"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('calendar.field.start')}
                type="datetime-local"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                disabled={readOnly}
                error={submitted && !!errors.start}
                helperText={submitted ? errors.start : undefined}
                variant="filled"
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label={t('calendar.field.end')}
                type="datetime-local"
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                disabled={readOnly}
                error={submitted && !!errors.end}
                helperText={submitted ? errors.end : undefined}
                variant="filled"
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <TextField
              label={t('calendar.field.attendees')}
              value={attendees}
              onChange={(e) => setAttendees(e.target.value)}
              disabled={readOnly}
              multiline
              minRows={2}
              variant="filled"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {appointment?.rights.delete && (
            <Button color="error" onClick={() => setConfirmDelete(true)} disabled={busy} sx={{ mr: 'auto' }}>
              {t('calendar.delete')}
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {readOnly ? t('help.ok') : t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button variant="contained" type="submit" form={`${titleId}-form`} disabled={busy}>
              {t('calendar.save')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t('calendar.deleteTitle')}
        text={t('calendar.deleteText', { title: appointment?.title ?? '' })}
        confirmLabel={t('calendar.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          if (!appointment) return;
          remove.mutate(appointment.id, {
            onSuccess: () => {
              notify(t('calendar.deleted'), 'success');
              setConfirmDelete(false);
              onClose();
            },
            onError: (error) => notify(isApiError(error) ? error.message : t('calendar.saveError'), 'error'),
          });
        }}
      />
    </>
  );
}
