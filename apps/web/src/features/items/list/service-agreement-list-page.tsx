import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Item, type ItemTypeKey, itemTypes, serviceAgreementKinds } from '@pc/shared';
import { Navigate, useParams } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid';
import { useServerGrid } from '../../../components/data-grid/use-server-grid';
import { LoadProblem } from '../../../components/load-problem';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/session-store';
import { fetchServiceAgreementPage, serviceAgreementPageQuery, useServiceAgreement } from '../api';
import { canWriteType } from '../detail/linked-items';
import { ImportButton } from '../import/import-button';
import { typeSingular } from '../labels';
import { EmptyStateContext } from './empty-state';
import { type ItemColumn, itemColumns } from './item-columns';
import { RegisterFilters } from './list-filters';
import { serviceAgreementDefaults, serviceAgreementParams, tagTypesOf, viewHasFilters } from './list-state';
import { useRegisterTools } from './register-tools';

const routeOf = (item: Pick<Item, 'type'>) => itemTypes.find((t) => t.key === item.type)?.route ?? '/service-agreement';

/**
 * /service-agreement: the three kinds of service agreement in one list, with a kind column and
 * filter; a row opens the agreement on its own kind's route. The server lists only the kinds the
 * user may read.
 */
export function ServiceAgreementListPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.me?.id ?? '');
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const claims = useSession((s) => s.me?.claims) ?? [];
  const grid = useServerGrid({
    query: serviceAgreementPageQuery,
    defaults: serviceAgreementDefaults,
    remember: `${userId}:service-agreement`,
  });
  const { view, setView, query } = grid;

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
  const title = t('section.service-agreement');
  const writable = serviceAgreementKinds.filter((k) => canWriteType(claims, k));
  const tools = useRegisterTools({
    register: 'service-agreement',
    types: serviceAgreementKinds,
    grid,
    columns,
    route: routeOf,
    params: serviceAgreementParams,
    fetchPage: fetchServiceAgreementPage,
    canWrite: writable.length > 0,
  });

  const resetFilters = useCallback(
    () => setView({ q: '', range: { from: null, until: null }, filters: serviceAgreementDefaults.filters }),
    [setView],
  );
  const filtered = viewHasFilters(view) || view.filters.kind !== '';
  const empty = useMemo(() => ({ filtered, onReset: resetFilters, typeName: title }), [filtered, resetFilters, title]);

  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            {tools.viewsMenu}
            {tools.exportButton}
            {writable.length > 0 && <ImportButton types={writable} />}
          </>
        }
      />
      <RegisterFilters grid={grid} tagTypes={tagTypesOf(serviceAgreementKinds)}>
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
        <ServerDataGrid<Item> grid={grid} label={title} {...tools.gridProps} />
      </EmptyStateContext>
    </PickersProvider>
  );
}

/** /service-agreement/{id}: the agreement's own route, whatever its kind. */
export function ServiceAgreementRedirectPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useServiceAgreement(id);
  if (query.data) return <Navigate to={`${routeOf(query.data)}/${query.data.id}`} replace />;
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
