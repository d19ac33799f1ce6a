import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A failed load above a list or page: the reason and a retry, while the query is in error. It
 * keeps a gap below, unless the layout around it sets the spacing (`flush`) or its own (`sx`).
 */
export function RetryAlert({
  query,
  children,
  flush = false,
  sx = { mb: 2 },
}: {
  query: { isError: boolean; refetch: () => unknown };
  children: ReactNode;
  flush?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <Alert
      severity="error"
      sx={flush ? undefined : sx}
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
