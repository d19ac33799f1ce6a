import { formatGridDateTime } from '../lib/format';

/** A date range: from, until (either may be open). */
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

/** Real calendar dates have years 1900–2199. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** What a date field holds: nothing, an unfinished entry, an impossible or out-of-range date, or a date. */
export type PickedDate =
  | { kind: 'empty' }
  | { kind: 'partial' }
  | { kind: 'invalid' }
  | { kind: 'outOfRange' }
  | { kind: 'date'; date: Date };

/**
 * Judges a picker value together with the field's text (e.g. "31.02.2026" or "31.02.JJJJ"): an
 * invalid value whose text still shows a placeholder is unfinished, not wrong.
 */
export function judgePicked(value: Date | null, text: string): PickedDate {
  if (value === null) return { kind: 'empty' };
  if (Number.isNaN(value.getTime())) return /\p{L}/u.test(text) ? { kind: 'partial' } : { kind: 'invalid' };
  const year = value.getFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) return { kind: 'outOfRange' };
  return { kind: 'date', date: value };
}

export const isEmptyRange = (r: DateRange) => !r.from && !r.until;

/** The query parameters the grid sends ("YYYY-MM-DD HH:mm:ss"). */
export function dateRangeParams(range: DateRange): { from?: string; until?: string } {
  const params: { from?: string; until?: string } = {};
  if (range.from) params.from = formatGridDateTime(range.from);
  if (range.until) params.until = formatGridDateTime(range.until);
  return params;
}
