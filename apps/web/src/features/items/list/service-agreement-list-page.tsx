import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Item, type ItemTypeKey, itemTypes, serviceAgreementKinds } from '@pc/shared';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { exportAll, useExporting } from '../../../components/data-grid/export-all';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid';
import { EXPORT_PAGE_SIZE, useServerGrid } from '../../../components/data-grid/use-server-grid';
import { LoadProblem } from '../../../components/load-problem';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/session-store';
import { fetchServiceAgreementPage, serviceAgreementPageQuery, useServiceAgreement } from '../api';
import { canWriteType } from '../detail/linked-items';
import { typeSingular } from '../labels';
import { EmptyState, EmptyStateContext } from './empty-state';
import { exportColumns } from './export-rows';
import { gridColumns } from './grid-columns';
import { type ItemColumn, itemColumns } from './item-columns';
import { RegisterFilters } from './list-filters';
import { columnOfSort, serviceAgreementDefaults, serviceAgreementParams, sortFieldOf, viewHasFilters } from './list-state';
import { useInlineStatus, useRegisterTools } from './register-tools';

const routeOf = (type: string) => itemTypes.find((t) => t.key === type)?.route ?? '/service-agreement';

/**
 * /service-agreement: the three kinds of service agreement in one list, with a kind column and
 * filter; a row opens the agreement on its own kind's route. The server lists only the kinds the
 * user may read.
 */
export function ServiceAgreementListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((s) => s.me?.id ?? '');
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const claims = useSession((s) => s.me?.claims) ?? [];
  const grid = useServerGrid({
    query: serviceAgreementPageQuery,
    defaults: serviceAgreementDefaults,
    remember: `${userId}:service-agreement`,
  });
  const { view, setView, query } = grid;
  const { exporting, run } = useExporting();

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
  const onStatus = useInlineStatus('service-agreement');
  const colDefs = useMemo(() => gridColumns(columns, (row) => routeOf(row.type), onStatus), [columns, onStatus]);
  const title = t('section.service-agreement');
  const tools = useRegisterTools({
    register: 'service-agreement',
    types: serviceAgreementKinds,
    grid,
    columns,
    colDefs,
    params: serviceAgreementParams,
    exportAll: (visible) => exportXlsx(visible),
    exporting,
    canWrite: serviceAgreementKinds.some((k) => canWriteType(claims, k)),
    runExport: run,
  });

  const resetFilters = useCallback(
    () => setView({ q: '', range: { from: null, until: null }, filters: { status: '', kind: '' } }),
    [setView],
  );
  const filtered = viewHasFilters(view) || view.filters.kind !== '';
  const empty = useMemo(() => ({ filtered, onReset: resetFilters, typeName: title }), [filtered, resetFilters, title]);

  function exportXlsx(visible: readonly ItemColumn[] = tools.visibleColumns) {
    return run(() =>
      exportAll(
        (page) => fetchServiceAgreementPage(serviceAgreementParams(view, { page, pageSize: EXPORT_PAGE_SIZE })),
        (item) => visible.map((c) => c.value(item)),
        exportColumns(visible),
      ),
    );
  }

  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            {tools.viewsMenu}
            <Button
              variant="outlined"
              startIcon={<FileDownload />}
              onClick={() => void exportXlsx()}
              disabled={exporting || !query.data?.total}
            >
              {exporting ? t('grid.exporting') : t('grid.export')}
            </Button>
          </>
        }
      />
      <RegisterFilters grid={grid}>
        <TextField
          select
          size="small"
          label={t('serviceAgreements.kind')}
          value={view.filters.kind}
          onChange={(e) => setView({ filters: { kind: e.target.value } })}
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
      </RegisterFilters>
      <RetryAlert query={query}>
        {isApiError(query.error) && query.error.status === 403 ? t('serviceAgreements.noKind') : t('items.list.loadFailed')}
      </RetryAlert>
      {tools.bar}
      <EmptyStateContext value={empty}>
        <ServerDataGrid<Item>
          grid={grid}
          label={title}
          {...tools.gridProps}
          pinnedColumns={3}
          sortFieldOf={(c) => sortFieldOf[c]}
          columnOfSort={(s) => columnOfSort(s as never)}
          onRowClick={({ row }) => void navigate({ to: `${routeOf(row.type)}/${row.id}` })}
          slots={{ noRowsOverlay: EmptyState }}
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
