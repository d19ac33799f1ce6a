import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A failed load above a list or page: the reason and a retry, while the query is in error. It
 * keeps a gap below, unless the layout around it sets the spacing (`flush`).
 */
export function RetryAlert({
  query,
  children,
  flush = false,
}: {
  query: { isError: boolean; refetch: () => unknown };
  children: ReactNode;
  flush?: boolean;
}) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <Alert
      severity="error"
      sx={flush ? undefined : { mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
