import type { DataGridProps, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { AppDataGrid } from './app-data-grid';
import { GRID_PAGE_SIZES, type ServerGrid } from './use-server-grid';

type Props<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  | 'rows'
  | 'rowCount'
  | 'loading'
  | 'paginationMode'
  | 'sortingMode'
  | 'filterMode'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'sortModel'
  | 'onSortModelChange'
> & {
  grid: ServerGrid<R>;
  pinnedColumns?: number;
  emptyText?: ReactNode;
  /** Grid column → the server's sort field (columns missing here sort by the list's default). */
  sortFieldOf?: (column: string) => string | undefined;
  /** Server sort field → grid column, where the two differ. */
  columnOfSort?: (sort: string) => string;
};

/**
 * The app's grid paged, sorted and filtered on the server: the rows of the current page from
 * `useServerGrid`, the paginator and the sort written back to the view (and so to the URL).
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  grid,
  sortFieldOf = (c) => c,
  columnOfSort = (s) => s,
  ...props
}: Props<R>) {
  const { view, setView, query, defaults } = grid;
  const sortModel: GridSortModel = view.sort ? [{ field: columnOfSort(view.sort), sort: view.dir }] : [];
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const sort = first ? sortFieldOf(first.field) : undefined;
    setView(sort && first?.sort ? { sort, dir: first.sort } : { sort: defaults.sort, dir: defaults.dir });
  };
  return (
    <AppDataGrid<R>
      rows={query.data?.items ?? []}
      rowCount={query.data?.total ?? 0}
      loading={query.isFetching}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={[...(defaults.pageSizes ?? GRID_PAGE_SIZES)]}
      paginationModel={{ page: view.page, pageSize: view.pageSize }}
      onPaginationModelChange={(m) => setView(m.pageSize !== view.pageSize ? { pageSize: m.pageSize } : { page: m.page })}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      {...props}
    />
  );
}
