import Add from '@mui/icons-material/Add';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { type Appointment, appointmentSortFields } from '@pc/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { exportAll } from '../../components/data-grid/export-all';
import { ExportButton } from '../../components/data-grid/export-button';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { EXPORT_PAGE_SIZE, useServerGrid } from '../../components/data-grid/use-server-grid';
import { ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { PickersProvider } from '../../components/pickers-provider';
import { RetryAlert } from '../../components/retry-alert';
import { formatDateTime } from '../../lib/format';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { appointmentListDefaults, appointmentPageQuery, fetchAppointmentPage } from './api';
import { AppointmentDialog } from './appointment-dialog';

const sortFieldOf = (column: string) => appointmentSortFields.find((f) => f === column);

/**
 * /appointment: the calendar's appointments as a list — the date range (the current week to begin
 * with), a text filter, sorting and paging by the server, Excel export; a row opens the same dialog
 * as the calendar, which edits or deletes by the rights the server sent.
 */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const scopeId = me?.scopeCompany?.id ?? null;
  const canCreate = hasClaim(me, 'Appointment.Write');
  const query = useMemo(() => appointmentPageQuery(scopeId), [scopeId]);
  const grid = useServerGrid({ query, defaults: appointmentListDefaults });
  const { view } = grid;
  const [dialog, setDialog] = useState<{ appointment: Appointment | null } | null>(null);

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

  const exportXlsx = () =>
    exportAll(
      (page) => fetchAppointmentPage(view, page, EXPORT_PAGE_SIZE),
      (a) => [new Date(a.start), new Date(a.end), a.title, a.companyName, a.itemName ?? '', a.attendees],
      columns.map((c) => ({
        header: c.headerName ?? c.field,
        format: c.field === 'start' || c.field === 'end' ? ('datetime' as const) : undefined,
      })),
    );

  const title = t('section.appointment');
  const filtered = !!(view.range.from || view.range.until || view.q);
  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            <ButtonLink to="/calendar" variant="outlined" startIcon={<CalendarMonth />}>
              {t('appointmentList.calendar')}
            </ButtonLink>
            <ExportButton onExport={exportXlsx} disabled={!grid.query.data?.total} />
            {canCreate && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ appointment: null })}>
                {t('calendar.new')}
              </Button>
            )}
          </>
        }
      />
      <ListToolbar grid={grid} searchLabel={t('appointmentList.search')} range={{}} />
      <RetryAlert query={grid.query}>{t('appointmentList.loadFailed')}</RetryAlert>
      <ServerDataGrid<Appointment>
        grid={grid}
        label={title}
        columns={columns}
        sortFieldOf={sortFieldOf}
        onRowClick={({ row }) => setDialog({ appointment: row })}
        emptyText={filtered ? t('appointmentList.emptyFiltered') : t('appointmentList.empty')}
      />
      {dialog && (
        <AppointmentDialog
          appointment={dialog.appointment}
          day={view.range.from ?? new Date()}
          canCreate={canCreate}
          onClose={() => setDialog(null)}
        />
      )}
    </PickersProvider>
  );
}
