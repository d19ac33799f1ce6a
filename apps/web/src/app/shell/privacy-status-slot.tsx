import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RADAR_DEFAULT_SIZE } from '../../features/radar/geometry';
import { PrivacyRadar } from '../../features/radar/privacy-radar';

/** Below this window height the radar is drawn smaller, so the menu's sections fit beside it. */
const SHORT_WINDOW = '(max-height: 860px)';

/** The privacy status radar under the logo. */
export function PrivacyStatusSlot() {
  const short = useMediaQuery(SHORT_WINDOW, { noSsr: true });
  return (
    <Box data-slot="privacy-status">
      <PrivacyRadar size={short ? Math.round(RADAR_DEFAULT_SIZE * 0.8) : RADAR_DEFAULT_SIZE} />
    </Box>
  );
}
