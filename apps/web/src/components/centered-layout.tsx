import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Full-page views (login, sign-up, status pages when logged out): a card centred on a calm backdrop. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background:
          'radial-gradient(1200px 600px at 10% -10%, rgba(19,122,114,0.14), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(13,86,115,0.16), transparent 60%), #f3f5f8',
      }}
    >
      {children}
    </Box>
  );
}
