import Box from '@mui/material/Box';
import type { PublicConfig } from '@pc/shared';
import { useTranslation } from 'react-i18next';

// Dark text on pale fills: the label must stay readable (WCAG AA) on every environment.
const colors = {
  Development: { bg: '#e3effa', fg: '#0b4a80' },
  Test: { bg: '#fdf0dc', fg: '#7a4300' },
  Staging: { bg: '#e0f2ef', fg: '#0b5c55' },
} as const;

/**
 * Environment label; Production shows nothing so customers never see a marker. Drawn like a
 * small chip without MUI's Chip (a label needs none of its behaviour; the splash and login
 * screen carry it, docs/decisions/0027).
 */
export function EnvironmentChip({ environment }: { environment: PublicConfig['environment'] }) {
  const { t } = useTranslation();
  if (environment === 'Production') return null;
  const { bg, fg } = colors[environment];
  return (
    <Box
      component="span"
      data-environment={environment}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1,
        borderRadius: 3,
        typography: 'body2',
        fontSize: '0.8125rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        bgcolor: bg,
        color: fg,
        border: '1px solid',
        borderColor: fg,
      }}
    >
      {t(`environment.${environment}`)}
    </Box>
  );
}
