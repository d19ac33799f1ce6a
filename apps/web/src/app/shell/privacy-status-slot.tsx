import Box from '@mui/material/Box';

import { PrivacyRadar } from '../../features/radar/privacy-radar';

/** The privacy status radar under the logo. */
export function PrivacyStatusSlot() {
  return (
    <Box data-slot="privacy-status">
      <PrivacyRadar />
    </Box>
  );
}
