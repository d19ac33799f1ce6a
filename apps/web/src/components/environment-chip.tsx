import Chip from '@mui/material/Chip';
import type { PublicConfig } from '@pc/shared';
import { useTranslation } from 'react-i18next';

// Dark text on pale fills: the label must stay readable (WCAG AA) on every environment.
const colors = {
  Development: { bg: '#e3effa', fg: '#0b4a80' },
  Test: { bg: '#fdf0dc', fg: '#7a4300' },
  Staging: { bg: '#e0f2ef', fg: '#0b5c55' },
} as const;

/** Environment label; Production shows nothing so customers never see a marker. */
export function EnvironmentChip({ environment }: { environment: PublicConfig['environment'] }) {
  const { t } = useTranslation();
  if (environment === 'Production') return null;
  const { bg, fg } = colors[environment];
  return (
    <Chip
      size="small"
      label={t(`environment.${environment}`)}
      sx={{ bgcolor: bg, color: fg, fontWeight: 600, border: '1px solid', borderColor: fg }}
    />
  );
}
