import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useConfig } from '../lib/config';
import { CenteredLayout } from './centered-layout';
import { ProductLogo } from './product-logo';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /**
   * A long form (the sign-up): 760 px instead of 480, and on a phone less padding and a smaller
   * title that breaks long words, so the fields keep the room.
   */
  wide?: boolean;
}

/** Public full-page views (second factor, reset link, unsubscribe, sign-up): the login card's look. */
export function AuthCard({ title, children, wide = false }: AuthCardProps) {
  const { productName } = useConfig();
  return (
    <CenteredLayout>
      <Card sx={{ width: '100%', maxWidth: wide ? 760 : 480, borderRadius: 4, boxShadow: '0 12px 40px rgba(13, 40, 60, 0.10)' }}>
        <CardContent sx={{ p: { xs: wide ? 2.5 : 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <ProductLogo size={44} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {productName}
              </Typography>
              <Typography
                variant="h5"
                component="h1"
                color="primary.dark"
                sx={{
                  lineHeight: 1.25,
                  ...(wide && { hyphens: 'auto', overflowWrap: 'anywhere', fontSize: { xs: '1.25rem', sm: '1.5rem' } }),
                }}
              >
                {title}
              </Typography>
            </Box>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
