import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { LifecycleStatus } from '@pc/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const tone: Record<LifecycleStatus, 'info' | 'success' | 'warning' | 'default'> = {
  InTrial: 'info',
  Active: 'success',
  Cancelled: 'warning',
  Ended: 'default',
};

export function StatusChip({ status }: { status: LifecycleStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={tone[status]} label={t(`billing.status.${status}`)} />;
}

/** Label/value pairs of a card, two columns from sm up. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 35%) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
