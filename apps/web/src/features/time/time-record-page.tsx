import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type TimeRecord, timeRecordSortFields } from '@pc/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAll } from '../../components/data-grid/export-all';
import { ExportButton } from '../../components/data-grid/export-button';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { EXPORT_PAGE_SIZE, useServerGrid } from '../../components/data-grid/use-server-grid';
import { ListFilter, ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { PickersProvider } from '../../components/pickers-provider';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate, formatHours, parseDay } from '../../lib/format';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useUserLookup } from '../../lib/user-lookup';
import { fetchTimeRecordView, timeRecordListDefaults, timeRecordPageQuery } from './api';
import { ProjectFilters } from './project-filters';
import { ProjectsPanel } from './projects-panel';
import { TimeRecordDialog } from './time-record-dialog';

const sortFieldOf = (column: string) => timeRecordSortFields.find((f) => f === column);

/**
 * /time-record: the caller's time records (everyone's with TimeRecords.ReadAll) in the date range
 * (the current week to begin with), filtered by company, project and person, sorted
 * and paged by the server, with the sums of all matching records under the grid and Excel export;
 * a second tab holds the projects register.
 */
export function TimeRecordPage() {
  const { t, i18n } = useTranslation();
  const me = useSession((s) => s.me);
  const scopeId = me?.scopeCompany?.id ?? null;
  const canBook = hasClaim(me, 'TimeRecords.Write');
  const readsAll = hasClaim(me, 'TimeRecords.ReadAll');
  const [tab, setTab] = useState<'records' | 'projects'>('records');
  const [dialog, setDialog] = useState<{ record: TimeRecord | null } | null>(null);
  const users = useUserLookup();
  const recordQuery = useMemo(() => timeRecordPageQuery(scopeId), [scopeId]);
  const grid = useServerGrid({ query: recordQuery, defaults: timeRecordListDefaults });
  const { view, query } = grid;
  const { companyId, projectId, userId } = view.filters;
  const hours = (h: number) => formatHours(h, i18n.language);

  const columns = useMemo<GridColDef<TimeRecord>[]>(
    () => [
      { field: 'day', headerName: t('time.field.day'), width: 110, valueFormatter: (v: string) => formatDate(v) },
      {
        field: 'hours',
        headerName: t('time.field.hours'),
        width: 90,
        type: 'number',
        valueFormatter: (v: number) => formatHours(v, i18n.language),
      },
      { field: 'user', headerName: t('time.field.user'), width: 160, valueGetter: (_v, row) => row.userName },
      { field: 'company', headerName: t('time.field.company'), width: 190, valueGetter: (_v, row) => row.companyName },
      { field: 'project', headerName: t('time.field.project'), width: 190, valueGetter: (_v, row) => row.projectName },
      { field: 'description', headerName: t('time.field.description'), flex: 1, minWidth: 220 },
      {
        field: 'item',
        headerName: t('time.field.item'),
        width: 180,
        sortable: false,
        valueGetter: (_v, row) => row.itemName ?? '',
      },
      {
        field: 'billable',
        headerName: t('time.field.billable'),
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => (row.billable ? t('items.yes') : t('items.no')),
      },
    ],
    [t, i18n.language],
  );

  const exportXlsx = () =>
    exportAll(
      (page) => fetchTimeRecordView(view, page, EXPORT_PAGE_SIZE),
      (r) => [
        parseDay(r.day),
        r.hours,
        r.userName,
        r.companyName,
        r.projectName,
        r.description,
        r.itemName ?? '',
        r.billable ? t('items.yes') : t('items.no'),
      ],
      columns.map((c) => ({ header: c.headerName ?? c.field, format: c.field === 'day' ? ('date' as const) : undefined })),
    );

  const title = t('section.time-record');
  const filtered = !!(view.range.from || view.range.until || companyId || projectId || userId);
  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          tab === 'records' && (
            <>
              <ExportButton onExport={exportXlsx} disabled={!query.data?.total} />
              {canBook && (
                <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ record: null })}>
                  {t('time.record.book')}
                </Button>
              )}
            </>
          )
        }
      />
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="records" label={t('time.tab.records')} />
        <Tab value="projects" label={t('time.tab.projects')} />
      </Tabs>
      {tab === 'projects' ? (
        <ProjectsPanel />
      ) : (
        <>
          <ListToolbar grid={grid} range={{}}>
            <ProjectFilters grid={grid} width={220} companyInProject />
            {readsAll && (
              <ListFilter
                grid={grid}
                name="userId"
                label={t('time.field.user')}
                width={200}
                all={t('time.all')}
                options={(users.data ?? []).map((u) => [u.id, u.name] as const)}
              />
            )}
          </ListToolbar>
          <RetryAlert query={query}>{t('time.loadFailed')}</RetryAlert>
          <ServerDataGrid<TimeRecord>
            grid={grid}
            label={title}
            columns={columns}
            sortFieldOf={sortFieldOf}
            onRowClick={({ row }) => setDialog({ record: row })}
            emptyText={filtered ? t('time.emptyFiltered') : t('time.empty')}
          />
          {query.data && (
            <Paper variant="outlined" sx={{ mt: 1, px: 2, py: 1, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 4 } }}>
              <Typography variant="body2" data-testid="time-sum">
                {t('time.sum.hours')}: <strong>{hours(query.data.sumHours)}</strong>
              </Typography>
              <Typography variant="body2" data-testid="time-sum-billable">
                {t('time.sum.billable')}: <strong>{hours(query.data.sumBillableHours)}</strong>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('time.sum.records', { count: query.data.total })}
              </Typography>
            </Paper>
          )}
          {dialog && <TimeRecordDialog record={dialog.record} onClose={() => setDialog(null)} />}
        </>
      )}
    </PickersProvider>
  );
}
