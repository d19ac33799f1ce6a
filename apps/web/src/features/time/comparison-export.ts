import type { TimeComparisonRow } from '@pc/shared';
import { escapeFormula } from '../../components/data-grid/xlsx-export';

export type ExportColumn = { field: string; header: string; kind: 'text' | 'hours' | 'percent' };

export interface ComparisonExport {
  /** "Zeitvergleich" */
  title: string;
  /** The grouping's labels, e.g. ["Unternehmen", "Alle", "Monat"]. */
  grouping: { bookedFor: string; bookedBy: string; dateGrouping: string };
  /** YYYY-MM-DD */
  from: string;
  until: string;
  /** Header block lines after the period: [label, value] of each grouping and filter. */
  filters: [string, string][];
  periodLabel: string;
  totalLabel: string;
  columns: ExportColumn[];
  rows: TimeComparisonRow[];
  /** The text of a text column of a row (period, company, project, issue, person). */
  text: (row: TimeComparisonRow, field: string) => string;
}

/** Hours as numbers with two decimals (decision 0043); Excel shows them in the reader's separators. */
export const HOURS_FORMAT = '#,##0.00';
/** Percentages as percent cells: the value is the fraction, shown with one decimal. */
export const PERCENT_FORMAT = '0.0%';

const lastDay = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The period in a file name: "2026-11" for a whole month, "2026" for a whole year, else "from – until". */
export function periodName(from: string, until: string): string {
  if (from.slice(0, 4) === until.slice(0, 4) && from.slice(5) === '01-01' && until.slice(5) === '12-31') return from.slice(0, 4);
  const month = from.slice(0, 7);
  if (until.slice(0, 7) === month && from.endsWith('-01') && Number(until.slice(8)) === lastDay(month)) return month;
  return `${from} – ${until}`;
}

/** "Zeitvergleich Unternehmen Monat 2026-11.xlsx": the view (booked for, by when not all, period grouping) and the period. */
export function comparisonFileName(e: Pick<ComparisonExport, 'title' | 'grouping' | 'from' | 'until'>, byAll: boolean): string {
  const parts = [
    e.title,
    e.grouping.bookedFor,
    ...(byAll ? [] : [e.grouping.bookedBy]),
    e.grouping.dateGrouping,
    periodName(e.from, e.until),
  ];
  return `${parts.join(' ').replace(/[\\/:*?"<>|]+/g, ' ')}.xlsx`;
}

const sum = (rows: TimeComparisonRow[], field: keyof TimeComparisonRow) => {
  const values = rows.map((r) => r[field]).filter((v): v is number => typeof v === 'number');
  return values.length ? Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100 : null;
};
const ratio = (a: number | null, b: number | null) => (a == null || !b ? null : a / b);

/** The totals row: hours summed, the percentages recomputed from the sums (never summed). */
export function totals(rows: TimeComparisonRow[]): Record<string, number | null> {
  const booked = sum(rows, 'bookedTime');
  const planned = sum(rows, 'plannedTime');
  const budget = sum(rows, 'budget');
  return {
    budget,
    plannedTime: planned,
    futurePlannedTime: sum(rows, 'futurePlannedTime'),
    bookedTime: booked,
    projectedTime: sum(rows, 'projectedTime'),
    delta: sum(rows, 'delta'),
    projectedDelta: sum(rows, 'projectedDelta'),
    bookedPlannedPercentage: ratio(booked, planned),
    plannedBudgetPercentage: ratio(planned, budget),
    bookedBudgetPercentage: ratio(booked, budget),
    // Planned hours of a project over all months are not in the rows: no total.
    bookedTimeOfPlannedHoursByProject: null,
  };
}

/**
 * The time comparison as a workbook: a header block (title, period, grouping and filters), the
 * grid's columns with hours as numbers and percentages as percent cells, and a totals row.
 */
export async function comparisonWorkbook(e: ComparisonExport): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(e.title.slice(0, 31));
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  ws.addRow([e.title]).font = { bold: true, size: 14 };
  const period = ws.addRow([e.periodLabel, day(e.from), day(e.until)]);
  period.getCell(1).font = { bold: true };
  period.getCell(2).numFmt = 'dd.mm.yyyy';
  period.getCell(3).numFmt = 'dd.mm.yyyy';
  for (const [label, value] of e.filters) {
    const r = ws.addRow([label, escapeFormula(value)]);
    r.getCell(1).font = { bold: true };
  }
  ws.addRow([]);
  const headerRow = ws.addRow(e.columns.map((c) => c.header));
  headerRow.font = { bold: true };
  headerRow.alignment = { wrapText: true, vertical: 'top' };
  const first = headerRow.number + 1;
  for (const row of e.rows) {
    const r = ws.addRow(
      e.columns.map((c) => {
        if (c.kind === 'text') return escapeFormula(e.text(row, c.field));
        const v = row[c.field as keyof TimeComparisonRow] as number | null;
        return v == null ? null : c.kind === 'percent' ? v / 100 : v;
      }),
    );
    e.columns.forEach((c, i) => {
      if (c.kind !== 'text') r.getCell(i + 1).numFmt = c.kind === 'percent' ? PERCENT_FORMAT : HOURS_FORMAT;
    });
  }
  const sums = totals(e.rows);
  const total = ws.addRow(e.columns.map((c, i) => (i === 0 ? e.totalLabel : c.kind === 'text' ? null : (sums[c.field] ?? null))));
  total.font = { bold: true };
  total.border = { top: { style: 'thin' } };
  e.columns.forEach((c, i) => {
    if (c.kind !== 'text') total.getCell(i + 1).numFmt = c.kind === 'percent' ? PERCENT_FORMAT : HOURS_FORMAT;
  });
  ws.columns.forEach((col, i) => {
    col.width = e.columns[i]?.kind === 'text' ? (i === 0 ? 22 : 26) : 14;
  });
  ws.views = [{ state: 'frozen', ySplit: headerRow.number }];
  ws.autoFilter = {
    from: { row: headerRow.number, column: 1 },
    to: { row: first - 1 + e.rows.length, column: e.columns.length },
  };
  return wb.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
