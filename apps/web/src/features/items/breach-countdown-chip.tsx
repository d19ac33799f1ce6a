import Timer from '@mui/icons-material/Timer';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../components/use-now';
import { formatHoursMinutes } from '../../lib/format';
import { breachCountdown } from './breach-countdown';

interface Props {
  deadline: string | null | undefined;
  notified: boolean;
  overdue: boolean;
  status: number;
}

/** A live chip with the time left until the 72-hour notification deadline (ticks every minute). */
export function BreachCountdownChip({ deadline, notified, overdue, status }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  const { state, remainingMs } = breachCountdown({ deadline, notified, overdue, status }, now);
  if (state === 'none') return null;
  const remaining = formatHoursMinutes(remainingMs);
  const label = t(`items.breach.chip.${state}`, { remaining });
  return (
    <Chip
      size="small"
      icon={state === 'running' || state === 'urgent' ? <Timer /> : undefined}
      label={label}
      variant={state === 'overdue' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', ...chipLook[state] }}
    />
  );
}

// Colours chosen for WCAG AA contrast on white (palette "main" tones are too light for small text).
const chipLook = {
  running: { color: '#0d5673', borderColor: '#0d5673', '& .MuiChip-icon': { color: '#0d5673' } },
  urgent: { color: '#7a4500', borderColor: '#b26a00', bgcolor: '#fff4e0', '& .MuiChip-icon': { color: '#7a4500' } },
  overdue: { color: '#ffffff', bgcolor: '#c62828' },
  notified: { color: '#1b5e20', borderColor: '#2e7d32' },
  notifiedLate: { color: '#7a4500', borderColor: '#b26a00' },
  closed: {},
  none: {},
} as const;
