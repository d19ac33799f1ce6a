import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicConfig } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { EnvironmentChip } from '../components/environment-chip';
import { ProductLogo } from '../components/product-logo';

interface SplashProps {
  config: PublicConfig | null;
  /** Set when the configuration could not be loaded: the API is unreachable. */
  failed?: boolean;
  onRetry?: () => void;
}

/** While initialising: logo, product name and environment label. */
export function Splash({ config, failed, onRetry }: SplashProps) {
  const { t, ready } = useTranslation();
  return (
    <Box
      component="main"
      aria-busy={!failed}
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', px: 2 }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {/* Until the configuration names the operator's logo, an empty square of its size (no flash of another mark). */}
        {config ? <ProductLogo size={72} src={config.logoUrl} /> : <Box sx={{ width: 72, height: 72 }} />}
        {config && (
          <Typography variant="h4" component="h1" color="primary.dark">
            {config.productName}
          </Typography>
        )}
        {config && ready && <EnvironmentChip environment={config.environment} />}
        {failed ? (
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography role="alert" color="error">
              {ready ? t('login.error.api_unavailable') : 'API unavailable'}
            </Typography>
            <Button variant="outlined" onClick={onRetry}>
              {ready ? t('common.retry') : 'Retry'}
            </Button>
          </Stack>
        ) : (
          <CircularProgress size={28} aria-label={ready ? t('common.loading') : 'Loading'} />
        )}
      </Stack>
    </Box>
  );
}
