import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A list of records in a card (API tokens, webhook endpoints): one row each, a line between them. */
export function RecordList({ labelledBy, children, sx }: { labelledBy?: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={[{ listStyle: 'none', p: 0, m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}

/** One record: what it is on the left (wrapping on phones), its buttons on the right. */
export function RecordRow({
  testId,
  actions,
  children,
  selected = false,
  inset = false,
  basis = 240,
}: {
  testId: string;
  actions: ReactNode;
  children: ReactNode;
  selected?: boolean;
  /** The row reaches the card's edges, so it keeps the card's padding itself. */
  inset?: boolean;
  /** The width the left part wraps below (px). */
  basis?: number;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        px: inset ? { xs: 2, sm: 3 } : 0,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Box sx={{ flex: `1 1 ${basis}px`, minWidth: 0 }}>{children}</Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        {actions}
      </Stack>
    </Box>
  );
}
