import Add from '@mui/icons-material/Add';
import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { type TimeRecord, type TimeRecordPageQuery, timeRecordSortFields } from '@pc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { downloadXlsx } from '../../components/data-grid/xlsx-export';
import { currentWeek, type DateRange } from '../../components/date-range';
import { DateRangeFilter } from '../../components/date-range-filter';
import { PageHeader } from '../../components/page-header';
import { PickersProvider } from '../../components/pickers-provider';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate, formatHours, parseDay, toDay } from '../../lib/format';
import { notify } from '../../lib/notify';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useUserLookup } from '../../lib/user-lookup';
import { fetchTimeRecordPage, type RecordFilter, timeRecordPageUrl, useProjects } from './api';
import { ProjectsPanel } from './projects-panel';
import { TimeRecordDialog } from './time-record-dialog';

type Sort = TimeRecordPageQuery['sort'];
const EXPORT_PAGE_SIZE = 500;

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
  const [range, setRange] = useState<DateRange>(() => currentWeek());
  const [companyId, setCompanyId] = useState('');
  const [projectId, setProjectId] = useState('');
  const [userId, setUserId] = useState('');
  const [sort, setSort] = useState<{ sort: Sort; dir: 'asc' | 'desc' }>({ sort: 'day', dir: 'desc' });
  const [pagination, setPagination] = useState({ page: 0, pageSize: 25 });
  const [dialog, setDialog] = useState<{ record: TimeRecord | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  const projects = useProjects();
  const users = useUserLookup();

  const filter: RecordFilter = {
    from: range.from ? toDay(range.from) : undefined,
    until: range.until ? toDay(range.until) : undefined,
    companyId: companyId || undefined,
    projectId: projectId || undefined,
    userId: userId || undefined,
  };
  const url = timeRecordPageUrl(filter, sort.sort, sort.dir, pagination.page, pagination.pageSize);
  const query = useQuery({
    queryKey: ['time-records', 'page', scopeId, url],
    queryFn: ({ signal }) => fetchTimeRecordPage(url, signal),
    placeholderData: keepPreviousData,
    enabled: tab === 'records',
  });
  const hours = (h: number) => formatHours(h, i18n.language);
  const companies = [...new Map((projects.data ?? []).map((p) => [p.companyId, p.companyName])).entries()];
  const companyProjects = (projects.data ?? []).filter((p) => !companyId || p.companyId === companyId);
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));

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
  const sortModel: GridSortModel = [{ field: sort.sort, sort: sort.dir }];

  async function exportXlsx() {
    setExporting(true);
    try {
      const rows: TimeRecord[] = [];
      for (let page = 0; ; page++) {
        const res = await fetchTimeRecordPage(timeRecordPageUrl(filter, sort.sort, sort.dir, page, EXPORT_PAGE_SIZE));
        rows.push(...res.items);
        if (res.items.length === 0 || rows.length >= res.total) break;
      }
      await downloadXlsx(
        columns.map((c) => ({ header: c.headerName ?? c.field, format: c.field === 'day' ? ('date' as const) : undefined })),
        rows.map((r) => [
          parseDay(r.day),
          r.hours,
          r.userName,
          r.companyName,
          r.projectName,
          r.description,
          r.itemName ?? '',
          r.billable ? t('items.yes') : t('items.no'),
        ]),
      );
    } catch (error) {
      console.error(error);
      notify(t('grid.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  }

  const title = t('section.time-record');
  const filtered = !!(range.from || range.until || companyId || projectId || userId);
  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          tab === 'records' && (
            <>
              <Button
                variant="outlined"
                startIcon={<FileDownload />}
                onClick={() => void exportXlsx()}
                disabled={exporting || !query.data?.total}
              >
                {exporting ? t('grid.exporting') : t('grid.export')}
              </Button>
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
          <Paper
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              select
              size="small"
              label={t('time.field.company')}
              value={companyId}
              onChange={(e) => {
                setCompanyId(e.target.value);
                setProjectId('');
                resetPage();
              }}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              <MenuItem value="">{t('time.all')}</MenuItem>
              {companies.map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('time.field.project')}
              value={projectId}
              onChange={(e) => {
                setProjectId(e.target.value);
                resetPage();
              }}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              <MenuItem value="">{t('time.all')}</MenuItem>
              {companyProjects.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {companyId ? p.name : `${p.name} (${p.companyName})`}
                </MenuItem>
              ))}
            </TextField>
            {readsAll && (
              <TextField
                select
                size="small"
                label={t('time.field.user')}
                value={userId}
                onChange={(e) => {
                  setUserId(e.target.value);
                  resetPage();
                }}
                sx={{ width: { xs: '100%', sm: 200 } }}
              >
                <MenuItem value="">{t('time.all')}</MenuItem>
                {(users.data ?? []).map((u) => (
                  <MenuItem key={u.id} value={u.id}>
                    {u.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ flexGrow: 1, display: { xs: 'none', lg: 'block' } }} />
            <DateRangeFilter
              value={range}
              onChange={(r) => {
                setRange(r);
                resetPage();
              }}
            />
          </Paper>
          <RetryAlert query={query}>{t('time.loadFailed')}</RetryAlert>
          <AppDataGrid<TimeRecord>
            label={title}
            rows={query.data?.items ?? []}
            columns={columns}
            rowCount={query.data?.total ?? 0}
            loading={query.isFetching}
            paginationMode="server"
            sortingMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const first = model[0];
              const field = timeRecordSortFields.find((f) => f === first?.field);
              setSort(field && first?.sort ? { sort: field, dir: first.sort } : { sort: 'day', dir: 'desc' });
              resetPage();
            }}
            onRowClick={({ row }) => setDialog({ record: row })}
            slots={{
              noRowsOverlay: () => (
                <Typography color="text.secondary" sx={{ p: 3 }}>
                  {filtered ? t('time.emptyFiltered') : t('time.empty')}
                </Typography>
              ),
            }}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
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
