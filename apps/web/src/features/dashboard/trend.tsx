import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { sparkPath, statusHex, type TrendPoint, trendSummary } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

const W = 96;
const H = 28;
const openColour = '#0d5673';

/**
 * A register's open (blue) and overdue (red) items over the last 12 weeks as a small line chart;
 * its text equivalent is the sentence beside it (the chart itself is hidden from screen readers).
 */
export function Trend({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  const s = trendSummary(points);
  if (!s) return null;
  const max = Math.max(1, ...points.map((p) => p.open));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} data-trend>
      <Box component="svg" aria-hidden viewBox={`0 0 ${W} ${H}`} sx={{ width: W, height: H, flexShrink: 0, overflow: 'visible' }}>
        <path d={sparkPath([0, 0], W, H, 1)} stroke="#dde4e8" strokeWidth={1} fill="none" />
        <path
          d={sparkPath(
            points.map((p) => p.open),
            W,
            H,
            max,
          )}
          stroke={openColour}
          strokeWidth={1.75}
          fill="none"
        />
        <path
          d={sparkPath(
            points.map((p) => p.overdue),
            W,
            H,
            max,
          )}
          stroke={statusHex.red}
          strokeWidth={1.75}
          fill="none"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.35, minWidth: 0 }} data-trend-text>
        {t('dashboard.trend.text', {
          since: formatDate(s.since),
          openThen: s.openThen,
          openNow: s.openNow,
          overdueThen: s.overdueThen,
          overdueNow: s.overdueNow,
        })}
      </Typography>
    </Box>
  );
}
