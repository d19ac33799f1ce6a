import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { itemStatuses, type StatusUrgency, statusColour, statusHex, statusTextHex } from '@pc/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The translation key of a status code's name (`status.open` …); codes above 4 count as done. */
export function statusNameKey(status: number): string {
  const known = itemStatuses.find((s) => s.code === status);
  return `status.${known?.name ?? 'done'}`;
}

/** The chip's text: the status's name, and for an overdue item that it is overdue. */
export function statusLabel(t: TFunction, status: number, urgency?: StatusUrgency): string {
  const name = t(statusNameKey(status));
  return statusColour(status, urgency) === 'red' ? t('status.overdueLabel', { status: name }) : name;
}

/** A small round dot in the colour of a status (statusColour: red only when overdue). */
export function StatusDot({ status, size = 12, urgency }: { status: number; size?: number; urgency?: StatusUrgency }) {
  const colour = statusColour(status, urgency);
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: statusHex[colour],
        border: '1px solid',
        borderColor: colour === 'white' ? 'grey.500' : statusHex[colour],
      }}
    />
  );
}

/**
 * The status of an item as a coloured chip with its translated name. Given the item's due date
 * and derived overdue flag, an overdue item's chip is red and says so in words as well.
 */
export function StatusChip({ status, urgency }: { status: number; urgency?: StatusUrgency }) {
  const { t } = useTranslation();
  const colour = statusColour(status, urgency);
  return (
    <Chip
      size="small"
      label={statusLabel(t, status, urgency)}
      data-status-colour={colour}
      sx={{
        bgcolor: statusHex[colour],
        color: statusTextHex[colour],
        border: '1px solid',
        borderColor: colour === 'white' ? 'grey.400' : statusHex[colour],
        fontWeight: 600,
        maxWidth: '100%',
      }}
    />
  );
}

/** What the colour rule needs of an item: its due date and the server's derived overdue flag. */
export function urgencyOf(item: { dueDate?: string | null; derived?: Record<string, unknown> }): StatusUrgency {
  return { dueDate: item.dueDate ?? null, overdue: item.derived?.overdue === true };
}
