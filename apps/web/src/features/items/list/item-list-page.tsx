import Add from '@mui/icons-material/Add';
import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import type { GridColumnVisibilityModel, GridSortModel } from '@mui/x-data-grid';
import type { Item } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { downloadXlsx } from '../../../components/data-grid/xlsx-export';
import type { DateRange } from '../../../components/date-range';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { useStore } from '../../../lib/create-store';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { fetchItemPage, useItemPage } from '../api';
import { typePlural } from '../labels';
import { useItemType } from '../use-item-type';
import { AddMissingMeasuresButton } from './add-missing-measures';
import { EmptyState, EmptyStateContext } from './empty-state';
import { exportTable, fetchAllPages } from './export-rows';
import { gridColumns } from './grid-columns';
import { itemColumns } from './item-columns';
import { ListFilters } from './list-filters';
import {
  columnOfSort,
  DEFAULT_SORT,
  EXPORT_PAGE_SIZE,
  hasFilters,
  initialListState,
  listQueryParams,
  listStore,
  sortFieldOf,
} from './list-state';
import { RegisterReportButton } from './register-report-button';

/** A register: one generic list for every item type, paged, sorted and filtered on the server. */
export function ItemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type, route, canWrite } = useItemType();
  const userId = useSession((s) => s.me?.id ?? '');
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const store = useMemo(() => listStore(userId, type), [userId, type]);
  const state = useStore(store, (s) => s);
  const params = listQueryParams(state).toString();
  const query = useItemPage(type, params);
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  const [exporting, setExporting] = useState(false);

  const showCompany = !scope || scope.type === 'Group';
  const columns = useMemo(() => itemColumns(t, type, { showCompany }), [t, type, showCompany]);
  const colDefs = useMemo(() => gridColumns(columns, route), [columns, route]);
  const title = typePlural(t, type);

  const sortModel: GridSortModel = [{ field: columnOfSort(state.sort), sort: state.dir }];
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const sort = first ? sortFieldOf[first.field] : undefined;
    store.setState(sort && first?.sort ? { sort, dir: first.sort, page: 0 } : { ...DEFAULT_SORT, page: 0 });
  };

  const onSearch = useCallback((q: string) => store.setState({ q, page: 0 }), [store]);
  const onStatuses = useCallback((statuses: number[]) => store.setState({ statuses, page: 0 }), [store]);
  const onRange = useCallback((range: DateRange) => store.setState({ range, page: 0 }), [store]);
  const resetFilters = useCallback(() => {
    const { page, pageSize, sort, dir } = store.getState();
    store.setState({ ...initialListState(), page, pageSize, sort, dir });
  }, [store]);

  async function exportXlsx() {
    setExporting(true);
    try {
      const filters = store.getState();
      const items = await fetchAllPages((page) =>
        fetchItemPage(type, listQueryParams(filters, { page, pageSize: EXPORT_PAGE_SIZE })),
      );
      const visible = columns.filter((c) => visibility[c.key] !== false);
      const table = exportTable(visible, items);
      await downloadXlsx(table.columns, table.rows);
    } catch (error) {
      console.error(error);
      notify(t('grid.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  }

  const empty = useMemo(
    () => ({
      filtered: hasFilters(state),
      onReset: resetFilters,
      onCreate: canWrite ? () => void navigate({ to: `${route}/new` }) : undefined,
      typeName: title,
    }),
    [state, resetFilters, canWrite, navigate, route, title],
  );

  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            {type === 'measure' && canWrite && scope && (
              <AddMissingMeasuresButton
                companyId={scope.id}
                onDone={(created) => created > 0 && onRange({ from: null, until: null })}
              />
            )}
            {type === 'process' && <RegisterReportButton kind="controller" />}
            {type === 'service-agreement-with-client' && <RegisterReportButton kind="processor" />}
            <Button
              variant="outlined"
              startIcon={<FileDownload />}
              onClick={() => void exportXlsx()}
              disabled={exporting || !query.data?.total}
            >
              {exporting ? t('grid.exporting') : t('grid.export')}
            </Button>
            {canWrite && (
              <Button variant="contained" startIcon={<Add />} onClick={() => void navigate({ to: `${route}/new` })}>
                {t('items.list.new')}
              </Button>
            )}
          </>
        }
      />
      <ListFilters
        q={state.q}
        statuses={state.statuses}
        range={state.range}
        onSearch={onSearch}
        onStatuses={onStatuses}
        onRange={onRange}
      />
      <RetryAlert query={query}>{t('items.list.loadFailed')}</RetryAlert>
      <EmptyStateContext value={empty}>
        <AppDataGrid<Item>
          label={title}
          rows={query.data?.items ?? []}
          columns={colDefs}
          pinnedColumns={2}
          rowCount={query.data?.total ?? 0}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={{ page: state.page, pageSize: state.pageSize }}
          onPaginationModelChange={(m) => store.setState({ page: m.page, pageSize: m.pageSize })}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={setVisibility}
          onRowClick={({ row }) => void navigate({ to: `${route}/${row.id}` })}
          slots={{ noRowsOverlay: EmptyState }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
        />
      </EmptyStateContext>
    </PickersProvider>
  );
}
