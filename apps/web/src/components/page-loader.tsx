import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded section downloads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 1 }}>
      <LinearProgress aria-label={t('common.loading')} />
    </Box>
  );
}
