/** A weekly point of a register's trend. */
export interface TrendPoint {
  day: string;
  open: number;
  overdue: number;
}

/**
 * The SVG path of a line through `values`, evenly spaced over `width`, 0 at the bottom of `height`
 * and `max` at its top (a flat zero line when max is 0); `pad` keeps the stroke inside.
 */
export function sparkPath(values: readonly number[], width: number, height: number, max: number, pad = 1.5): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (v: number) => height - pad - (max > 0 ? (v / max) * (height - 2 * pad) : 0);
  const r = (n: number) => Math.round(n * 10) / 10;
  return values.map((v, i) => `${i === 0 ? 'M' : 'L'}${r(pad + i * step)} ${r(y(v))}`).join(' ');
}

/** What the trend's text says: open and overdue at the first point and now, and the first point's day. */
export function trendSummary(points: readonly TrendPoint[]) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  return { since: first.day, openThen: first.open, openNow: last.open, overdueThen: first.overdue, overdueNow: last.overdue };
}
