import Add from '@mui/icons-material/Add';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import FileDownload from '@mui/icons-material/FileDownload';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { type Appointment, type AppointmentPageQuery, appointmentPageSchema, appointmentSortFields } from '@pc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { downloadXlsx } from '../../components/data-grid/xlsx-export';
import { currentWeek, type DateRange } from '../../components/date-range';
import { DateRangeFilter } from '../../components/date-range-filter';
import { PageHeader } from '../../components/page-header';
import { PickersProvider } from '../../components/pickers-provider';
import { RetryAlert } from '../../components/retry-alert';
import { apiRequest } from '../../lib/api/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { AppointmentDialog } from './appointment-dialog';

type Sort = AppointmentPageQuery['sort'];
const EXPORT_PAGE_SIZE = 500;

function pageUrl(range: DateRange, q: string, sort: Sort, dir: 'asc' | 'desc', page: number, pageSize: number) {
  const p = new URLSearchParams({ sort, dir, page: String(page), pageSize: String(pageSize) });
  if (range.from) p.set('from', range.from.toISOString());
  if (range.until) p.set('until', range.until.toISOString());
  if (q.trim()) p.set('q', q.trim());
  return `/appointment/page?${p}`;
}

const fetchPage = (url: string, signal?: AbortSignal) => apiRequest(url, { schema: appointmentPageSchema, signal });

/**
 * /appointment: the calendar's appointments as a list — the date range
 * (the current week to begin with), a text filter, sorting and paging by the server,
 * Excel export; a row opens the same dialog as the calendar, which edits or deletes by the rights
 * the server sent.
 */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const scopeId = me?.scopeCompany?.id ?? null;
  const canCreate = hasClaim(me, 'Appointment.Write');
  const [range, setRange] = useState<DateRange>(() => currentWeek());
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<{ sort: Sort; dir: 'asc' | 'desc' }>({ sort: 'start', dir: 'asc' });
  const [pagination, setPagination] = useState({ page: 0, pageSize: 25 });
  const [dialog, setDialog] = useState<{ appointment: Appointment | null } | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (text === q) return;
    const id = setTimeout(() => {
      setQ(text);
      setPagination((p) => ({ ...p, page: 0 }));
    }, 300);
    return () => clearTimeout(id);
  }, [text, q]);

  const url = pageUrl(range, q, sort.sort, sort.dir, pagination.page, pagination.pageSize);
  const query = useQuery({
    queryKey: ['appointments', 'page', scopeId, url],
    queryFn: ({ signal }) => fetchPage(url, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColDef<Appointment>[]>(
    () => [
      { field: 'start', headerName: t('calendar.field.start'), width: 170, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'end', headerName: t('calendar.field.end'), width: 170, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'title', headerName: t('calendar.field.title'), flex: 1, minWidth: 200 },
      { field: 'company', headerName: t('items.field.company'), width: 200, valueGetter: (_v, row) => row.companyName },
      {
        field: 'item',
        headerName: t('appointmentList.item'),
        width: 220,
        sortable: false,
        valueGetter: (_v, row) => row.itemName ?? '',
      },
      { field: 'attendees', headerName: t('calendar.field.attendees'), width: 220 },
    ],
    [t],
  );
  const sortModel: GridSortModel = [{ field: sort.sort, sort: sort.dir }];

  async function exportXlsx() {
    setExporting(true);
    try {
      const rows: Appointment[] = [];
      for (let page = 0; ; page++) {
        const res = await fetchPage(pageUrl(range, q, sort.sort, sort.dir, page, EXPORT_PAGE_SIZE));
        rows.push(...res.items);
        if (res.items.length === 0 || rows.length >= res.total) break;
      }
      await downloadXlsx(
        columns.map((c) => ({
          header: c.headerName ?? c.field,
          format: c.field === 'start' || c.field === 'end' ? ('datetime' as const) : undefined,
        })),
        rows.map((a) => [new Date(a.start), new Date(a.end), a.title, a.companyName, a.itemName ?? '', a.attendees]),
      );
    } catch (error) {
      console.error(error);
      notify(t('grid.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  }

  const title = t('section.appointment');
  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            <ButtonLink to="/calendar" variant="outlined" startIcon={<CalendarMonth />}>
              {t('appointmentList.calendar')}
            </ButtonLink>
            <Button
              variant="outlined"
              startIcon={<FileDownload />}
              onClick={() => void exportXlsx()}
              disabled={exporting || !query.data?.total}
            >
              {exporting ? t('grid.exporting') : t('grid.export')}
            </Button>
            {canCreate && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ appointment: null })}>
                {t('calendar.new')}
              </Button>
            )}
          </>
        }
      />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          type="search"
          label={t('appointmentList.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ flexGrow: 1, display: { xs: 'none', lg: 'block' } }} />
        <DateRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
        />
      </Paper>
      <RetryAlert query={query}>{t('appointmentList.loadFailed')}</RetryAlert>
      <AppDataGrid<Appointment>
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
          const field = appointmentSortFields.find((f) => f === first?.field);
          setSort(field && first?.sort ? { sort: field, dir: first.sort } : { sort: 'start', dir: 'asc' });
          setPagination((p) => ({ ...p, page: 0 }));
        }}
        onRowClick={({ row }) => setDialog({ appointment: row })}
        slots={{
          noRowsOverlay: () => (
            <Typography color="text.secondary" sx={{ p: 3 }}>
              {range.from || range.until || q ? t('appointmentList.emptyFiltered') : t('appointmentList.empty')}
            </Typography>
          ),
        }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      />
      {dialog && (
        <AppointmentDialog
          appointment={dialog.appointment}
          day={range.from ?? new Date()}
          canCreate={canCreate}
          onClose={() => setDialog(null)}
        />
      )}
    </PickersProvider>
  );
}
