import type { SxProps, Theme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { paginationLabels } from './grid-locale';
import { GRID_PAGE_SIZES, type GridView } from './use-server-grid';

/**
 * The paginator under a server-paged list drawn as a table or as cards (where a grid does not
 * fit): page and page size written back to the view, and so to the URL.
 */
export function ServerPagination({
  view,
  setView,
  total,
  fixedSize = false,
  sx,
}: {
  view: GridView;
  setView: (patch: Partial<GridView>) => void;
  total: number;
  /** No page-size choice (a phone has no room for it beside the arrows). */
  fixedSize?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={view.page}
      rowsPerPage={view.pageSize}
      rowsPerPageOptions={fixedSize ? [] : [...GRID_PAGE_SIZES]}
      {...paginationLabels(t)}
      onPageChange={(_event, next) => setView({ page: Math.max(0, next) })}
      onRowsPerPageChange={(event) => setView({ pageSize: Number(event.target.value) })}
      sx={sx}
    />
  );
}
