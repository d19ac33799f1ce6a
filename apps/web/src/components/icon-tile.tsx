import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const tones = {
  primary: { bgcolor: 'rgba(13, 86, 115, 0.08)', color: 'primary.main' },
  success: { bgcolor: 'rgba(46, 125, 50, 0.10)', color: 'success.dark' },
  warning: { bgcolor: 'rgba(178, 106, 0, 0.10)', color: 'warning.main' },
} as const;

interface IconTileProps {
  children: ReactNode;
  /** The colour says what the card is about: neutral, done, or needing attention. */
  tone?: keyof typeof tones;
  size?: number;
  /** A phone has no room beside the text: the tile is left out there. */
  hideOnPhone?: boolean;
}

/** An icon on a tinted rounded square at the start of a card's text; decorative. */
export function IconTile({ children, tone = 'primary', size = 44, hideOnPhone = false }: IconTileProps) {
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: 2,
        display: hideOnPhone ? { xs: 'none', sm: 'grid' } : 'grid',
        placeItems: 'center',
        ...tones[tone],
      }}
    >
      {children}
    </Box>
  );
}
