import type { TimeComparisonChart } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { chartModel, withAlpha } from './comparison-chart-model';

const names = { all: 'Alle', others: 'Übrige', unnamed: 'Ohne Namen' };
const label = (p: { referenceDate: string }) => p.referenceDate.slice(0, 7);

describe('chartModel', () => {
  const chart: TimeComparisonChart = {
    stackedBy: 'Company',
    periods: [
      { referenceDate: '2026-10-01', year: 2026, month: 10, week: null },
      { referenceDate: '2026-11-01', year: 2026, month: 11, week: null },
    ],
    series: [
      {
        key: '00000000-0000-4000-8000-000000000001',
        label: 'Bäckerei',
        booked: [2, 3],
        planned: [4, null],
        budget: [null, null],
      },
      {
        key: '00000000-0000-4000-8000-000000000002',
        label: 'Handel',
        booked: [0, 5.5],
        planned: [null, 6],
        budget: [null, null],
      },
      { key: null, label: null, booked: [1, 0], planned: [null, null], budget: [null, null] },
    ],
  };

  it('stacks one bar series per kind with a figure and names the rest', () => {
    const m = chartModel(chart, label, names);
    expect(m.periods).toEqual(['2026-10', '2026-11']);
    expect(m.groups.map((g) => g.name)).toEqual(['Bäckerei', 'Handel', 'Übrige']);
    // No budget anywhere: no budget bars.
    expect(m.kinds).toEqual(['booked', 'planned']);
    expect(m.series.map((s) => s.id)).toEqual([
      'booked-00000000-0000-4000-8000-000000000001',
      'booked-00000000-0000-4000-8000-000000000002',
      'booked-rest',
      'planned-00000000-0000-4000-8000-000000000001',
      'planned-00000000-0000-4000-8000-000000000002',
      'planned-rest',
    ]);
    expect(m.groups[2]!.colour).toBe('#78909c');
  });

  it('gives a table row per period and group with hours, and the totals and the top group for the summary', () => {
    const m = chartModel(chart, label, names);
    expect(m.rows).toEqual([
      { period: '2026-10', group: 'Bäckerei', booked: 2, planned: 4, budget: null },
      { period: '2026-10', group: 'Übrige', booked: 1, planned: null, budget: null },
      { period: '2026-11', group: 'Bäckerei', booked: 3, planned: null, budget: null },
      { period: '2026-11', group: 'Handel', booked: 5.5, planned: 6, budget: null },
    ]);
    expect(m.totals).toEqual({ booked: 11.5, planned: 10, budget: null });
    expect(m.top).toEqual({ name: 'Handel', booked: 5.5 });
  });

  it('names the single series of an ungrouped comparison "all" and has no top group', () => {
    const m = chartModel({ ...chart, stackedBy: 'Global', series: [chart.series[2]!] }, label, names);
    expect(m.groups.map((g) => g.name)).toEqual(['Alle']);
    expect(m.top).toBeNull();
  });

  it('writes a colour with an opacity', () => {
    expect(withAlpha('#0d5673', 0.5)).toBe('rgba(13, 86, 115, 0.5)');
  });
});
