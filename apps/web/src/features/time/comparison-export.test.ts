import type { TimeComparisonRow } from '@pc/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type ComparisonExport,
  comparisonFileName,
  comparisonWorkbook,
  HOURS_FORMAT,
  PERCENT_FORMAT,
  periodName,
} from './comparison-export';

const row = (over: Partial<TimeComparisonRow>): TimeComparisonRow => ({
  companyId: null,
  companyName: 'Bäckerei Schmidt',
  parentCompanyId: null,
  parentCompanyName: null,
  projectId: null,
  projectName: 'Betreuung',
  issueId: null,
  issueNumber: null,
  issueName: null,
  userId: null,
  userName: null,
  referenceDate: '2026-11-01',
  year: 2026,
  month: 11,
  week: null,
  budget: 10,
  plannedTime: 8,
  futurePlannedTime: 2,
  bookedTime: 6.25,
  projectedTime: 8.25,
  delta: 1.75,
  projectedDelta: -0.25,
  bookedPlannedPercentage: 78.1,
  plannedBudgetPercentage: 80,
  bookedBudgetPercentage: 62.5,
  bookedTimeOfPlannedHoursByProject: 40,
  ...over,
});

const input: ComparisonExport = {
  title: 'Zeitvergleich',
  grouping: { bookedFor: 'Unternehmen', bookedBy: 'Alle', dateGrouping: 'Monat' },
  from: '2026-11-01',
  until: '2026-11-30',
  periodLabel: 'Zeitraum (von, bis)',
  totalLabel: 'Summe',
  filters: [
    ['Gebucht für', 'Unternehmen'],
    ['Unternehmen', 'Alle'],
  ],
  columns: [
    { field: 'referenceDate', header: 'Zeitraum', kind: 'text' },
    { field: 'companyName', header: 'Unternehmen', kind: 'text' },
    { field: 'budget', header: 'Budget', kind: 'hours' },
    { field: 'plannedTime', header: 'Geplant', kind: 'hours' },
    { field: 'bookedTime', header: 'Gebucht', kind: 'hours' },
    { field: 'bookedPlannedPercentage', header: 'Gebucht/Geplant', kind: 'percent' },
  ],
  rows: [
    row({}),
    row({ companyName: '=HYPERLINK("x")', budget: null, plannedTime: 2, bookedTime: 0.75, bookedPlannedPercentage: 37.5 }),
  ],
  text: (r, field) => (field === 'referenceDate' ? '11/2026' : String(r[field as keyof TimeComparisonRow] ?? '')),
};

describe('time comparison export', () => {
  it('is named after the view and the period', () => {
    expect(comparisonFileName(input, true)).toBe('Zeitvergleich Unternehmen Monat 2026-11.xlsx');
    expect(comparisonFileName({ ...input, grouping: { ...input.grouping, bookedBy: 'Person' } }, false)).toBe(
      'Zeitvergleich Unternehmen Person Monat 2026-11.xlsx',
    );
    expect(periodName('2026-01-01', '2026-12-31')).toBe('2026');
    expect(periodName('2026-02-01', '2026-02-28')).toBe('2026-02');
    expect(periodName('2026-11-03', '2026-11-30')).toBe('2026-11-03 – 2026-11-30');
  });

  it('writes a header block, hours as numbers with two decimals, percent cells and a totals row', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await comparisonWorkbook(input));
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Zeitvergleich');
    expect(ws.getCell('A2').value).toBe('Zeitraum (von, bis)');
    expect((ws.getCell('B2').value as Date).toISOString().slice(0, 10)).toBe('2026-11-01');
    expect((ws.getCell('C2').value as Date).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect([ws.getCell('A3').value, ws.getCell('B3').value]).toEqual(['Gebucht für', 'Unternehmen']);
    const header = 6;
    expect(ws.getRow(header).getCell(5).value).toBe('Gebucht');
    const first = ws.getRow(header + 1);
    expect(first.getCell(5).value).toBe(6.25);
    expect(first.getCell(5).numFmt).toBe(HOURS_FORMAT);
    expect(first.getCell(6).value).toBeCloseTo(0.781, 5);
    expect(first.getCell(6).numFmt).toBe(PERCENT_FORMAT);
    // A text that would run as a formula is written as text.
    expect(ws.getRow(header + 2).getCell(2).value).toBe(`'=HYPERLINK("x")`);
    const total = ws.getRow(header + 3);
    expect(total.getCell(1).value).toBe('Summe');
    expect(total.getCell(3).value).toBe(10);
    expect(total.getCell(4).value).toBe(10);
    expect(total.getCell(5).value).toBe(7);
    // The total percentage is recomputed from the sums, not added up.
    expect(total.getCell(6).value).toBeCloseTo(0.7, 5);
    expect(total.getCell(6).numFmt).toBe(PERCENT_FORMAT);
  });
});
