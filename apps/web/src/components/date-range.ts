import { formatGridDateTime } from '../lib/format';

/** Spec 001 §3 "Date range": from, until (either may be open). */
export interface DateRange {
  from: Date | null;
  until: Date | null;
}

/** The current week, Monday 00:00:00 to Sunday 23:59:59 (local time, German convention). */
export function currentWeek(now = new Date()): DateRange {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  from.setDate(from.getDate() - ((from.getDay() + 6) % 7));
  const until = new Date(from);
  until.setDate(until.getDate() + 6);
  until.setHours(23, 59, 59, 0);
  return { from, until };
}

/** A picked day as the start or the end of that day. */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}
export function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59);
}

export const isEmptyRange = (r: DateRange) => !r.from && !r.until;

/** The query parameters the grid sends (spec 001 §9: "YYYY-MM-DD HH:mm:ss"). */
export function dateRangeParams(range: DateRange): { from?: string; until?: string } {
  const params: { from?: string; until?: string } = {};
  if (range.from) params.from = formatGridDateTime(range.from);
  if (range.until) params.until = formatGridDateTime(range.until);
  return params;
}
