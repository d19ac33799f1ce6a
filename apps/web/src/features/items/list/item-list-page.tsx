import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Item } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid';
import { useServerGrid } from '../../../components/data-grid/use-server-grid';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { useSession } from '../../../lib/session/session-store';
import { fetchItemPage, registerPageQuery } from '../api';
import { ImportButton } from '../import/import-button';
import { typePlural } from '../labels';
import { useItemType } from '../use-item-type';
import { AddMissingMeasuresButton } from './add-missing-measures';
import { EmptyStateContext } from './empty-state';
import { itemColumns } from './item-columns';
import { RegisterFilters } from './list-filters';
import { registerDefaults, registerParams, tagTypesOf, viewHasFilters } from './list-state';
import { RegisterReportButton } from './register-report-button';
import { useRegisterTools } from './register-tools';

const noRange = { from: null, until: null };

/** A register: one generic list for every item type, paged, sorted and filtered on the server. */
export function ItemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type, route, canWrite } = useItemType();
  const userId = useSession((s) => s.me?.id ?? '');
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const query = useMemo(() => registerPageQuery(type), [type]);
  const grid = useServerGrid({ query, defaults: registerDefaults, remember: `${userId}:${type}` });
  const { view, setView } = grid;

  const showCompany = !scope || scope.type === 'Group';
  const columns = useMemo(() => itemColumns(t, type, { showCompany }), [t, type, showCompany]);
  const title = typePlural(t, type);
  const tools = useRegisterTools({
    register: type,
    types: [type],
    grid,
    columns,
    route,
    params: registerParams,
    fetchPage: (params) => fetchItemPage(type, params),
    canWrite,
  });

  const resetFilters = useCallback(() => setView({ q: '', range: noRange, filters: registerDefaults.filters }), [setView]);

  const filtered = viewHasFilters(view);
  const empty = useMemo(
    () => ({
      filtered,
      onReset: resetFilters,
      onCreate: canWrite ? () => void navigate({ to: `${route}/new` }) : undefined,
      typeName: title,
    }),
    [filtered, resetFilters, canWrite, navigate, route, title],
  );

  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            {tools.viewsMenu}
            {type === 'measure' && canWrite && scope && (
              <AddMissingMeasuresButton companyId={scope.id} onDone={(created) => created > 0 && setView({ range: noRange })} />
            )}
            {type === 'process' && <RegisterReportButton kind="controller" />}
            {type === 'service-agreement-with-client' && <RegisterReportButton kind="processor" />}
            {tools.exportButton}
            {canWrite && <ImportButton types={[type]} />}
            {canWrite && (
              <Button variant="contained" startIcon={<Add />} onClick={() => void navigate({ to: `${route}/new` })}>
                {t('items.list.new')}
              </Button>
            )}
          </>
        }
      />
      <RegisterFilters grid={grid} tagTypes={tagTypesOf([type])} />
      <RetryAlert query={grid.query}>{t('items.list.loadFailed')}</RetryAlert>
      {tools.bar}
      <EmptyStateContext value={empty}>
        <ServerDataGrid<Item> grid={grid} label={title} {...tools.gridProps} />
      </EmptyStateContext>
    </PickersProvider>
  );
}
