import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/messages';
import { ServerPagination } from './server-pagination';
import type { ServerGrid } from './use-server-grid';

interface PagedTableCardProps<R> {
  /** The list's state from `useServerGrid`. */
  grid: Pick<ServerGrid<R>, 'view' | 'setView' | 'query'>;
  /** What stands above the rows: a heading or a caption. */
  header: ReactNode;
  /** The rows as a table, and as a list for phones (a table would not fit). */
  rows: { table: ReactNode; list: ReactNode };
  /** Shown when the page has no rows. */
  empty: string;
  /** A failed action on a row, shown as the page's own load failure is. */
  failure?: unknown;
  labelledBy?: string;
  testId?: string;
}

/**
 * A server-paged list that is no DataGrid (a log): a card with the loading bar, its header, a
 * failure, the rows (a list on phones), the empty text and the paginator.
 */
export function PagedTableCard<R>({ grid, header, rows, empty, failure = null, labelledBy, testId }: PagedTableCardProps<R>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { view, setView, query } = grid;
  return (
    <Card component="section" aria-labelledby={labelledBy} data-testid={testId}>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 1.5, pb: 1.5 }}>{header}</Box>
      {(query.isError || failure !== null) && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorText(t, query.error ?? failure)}
        </Alert>
      )}
      {phone ? rows.list : rows.table}
      {query.data && query.data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          {empty}
        </Typography>
      )}
      <ServerPagination
        view={view}
        setView={setView}
        total={query.data?.total ?? 0}
        // Phones keep the page size: the selector would not fit next to the arrows.
        fixedSize={phone}
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
    </Card>
  );
}
