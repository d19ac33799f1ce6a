import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Appointment, itemTypes, startOfToday, statusHex, type TimelineItem } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useAppointments, useDueItems } from './api';
import { AppointmentDialog } from './appointment-dialog';
import { dayKey, isoWeek, monthGrid, sameDay, weekGrid } from './month';

const pad = (n: number) => String(n).padStart(2, '0');
const time = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

interface DayEntries {
  appointments: Appointment[];
  due: TimelineItem[];
}

function group(appointments: Appointment[], due: TimelineItem[]): Map<string, DayEntries> {
  const map = new Map<string, DayEntries>();
  const at = (d: Date) => {
    const key = dayKey(d);
    let entry = map.get(key);
    if (!entry) {
      entry = { appointments: [], due: [] };
      map.set(key, entry);
    }
    return entry;
  };
  for (const a of appointments) at(new Date(a.start)).appointments.push(a);
  for (const d of due) at(new Date(d.referenceDate)).due.push(d);
  return map;
}

function dueHref(item: TimelineItem): string | null {
  const route = itemTypes.find((t) => t.key === item.entity)?.route;
  return route ? `${route}/${item.id.replace(/^due-/, '')}` : null;
}

function Entries({ entries, onAppointment }: { entries: DayEntries; onAppointment: (a: Appointment) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>
      {entries.appointments.map((a) => (
        <li key={a.id}>
          <Box
            component="button"
            type="button"
            onClick={() => onAppointment(a)}
            data-appointment={a.title}
            sx={{
              all: 'unset',
              boxSizing: 'border-box',
              display: 'block',
              width: '100%',
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              fontSize: '0.78rem',
              lineHeight: 1.4,
              cursor: 'pointer',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 1 },
            }}
          >
            {time(a.start)} {a.title}
          </Box>
        </li>
      ))}
      {entries.due.map((d) => {
        const href = dueHref(d);
        const overdue = new Date(d.referenceDate) < startOfToday();
        return (
          <li key={d.id}>
            <Box
              component="button"
              type="button"
              disabled={!href}
              onClick={() => href && void navigate({ href })}
              title={`${t([`section.${d.entity}`, 'section.unknown'])}: ${d.name} (${d.companyName})`}
              sx={{
                all: 'unset',
                boxSizing: 'border-box',
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                width: '100%',
                minWidth: 0,
                overflow: 'hidden',
                px: 0.75,
                py: 0.25,
                borderRadius: 1,
                fontSize: '0.78rem',
                lineHeight: 1.4,
                cursor: href ? 'pointer' : 'default',
                border: '1px solid',
                borderColor: 'divider',
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'action.hover' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: overdue ? statusHex.red : statusHex.yellow,
                }}
              />
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {t('calendar.due', { name: d.name })}
              </Box>
            </Box>
          </li>
        );
      })}
    </Box>
  );
}

/** /calendar: a month of appointments and open items' due dates (claim Appointment.Read). */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const me = useSession((s) => s.me);
  // Creating is decided by the route's claim rule; existing appointments carry their rights.
  const canCreate = hasClaim(me, 'Appointment.Write');
  const [view, setView] = useState<'month' | 'week'>('month');
  // The day the view is built around: its month or its week.
  const [anchor, setAnchor] = useState(() => new Date());
  const month = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const [dialog, setDialog] = useState<{ appointment: Appointment | null; day: Date } | null>(null);
  const grid = view === 'month' ? monthGrid(month) : weekGrid(anchor);
  const from = grid[0]!;
  const last = grid[grid.length - 1]!;
  const until = new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59);
  const appointments = useAppointments(from, until);
  const due = useDueItems(from, until);
  const byDay = group(appointments.data ?? [], due.data ?? []);
  const today = new Date();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const monthLabel =
    view === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(month)
      : t('calendar.weekLabel', {
          week: isoWeek(anchor),
          range: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(from, last),
        });
  const inView = (d: Date) => view === 'week' || d.getMonth() === month.getMonth();
  const weekdays = grid.slice(0, 7).map((d) => new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(d));
  const shift = (delta: number) =>
    setAnchor((a) =>
      view === 'month'
        ? new Date(a.getFullYear(), a.getMonth() + delta, 1)
        : new Date(a.getFullYear(), a.getMonth(), a.getDate() + 7 * delta),
    );
  const openAppointment = (appointment: Appointment) => setDialog({ appointment, day: new Date(appointment.start) });

  return (
    <>
      <PageHeader
        title={t('section.calendar')}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ appointment: null, day: new Date() })}>
              {t('calendar.new')}
            </Button>
          )
        }
      />
      <Card sx={{ overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1.5,
            borderBottom: '1px solid',
            borderColor: 'divider',
          }}
        >
          <IconButton aria-label={t(view === 'month' ? 'calendar.previous' : 'calendar.previousWeek')} onClick={() => shift(-1)}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={t(view === 'month' ? 'calendar.next' : 'calendar.nextWeek')} onClick={() => shift(1)}>
            <ChevronRight />
          </IconButton>
          <Typography
            variant="h6"
            component="h2"
            sx={{
              flexGrow: 1,
              // Phones: the label gets its own line above the controls.
              flexBasis: { xs: '100%', sm: 'auto' },
              order: { xs: -1, sm: 0 },
              textTransform: 'capitalize',
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              whiteSpace: 'nowrap',
            }}
            aria-live="polite"
          >
            {monthLabel}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: 'month' | 'week' | null) => next && setView(next)}
            aria-label={t('calendar.view')}
            sx={{ ml: 'auto' }}
          >
            <ToggleButton value="month">{t('calendar.month')}</ToggleButton>
            <ToggleButton value="week">{t('calendar.week')}</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="outlined" size="small" onClick={() => setAnchor(new Date())}>
            {t('calendar.today')}
          </Button>
        </Box>
        {(appointments.isFetching || due.isFetching) && <LinearProgress sx={{ height: 2 }} />}
        {(appointments.isError || due.isError) && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('calendar.loadError')}
          </Alert>
        )}
        {wide ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
            {weekdays.map((w) => (
              <Typography
                key={w}
                aria-hidden
                variant="caption"
                color="text.secondary"
                sx={{ px: 1, py: 0.75, fontWeight: 600, borderBottom: '1px solid', borderColor: 'divider' }}
              >
                {w}
              </Typography>
            ))}
            {grid.map((day, i) => {
              const entries = byDay.get(dayKey(day));
              const inMonth = inView(day);
              const isToday = sameDay(day, today);
              return (
                <Box
                  key={dayKey(day)}
                  data-day={dayKey(day)}
                  sx={{
                    minHeight: view === 'week' ? 360 : 116,
                    p: 0.75,
                    borderRight: (i + 1) % 7 === 0 ? 0 : '1px solid',
                    borderBottom: '1px solid',
                    borderColor: 'divider',
                    bgcolor: inMonth ? undefined : 'grey.50',
                    minWidth: 0,
                  }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
                    <Typography
                      variant="caption"
                      sx={{
                        fontWeight: isToday ? 700 : 500,
                        color: isToday ? 'primary.contrastText' : inMonth ? 'text.primary' : 'text.secondary',
                        bgcolor: isToday ? 'primary.main' : undefined,
                        borderRadius: '50%',
                        width: 24,
                        height: 24,
                        display: 'grid',
                        placeItems: 'center',
                      }}
                    >
                      {day.getDate()}
                    </Typography>
                    {canCreate && (
                      <IconButton
                        size="small"
                        aria-label={t('calendar.newOn', { date: day.toLocaleDateString(locale) })}
                        onClick={() => setDialog({ appointment: null, day })}
                        sx={{ ml: 'auto', p: 0.25, opacity: 0.5, '&:hover, &:focus-visible': { opacity: 1 } }}
                      >
                        <Add fontSize="small" />
                      </IconButton>
                    )}
                  </Box>
                  {entries && <Entries entries={entries} onAppointment={openAppointment} />}
                </Box>
              );
            })}
          </Box>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {grid
              .filter((d) => inView(d) && byDay.has(dayKey(d)))
              .map((day) => (
                <Box
                  component="li"
                  key={dayKey(day)}
                  data-day={dayKey(day)}
                  sx={{ px: 2, py: 1.25, borderBottom: '1px solid', borderColor: 'divider' }}
                >
                  <Typography variant="subtitle2" sx={{ mb: 0.75, color: sameDay(day, today) ? 'primary.main' : undefined }}>
                    {new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(day)}
                  </Typography>
                  <Entries entries={byDay.get(dayKey(day))!} onAppointment={openAppointment} />
                </Box>
              ))}
            {!grid.some((d) => inView(d) && byDay.has(dayKey(d))) && !appointments.isPending && !due.isPending && (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t(view === 'month' ? 'calendar.empty' : 'calendar.emptyWeek')}
              </Typography>
            )}
          </Box>
        )}
      </Card>
      {dialog && (
        <AppointmentDialog
          appointment={dialog.appointment}
          day={dialog.day}
          canCreate={canCreate}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
