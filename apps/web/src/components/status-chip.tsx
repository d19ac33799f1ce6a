import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { itemStatuses, statusColour, statusHex, statusTextHex } from '@pc/shared';
import { useTranslation } from 'react-i18next';

/** The translation key of a status code's name (`status.open` …); codes above 4 count as done. */
export function statusNameKey(status: number): string {
  const known = itemStatuses.find((s) => s.code === status);
  return `status.${known?.name ?? 'done'}`;
}

/** A small round dot in the colour of a status (0 red, 1 yellow, 2 brown, 3 white, else green). */
export function StatusDot({ status, size = 12 }: { status: number; size?: number }) {
  const colour = statusColour(status);
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

/** The status of an item as a coloured chip with its translated name. */
export function StatusChip({ status }: { status: number }) {
  const { t } = useTranslation();
  const colour = statusColour(status);
  return (
    <Chip
      size="small"
      label={t(statusNameKey(status))}
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
