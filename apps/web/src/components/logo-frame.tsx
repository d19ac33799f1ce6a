import AccountTree from '@mui/icons-material/AccountTree';
import Business from '@mui/icons-material/Business';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type Width = number | { xs: number; sm: number };

/** The frame a company's logo shows in: 150×50 as the server scales it, narrower where a phone has no room. */
export function LogoBox({ width = 150, children }: { width?: Width; children: ReactNode }) {
  return (
    <Box
      sx={{
        width,
        height: 50,
        flexShrink: 0,
        borderRadius: 1.5,
        bgcolor: 'grey.100',
        border: '1px solid',
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}

/** A company's logo in its frame, or the icon of its type while it has none. */
export function LogoFrame({
  src,
  type,
  alt,
  width,
}: {
  src: string | null | undefined;
  type: 'Company' | 'Group';
  alt: string;
  width?: Width;
}) {
  return (
    <LogoBox width={width}>
      {src ? (
        <Box component="img" src={src} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      ) : type === 'Group' ? (
        <AccountTree aria-hidden />
      ) : (
        <Business aria-hidden />
      )}
    </LogoBox>
  );
}
