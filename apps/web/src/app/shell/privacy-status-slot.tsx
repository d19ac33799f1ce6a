import Box from '@mui/material/Box';

/**
 * Where the privacy status radar will live (spec 000 §2). The radar is a later issue; until
 * then the slot renders nothing rather than a fake chart.
 */
export function PrivacyStatusSlot() {
  return <Box data-slot="privacy-status" />;
}
