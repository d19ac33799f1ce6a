import type { GridColDef } from '@mui/x-data-grid';
import type { TimeBudgetElement } from '@pc/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { ExportButton } from '../../components/data-grid/export-button';
import { downloadXlsx } from '../../components/data-grid/xlsx-export';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { formatHours, formatMoney, toDay } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';
import { useTimeBudgetElements } from './api';

const amountFields = ['budget', 'flatRate', 'hourlyRate', 'personSpecificHourlyRate'] as const;
type AmountField = (typeof amountFields)[number];

/**
 * /time-budget-element: every project's budget, flat rate and rates, one row per
 * person-specific rate; Excel export named with the date and the plural name.
 */
export function TimeBudgetElementPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const query = useTimeBudgetElements(scopeId);
  const rows = (query.data ?? []).map((r, i) => ({ ...r, id: `${r.projectId}-${i}` }));
  // The server leaves the amounts out for a caller who may not see a project's terms: their columns go too.
  const withAmounts = (query.data ?? []).some((r) => amountFields.some((f) => f in r));
  const columns = useMemo<GridColDef<TimeBudgetElement & { id: string }>[]>(() => {
    const all: GridColDef<TimeBudgetElement & { id: string }>[] = [
      { field: 'companyName', headerName: t('time.field.company'), width: 200 },
      { field: 'projectName', headerName: t('time.field.project'), flex: 1, minWidth: 180 },
      {
        field: 'budget',
        headerName: t('time.project.budgetHours'),
        width: 150,
        type: 'number',
        valueFormatter: (v: number | null) => (v == null ? '' : formatHours(v, lang)),
      },
      {
        field: 'flatRate',
        headerName: t('time.project.flatRate'),
        width: 180,
        type: 'number',
        valueFormatter: (v: number | null) => formatMoney(v, lang),
      },
      {
        field: 'hourlyRate',
        headerName: t('time.project.hourlyRate'),
        width: 150,
        type: 'number',
        valueFormatter: (v: number | null) => formatMoney(v, lang),
      },
      { field: 'fullname', headerName: t('time.field.user'), width: 180 },
      {
        field: 'personSpecificHourlyRate',
        headerName: t('time.budget.personRate'),
        width: 230,
        type: 'number',
        valueFormatter: (v: number | null) => formatMoney(v, lang),
      },
    ];
    return all.filter((c) => withAmounts || !amountFields.includes(c.field as AmountField));
  }, [t, lang, withAmounts]);
  const title = t('section.time-budget-element');

  const exportXlsx = () =>
    downloadXlsx(
      columns.map((c) => ({ header: c.headerName ?? c.field })),
      (query.data ?? []).map((r) => columns.map((c) => r[c.field as keyof TimeBudgetElement] ?? null)),
      `${toDay(new Date())} ${t('time.budget.plural')}.xlsx`,
    );

  return (
    <>
      <PageHeader title={title} actions={<ExportButton onExport={exportXlsx} disabled={!query.data?.length} />} />
      <RetryAlert query={query}>{t('time.budget.loadFailed')}</RetryAlert>
      <AppDataGrid label={title} rows={rows} columns={columns} loading={query.isFetching} emptyText={t('time.project.empty')} />
    </>
  );
}
