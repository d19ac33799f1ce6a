import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';
import { useTimeThisMonth } from './api';
import { CardLink } from './tile';
import { Figure, Progress } from './tiles';

/**
 * This month's booked hours against the plan in the scope. The figures are the
 * server's time comparison (`/api/time-comparison/this-month`), never summed here from records.
 */
export function TimeTileBody() {
  const { t, i18n } = useTranslation();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const { data, isPending, isError } = useTimeThisMonth(scopeId);
  if (isPending) return <Skeleton variant="rectangular" height={96} sx={{ m: 2 }} />;
  if (isError) {
    return (
      <Typography color="error" sx={{ px: 2, py: 2 }}>
        {t('dashboard.loadError')}
      </Typography>
    );
  }
  const [year, month] = data.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    month: 'long',
    year: 'numeric',
  }).format(new Date(year, month - 1, 1));
  const empty = data.plannedTime === null && data.bookedTime === 0;
  const hours = (h: number) => t('dashboard.time.hours', { hours: formatHours(h, i18n.language) });
  return (
    // Without ReadAll the comparison is not open to the reader: the tile leads to their own records.
    <CardLink
      to={data.ownOnly ? '/time-record' : '/time-comparison'}
      sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}
    >
      <CardContent sx={{ width: '100%', pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {monthName}
        </Typography>
        {empty ? (
          <Typography variant="body2" data-testid="time-tile-empty">
            {data.activeProjects === 0 ? t('dashboard.time.noProjects') : t('dashboard.time.noPlan')}
          </Typography>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
              <Figure
                testId="time-tile-booked"
                value={hours(data.bookedTime)}
                label={data.ownOnly ? t('dashboard.time.bookedOwn') : t('dashboard.time.booked')}
              />
              <Figure
                testId="time-tile-planned"
                value={data.plannedTime === null ? '–' : hours(data.plannedTime)}
                label={data.ownOnly ? t('dashboard.time.plannedAll') : t('dashboard.time.planned')}
              />
            </Box>
            {data.bookedPlannedPercentage !== null && (
              <Progress
                value={data.bookedPlannedPercentage}
                label={t('dashboard.time.ofPlan')}
                // Hours not yet booked are not overdue: only booking past the plan is worth a warning.
                tone={data.bookedPlannedPercentage > 100 ? 'warning' : 'primary'}
              />
            )}
          </>
        )}
        <Typography variant="body2" color="primary" sx={{ fontWeight: 500 }}>
          {data.ownOnly ? t('dashboard.time.openRecords') : t('dashboard.time.openComparison')}
        </Typography>
      </CardContent>
    </CardLink>
  );
}
