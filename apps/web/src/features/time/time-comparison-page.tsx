import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  bookedByGroupings,
  bookedForGroupings,
  dateGroupings,
  type TimeComparisonQuery,
  type TimeComparisonRow,
  type TimeComparisonSums,
  type TimeRecord,
} from '@pc/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { fetchAllPages } from '../../components/data-grid/export-all';
import { ExportButton } from '../../components/data-grid/export-button';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { EXPORT_PAGE_SIZE, useServerGrid } from '../../components/data-grid/use-server-grid';
import { saveBlob } from '../../components/data-grid/xlsx-export';
import { ListFilter, ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { PickersProvider } from '../../components/pickers-provider';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate, formatHours, parseDay, toDay } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';
import {
  comparisonGrouping,
  fetchTimeComparison,
  timeComparisonDefaults,
  timeComparisonQuery,
  useProjects,
  useTimeComparisonChart,
  useTimeRecordSlice,
} from './api';
import { ComparisonChart } from './comparison-chart';
import { type ComparisonExport, comparisonFileName, comparisonWorkbook } from './comparison-export';
import { ProjectFilters } from './project-filters';

type Grouping = Pick<TimeComparisonQuery, 'bookedFor' | 'bookedBy' | 'dateGrouping'>;

/** Progress colour: red at 0, yellow at 50 %, green at 100 % (and above). */
export function percentColour(p: number): string {
  const hue = Math.max(0, Math.min(100, p)) * 1.2;
  return `hsl(${hue}, 75%, 82%)`;
}

/** The last day of the row's period, for the drill-down's range. */
function periodEnd(row: TimeComparisonRow, g: TimeComparisonQuery['dateGrouping']): string {
  const d = parseDay(row.referenceDate)!;
  if (g === 'Year') return toDay(new Date(d.getFullYear(), 11, 31));
  if (g === 'Month') return toDay(new Date(d.getFullYear(), d.getMonth() + 1, 0));
  if (g === 'Week') return toDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 6));
  return row.referenceDate;
}

/**
 * /time-comparison: booked against planned hours and budget, grouped by the
 * server in SQL; a row drills down to its time records and back (the grid keeps its state);
 * Excel export named after the view and period, with a header block and a totals row.
 */
export function TimeComparisonPage() {
  const { t, i18n } = useTranslation();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const lang = i18n.language;
  const [drill, setDrill] = useState<TimeComparisonRow | null>(null);
  const projects = useProjects();
  const comparisonQuery = useMemo(() => timeComparisonQuery(scopeId), [scopeId]);
  const grid = useServerGrid({ query: comparisonQuery, defaults: timeComparisonDefaults });
  const { view, query } = grid;
  const { companyId, projectId } = view.filters;
  const grouping = comparisonGrouping(view);
  const from = view.range.from ? toDay(view.range.from) : null;
  const until = view.range.until ? toDay(view.range.until) : null;
  const withBudget = grouping.bookedFor === 'Company' && grouping.dateGrouping === 'Month';
  const chart = useTimeComparisonChart(view);

  const periodLabel = (r: Pick<TimeComparisonRow, 'referenceDate' | 'year' | 'month' | 'week'>) => {
    switch (grouping.dateGrouping) {
      case 'Year':
        return String(r.year);
      case 'Month':
        return `${String(r.month).padStart(2, '0')}/${r.year}`;
      case 'Week':
        return t('time.comparison.weekLabel', { week: r.week, year: r.year });
      case 'Day':
        return formatDate(r.referenceDate);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: periodLabel follows from grouping and t.
  const columns = useMemo<GridColDef<TimeComparisonRow>[]>(() => {
    // Columns share the width (with a floor) and headers wrap, so all of them show at 1440 px.
    const hoursCol = (field: keyof TimeComparisonRow, minWidth = 71): GridColDef<TimeComparisonRow> => ({
      field,
      headerName: t(`time.comparison.field.${field}`),
      flex: 1,
      minWidth,
      type: 'number',
      sortable: false,
      valueFormatter: (v: number | null) => (v == null ? '' : formatHours(v, lang)),
    });
    const percentCol = (field: keyof TimeComparisonRow): GridColDef<TimeComparisonRow> => ({
      ...hoursCol(field, 78),
      valueFormatter: (v: number | null) =>
        v == null ? '' : `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 }).format(v)} %`,
      cellClassName: 'percent',
      renderCell: (p) =>
        p.value == null ? null : (
          <Box
            sx={{
              bgcolor: percentColour(p.value as number),
              color: 'rgba(0,0,0,0.87)',
              px: 1,
              borderRadius: 1,
              width: '100%',
              textAlign: 'right',
            }}
          >
            {p.formattedValue}
          </Box>
        ),
    });
    const cols: GridColDef<TimeComparisonRow>[] = [
      {
        field: 'referenceDate',
        headerName: t('time.comparison.field.period'),
        flex: 0.9,
        minWidth: 84,
        sortable: false,
        valueGetter: (_v, r) => periodLabel(r),
      },
    ];
    if (grouping.bookedFor !== 'Global') {
      cols.push(
        { field: 'companyName', headerName: t('time.field.company'), flex: 1.6, minWidth: 130, sortable: false },
        { field: 'projectName', headerName: t('time.field.project'), flex: 1.4, minWidth: 120, sortable: false },
      );
    }
    if (grouping.bookedFor === 'Issue')
      cols.push({
        field: 'issueName',
        headerName: t('time.field.item'),
        flex: 1.6,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, r) =>
          r.issueId ? [r.issueNumber, r.issueName].filter(Boolean).join(' ') : t('time.comparison.noItem'),
      });
    if (grouping.bookedBy === 'User')
      cols.push({ field: 'userName', headerName: t('time.field.user'), flex: 1.2, minWidth: 120, sortable: false });
    if (withBudget) cols.push(hoursCol('budget'));
    cols.push(
      hoursCol('plannedTime'),
      hoursCol('futurePlannedTime'),
      hoursCol('bookedTime'),
      hoursCol('projectedTime'),
      hoursCol('delta'),
      hoursCol('projectedDelta'),
      percentCol('bookedPlannedPercentage'),
    );
    if (withBudget) cols.push(percentCol('plannedBudgetPercentage'), percentCol('bookedBudgetPercentage'));
    cols.push(percentCol('bookedTimeOfPlannedHoursByProject'));
    return cols;
  }, [t, lang, grouping, withBudget]);

  const exportXlsx = async () => {
    if (!from || !until) return;
    const rows = await fetchAllPages((page) => fetchTimeComparison(view, page, EXPORT_PAGE_SIZE));
    const label = (key: keyof Grouping) => t(`time.comparison.${key}.${grouping[key]}`);
    const all = t('time.comparison.export.all');
    const e: ComparisonExport = {
      title: t('section.time-comparison'),
      grouping: { bookedFor: label('bookedFor'), bookedBy: label('bookedBy'), dateGrouping: label('dateGrouping') },
      from,
      until,
      periodLabel: t('time.comparison.export.period'),
      totalLabel: t('time.comparison.export.total'),
      filters: [
        [t('time.comparison.bookedFor.label'), label('bookedFor')],
        [t('time.comparison.bookedBy.label'), label('bookedBy')],
        [t('time.comparison.dateGrouping.label'), label('dateGrouping')],
        [t('time.field.company'), (projects.data ?? []).find((p) => p.companyId === companyId)?.companyName ?? all],
        [t('time.field.project'), (projects.data ?? []).find((p) => p.id === projectId)?.name ?? all],
      ],
      columns: columns.map((c) => ({
        field: c.field,
        header: c.headerName ?? c.field,
        kind: c.type !== 'number' ? 'text' : c.cellClassName === 'percent' ? 'percent' : 'hours',
      })),
      rows,
      text: (r, field) => {
        if (field === 'referenceDate') return periodLabel(r);
        if (field === 'issueName') return r.issueId ? `${r.issueNumber ?? ''} ${r.issueName ?? ''}`.trim() : '';
        const v = r[field as keyof TimeComparisonRow];
        return v == null ? '' : String(v);
      },
    };
    const buffer = await comparisonWorkbook(e);
    saveBlob(
      new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      comparisonFileName(e, grouping.bookedBy === 'Global'),
    );
  };

  const title = t('section.time-comparison');
  const select = <K extends keyof Grouping>(key: K, options: readonly Grouping[K][]) => (
    <ListFilter
      grid={grid}
      name={key}
      label={t(`time.comparison.${key}.label`)}
      width={170}
      options={options.map((o) => [o, t(`time.comparison.${key}.${o}`)] as const)}
    />
  );

  return (
    <PickersProvider>
      <PageHeader title={title} actions={!drill && <ExportButton onExport={exportXlsx} disabled={!query.data?.total} />} />
      {drill ? (
        <DrillDown
          row={drill}
          label={periodLabel(drill)}
          grouping={grouping}
          from={from!}
          until={until!}
          onBack={() => setDrill(null)}
        />
      ) : (
        <>
          <ListToolbar grid={grid} range={{}}>
            {select('bookedFor', bookedForGroupings)}
            {select('bookedBy', bookedByGroupings)}
            {select('dateGrouping', dateGroupings)}
            <ProjectFilters grid={grid} width={200} />
          </ListToolbar>
          {(!from || !until) && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('time.comparison.needRange')}
            </Alert>
          )}
          <RetryAlert query={query}>{t('time.comparison.loadFailed')}</RetryAlert>
          {chart.data && chart.data.periods.length > 0 && <ComparisonChart chart={chart.data} periodLabel={periodLabel} />}
          <ServerDataGrid<TimeComparisonRow>
            grid={grid}
            label={title}
            getRowId={(r) => [r.referenceDate, r.companyId, r.projectId, r.issueId, r.userId].join('|')}
            columns={columns}
            onRowClick={({ row }) => setDrill(row)}
            columnHeaderHeight={76}
            sx={{
              '& .MuiDataGrid-columnHeaderTitle': {
                whiteSpace: 'normal',
                lineHeight: 1.2,
                fontSize: '0.8rem',
                hyphens: 'auto',
                // Chromium on Linux has no German hyphenation: a long word breaks rather than being cut off.
                overflowWrap: 'anywhere',
              },
              '& .MuiDataGrid-columnHeaderTitleContainerContent': { overflow: 'visible' },
            }}
            emptyText={t('time.comparison.empty')}
          />
          {query.data && query.data.total > 0 && <ComparisonTotals sums={query.data.sums} withBudget={withBudget} lang={lang} />}
        </>
      )}
    </PickersProvider>
  );
}

/**
 * The hours of every row the filter matches (not only this page), and the shares recomputed from
 * those sums: a percentage is never added up.
 */
function ComparisonTotals({ sums, withBudget, lang }: { sums: TimeComparisonSums; withBudget: boolean; lang: string }) {
  const { t } = useTranslation();
  const percent = (a: number | null, b: number | null) =>
    a == null || !b
      ? null
      : `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 }).format((100 * a) / b)} %`;
  const entries: [string, string | null][] = [
    ['bookedTime', formatHours(sums.bookedTime, lang)],
    ['plannedTime', sums.plannedTime == null ? null : formatHours(sums.plannedTime, lang)],
    ['futurePlannedTime', sums.futurePlannedTime == null ? null : formatHours(sums.futurePlannedTime, lang)],
    ['bookedPlannedPercentage', percent(sums.bookedTime, sums.plannedTime)],
  ];
  if (withBudget) {
    entries.push(
      ['budget', sums.budget == null ? null : formatHours(sums.budget, lang)],
      ['bookedBudgetPercentage', percent(sums.bookedTime, sums.budget)],
    );
  }
  return (
    <Paper
      variant="outlined"
      data-testid="comparison-totals"
      sx={{ mt: 1, px: 2, py: 1, display: 'flex', flexWrap: 'wrap', columnGap: { xs: 2, sm: 4 }, rowGap: 0.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t('time.comparison.totals')}
      </Typography>
      {entries
        .filter(([, value]) => value !== null)
        .map(([field, value]) => (
          <Typography key={field} variant="body2">
            {t(`time.comparison.field.${field}`)}: <strong>{value}</strong>
          </Typography>
        ))}
    </Paper>
  );
}

/** The time records behind one comparison row, and the way back to the grid. */
function DrillDown(props: {
  row: TimeComparisonRow;
  label: string;
  grouping: Grouping;
  from: string;
  until: string;
  onBack: () => void;
}) {
  const { row, grouping } = props;
  const { t, i18n } = useTranslation();
  const [pagination, setPagination] = useState({ page: 0, pageSize: 25 });
  const start = row.referenceDate > props.from ? row.referenceDate : props.from;
  const endOfPeriod = periodEnd(row, grouping.dateGrouping);
  const end = endOfPeriod < props.until ? endOfPeriod : props.until;
  const query = useTimeRecordSlice(
    {
      from: start,
      until: end,
      companyId: row.companyId ?? undefined,
      projectId: row.projectId ?? undefined,
      userId: row.userId ?? undefined,
      itemId: row.issueId ?? undefined,
    },
    pagination.page,
    pagination.pageSize,
  );
  const columns: GridColDef<TimeRecord>[] = [
    { field: 'day', headerName: t('time.field.day'), width: 110, sortable: false, valueFormatter: (v: string) => formatDate(v) },
    {
      field: 'hours',
      headerName: t('time.field.hours'),
      width: 90,
      type: 'number',
      sortable: false,
      valueFormatter: (v: number) => formatHours(v, i18n.language),
    },
    { field: 'userName', headerName: t('time.field.user'), width: 160, sortable: false },
    { field: 'companyName', headerName: t('time.field.company'), width: 190, sortable: false },
    { field: 'projectName', headerName: t('time.field.project'), width: 170, sortable: false },
    { field: 'description', headerName: t('time.field.description'), flex: 1, minWidth: 200, sortable: false },
  ];
  const heading = [props.label, row.companyName, row.projectName, row.userName, row.issueName].filter(Boolean).join(' · ');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ArrowBack />} onClick={props.onBack}>
          {t('time.comparison.back')}
        </Button>
        <Typography variant="h6" component="h2">
          {heading}
        </Typography>
      </Box>
      <RetryAlert query={query}>{t('time.loadFailed')}</RetryAlert>
      <AppDataGrid<TimeRecord>
        label={heading}
        rows={query.data?.items ?? []}
        columns={columns}
        rowCount={query.data?.total ?? 0}
        loading={query.isFetching}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        emptyText={t('time.emptyFiltered')}
      />
    </>
  );
}
