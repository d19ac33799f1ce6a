import Gavel from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { breachClock } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../components/use-now';
import { formatDateTime, formatHoursMinutes } from '../../../../lib/format';
import { BreachCountdownChip } from '../../breach-countdown-chip';

const valid = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(new Date(v).getTime());

/** Art. 33 GDPR: the 72-hour deadline to notify the supervisory authority, live from the form. */
export function BreachPanel({
  discoveredAt,
  notifiedAt,
  status,
}: {
  discoveredAt: unknown;
  notifiedAt: unknown;
  status: number;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const clock = valid(discoveredAt)
    ? breachClock({ discoveredAt, notifiedAt: valid(notifiedAt) ? notifiedAt : null }, now)
    : null;
  const tone = !clock ? 'info' : clock.overdue ? 'error' : clock.notified ? 'success' : 'warning';
  const colours = {
    info: { bg: '#eef4f8', fg: '#0d5673' },
    warning: { bg: '#fff4e0', fg: '#7a4500' },
    error: { bg: '#fdecea', fg: '#b71c1c' },
    success: { bg: '#e8f5e9', fg: '#1b5e20' },
  }[tone];
  return (
    <Box
      component="section"
      aria-labelledby="breach-deadline-title"
      data-testid="breach-clock"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, bgcolor: colours.bg, border: '1px solid', borderColor: colours.fg }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Gavel sx={{ color: colours.fg, fontSize: 36 }} aria-hidden />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="breach-deadline-title" variant="subtitle1" component="h3" sx={{ color: colours.fg }}>
            {t('items.breach.title')}
          </Typography>
          {clock ? (
            <Typography variant="body2">
              {t('items.breach.deadline', { deadline: formatDateTime(clock.deadline) })}
              {clock.notified && ` · ${t('items.breach.notifiedAt', { at: formatDateTime(notifiedAt as string) })}`}
            </Typography>
          ) : (
            <Typography variant="body2">{t('items.breach.needsDiscovery')}</Typography>
          )}
        </Box>
        {clock && !clock.notified && (
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography
              variant="h4"
              component="p"
              sx={{ color: colours.fg, fontVariantNumeric: 'tabular-nums', fontWeight: 700, lineHeight: 1.1 }}
            >
              {clock.overdue ? t('items.breach.overdue') : `${formatHoursMinutes(clock.remainingMs)} h`}
            </Typography>
            <Typography variant="caption" sx={{ color: colours.fg }}>
              {clock.overdue
                ? t('items.breach.overdueSince', { duration: formatHoursMinutes(-clock.remainingMs) })
                : t('items.breach.remaining')}
            </Typography>
          </Box>
        )}
        {clock?.notified && (
          <BreachCountdownChip deadline={clock.deadline.toISOString()} notified overdue={clock.overdue} status={status} />
        )}
      </Stack>
    </Box>
  );
}
