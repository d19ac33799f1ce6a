import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridSortModel } from '@mui/x-data-grid';
import { type Item, type ItemTypeKey, itemTypes, serviceAgreementKinds } from '@pc/shared';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { fetchAllPages } from '../../../components/data-grid/export-all';
import { downloadXlsx } from '../../../components/data-grid/xlsx-export';
import type { DateRange } from '../../../components/date-range';
import { LoadProblem } from '../../../components/load-problem';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { isApiError } from '../../../lib/api/api-error';
import { useStore } from '../../../lib/create-store';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { fetchServiceAgreementPage, useServiceAgreement, useServiceAgreementPage } from '../api';
import { typeSingular } from '../labels';
import { EmptyState, EmptyStateContext } from './empty-state';
import { exportTable } from './export-rows';
import { gridColumns } from './grid-columns';
import { type ItemColumn, itemColumns } from './item-columns';
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

type Kind = (typeof serviceAgreementKinds)[number];
const routeOf = (type: string) => itemTypes.find((t) => t.key === type)?.route ?? '/service-agreement';

/**
 * /service-agreement (spec 001 route table): the three kinds of service agreement in one list,
 * with a kind column and filter; a row opens the agreement on its own kind's route. The server
 * lists only the kinds the user may read.
 */
export function ServiceAgreementListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((s) => s.me?.id ?? '');
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const store = useMemo(() => listStore(userId, 'service-agreement'), [userId]);
  const state = useStore(store, (s) => s);
  const [kind, setKind] = useState<Kind | ''>('');
  const [exporting, setExporting] = useState(false);
  const params = useCallback(
    (override: { page?: number; pageSize?: number } = {}) => {
      const p = listQueryParams(state, override);
      if (kind) p.set('kind', kind);
      return p;
    },
    [state, kind],
  );
  const query = useServiceAgreementPage(params().toString());

  const showCompany = !scope || scope.type === 'Group';
  const columns = useMemo<ItemColumn[]>(() => {
    const [number, name, ...rest] = itemColumns(t, 'service-agreement-with-client', { showCompany });
    const kindColumn: ItemColumn = {
      key: 'kind',
      header: t('serviceAgreements.kind'),
      kind: 'text',
      sortable: false,
      width: 230,
      value: (i) => typeSingular(t, i.type as ItemTypeKey),
    };
    return [number!, name!, kindColumn, ...rest];
  }, [t, showCompany]);
  const colDefs = useMemo(() => gridColumns(columns, (row) => routeOf(row.type)), [columns]);
  const title = t('section.service-agreement');
  const sortModel: GridSortModel = [{ field: columnOfSort(state.sort), sort: state.dir }];

  const onSearch = useCallback((q: string) => store.setState({ q, page: 0 }), [store]);
  const onStatuses = useCallback((statuses: number[]) => store.setState({ statuses, page: 0 }), [store]);
  const onRange = useCallback((range: DateRange) => store.setState({ range, page: 0 }), [store]);
  const resetFilters = useCallback(() => {
    const { page, pageSize, sort, dir } = store.getState();
    store.setState({ ...initialListState(), page, pageSize, sort, dir });
    setKind('');
  }, [store]);
  const empty = useMemo(
    () => ({ filtered: hasFilters(state) || kind !== '', onReset: resetFilters, typeName: title }),
    [state, kind, resetFilters, title],
  );

  async function exportXlsx() {
    setExporting(true);
    try {
      const items = await fetchAllPages((page) => fetchServiceAgreementPage(params({ page, pageSize: EXPORT_PAGE_SIZE })));
      const table = exportTable(columns, items);
      await downloadXlsx(table.columns, table.rows);
    } catch (error) {
      console.error(error);
      notify(t('grid.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            onClick={() => void exportXlsx()}
            disabled={exporting || !query.data?.total}
          >
            {exporting ? t('grid.exporting') : t('grid.export')}
          </Button>
        }
      />
      <ListFilters
        q={state.q}
        statuses={state.statuses}
        range={state.range}
        onSearch={onSearch}
        onStatuses={onStatuses}
        onRange={onRange}
      >
        <TextField
          select
          size="small"
          label={t('serviceAgreements.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind | '');
            store.setState({ page: 0 });
          }}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('serviceAgreements.allKinds')}</MenuItem>
          {serviceAgreementKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {typeSingular(t, k)}
            </MenuItem>
          ))}
        </TextField>
      </ListFilters>
      <RetryAlert query={query}>
        {isApiError(query.error) && query.error.status === 403 ? t('serviceAgreements.noKind') : t('items.list.loadFailed')}
      </RetryAlert>
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
          onSortModelChange={(model) => {
            const first = model[0];
            const sort = first ? sortFieldOf[first.field] : undefined;
            store.setState(sort && first?.sort ? { sort, dir: first.sort, page: 0 } : { ...DEFAULT_SORT, page: 0 });
          }}
          onRowClick={({ row }) => void navigate({ to: `${routeOf(row.type)}/${row.id}` })}
          slots={{ noRowsOverlay: EmptyState }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
        />
      </EmptyStateContext>
    </PickersProvider>
  );
}

/** /service-agreement/{id}: the agreement's own route, whatever its kind. */
export function ServiceAgreementRedirectPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useServiceAgreement(id);
  if (query.data) return <Navigate to={`${routeOf(query.data.type)}/${query.data.id}`} replace />;
  if (query.isError) {
    const list = t('section.service-agreement');
    return (
      <LoadProblem
        title={list}
        error={query.error}
        notFound={t('items.detail.notFound')}
        loadFailed={t('items.detail.loadFailed')}
        back={
          <ButtonLink to="/service-agreement" startIcon={<ArrowBack />}>
            {t('items.detail.backToList', { list })}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
