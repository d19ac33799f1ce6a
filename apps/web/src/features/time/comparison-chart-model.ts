import type { TimeComparisonChart } from '@pc/shared';

export const chartKinds = ['booked', 'planned', 'budget'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** One colour per company or person; the summed rest is grey. */
const palette = ['#0d5673', '#c9a227', '#2e7d32', '#8e44ad', '#d35400', '#00838f'];
const restColour = '#78909c';
/** Booked bars in the full colour, planned lighter, budget lightest: the kind is the shade, the colour the group. */
export const kindAlpha: Record<ChartKind, number> = { booked: 1, planned: 0.55, budget: 0.25 };

export interface ChartGroup {
  key: string | null;
  name: string;
  colour: string;
}

export interface ChartBarSeries {
  id: string;
  kind: ChartKind;
  group: ChartGroup;
  data: (number | null)[];
}

export interface ChartTableRow {
  period: string;
  group: string;
  booked: number;
  planned: number | null;
  budget: number | null;
}

export interface ChartModel {
  periods: string[];
  groups: ChartGroup[];
  /** The kinds that have a figure anywhere (a plan exists only without person or item grouping, a budget only by company and month). */
  kinds: ChartKind[];
  /** One bar series per kind and group, stacked per kind. */
  series: ChartBarSeries[];
  /** The chart's text equivalent: one row per period and group with any hours. */
  rows: ChartTableRow[];
  totals: { booked: number; planned: number | null; budget: number | null };
  /** The group with the most booked hours, when the chart has more than one. */
  top: { name: string; booked: number } | null;
}

/** `#rrggbb` at an opacity, as `rgba()`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

const add = (xs: (number | null)[]) =>
  xs.every((x) => x === null) ? null : Math.round(xs.reduce<number>((a, b) => a + (b ?? 0), 0) * 100) / 100;

/**
 * The chart's series, table and totals from the server's answer. A series without a key is the
 * whole (stacked by nothing) or the summed rest past the named ones; names come from `names`.
 */
export function chartModel(
  chart: TimeComparisonChart,
  periodLabel: (p: TimeComparisonChart['periods'][number]) => string,
  names: { all: string; others: string; unnamed: string },
): ChartModel {
  const periods = chart.periods.map(periodLabel);
  let colourIndex = 0;
  const groups = chart.series.map(
    (s): ChartGroup => ({
      key: s.key,
      name: s.key === null ? (chart.stackedBy === 'Global' ? names.all : names.others) : (s.label ?? names.unnamed),
      colour:
        s.key === null ? (chart.stackedBy === 'Global' ? palette[0]! : restColour) : palette[colourIndex++ % palette.length]!,
    }),
  );
  const values = (kind: ChartKind) => chart.series.map((s) => s[kind] as (number | null)[]);
  const kinds = chartKinds.filter((k) => values(k).some((v) => v.some((x) => x !== null)));
  const series = kinds.flatMap((kind) =>
    chart.series.map((s, i) => ({ id: `${kind}-${s.key ?? 'rest'}`, kind, group: groups[i]!, data: s[kind] })),
  );
  const rows: ChartTableRow[] = [];
  chart.periods.forEach((_, p) => {
    chart.series.forEach((s, i) => {
      const row = {
        period: periods[p]!,
        group: groups[i]!.name,
        booked: s.booked[p] ?? 0,
        planned: s.planned[p] ?? null,
        budget: s.budget[p] ?? null,
      };
      if (row.booked || row.planned || row.budget) rows.push(row);
    });
  });
  const totals = {
    booked: add(values('booked').flat()) ?? 0,
    planned: add(values('planned').flat()),
    budget: add(values('budget').flat()),
  };
  const byGroup = chart.series.map((s, i) => ({ name: groups[i]!.name, key: s.key, booked: add(s.booked) ?? 0 }));
  const named = byGroup.filter((g) => g.key !== null).sort((a, b) => b.booked - a.booked);
  const top =
    chart.series.length > 1 && named[0] && named[0].booked > 0 ? { name: named[0].name, booked: named[0].booked } : null;
  return { periods, groups, kinds, series, rows, totals, top };
}
