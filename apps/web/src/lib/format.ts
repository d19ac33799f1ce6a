/**
 * Display formats of the registers: dates DD.MM.YYYY and date-times
 * DD.MM.YYYY HH:mm in every language, and the grid filter's "YYYY-MM-DD HH:mm:ss".
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date ('YYYY-MM-DD') as a local Date at midnight, without a UTC shift; null when invalid. */
export function parseDay(value: string | null | undefined): Date | null {
  const m = value ? DAY.exec(value.slice(0, 10)) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** 'YYYY-MM-DD' of a local date. */
export function toDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** DD.MM.YYYY. Calendar dates ('YYYY-MM-DD') are taken as they are; instants in local time. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? (DAY.test(value) ? parseDay(value) : new Date(value)) : value;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${pad(d.getFullYear(), 4)}`;
}

/** DD.MM.YYYY HH:mm in local time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "YYYY-MM-DD HH:mm:ss" (local wall-clock time), the format the grid's date filter sends. */
export function formatGridDateTime(date: Date): string {
  return `${toDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A duration as "h:mm" (hours may exceed 24); negative durations get a leading minus. */
export function formatHoursMinutes(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const totalMinutes = Math.floor(Math.abs(ms) / 60_000);
  return `${sign}${Math.floor(totalMinutes / 60)}:${pad(totalMinutes % 60)}`;
}

/** File sizes: B, kB, MB with a German or English decimal separator. */
export function formatBytes(bytes: number, language = 'de'): string {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} kB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/**
 * Hours with exactly two decimals in the user's language, everywhere hours show (tile, records,
 * comparison, budgets): time is booked in quarter hours, and one decimal would show a booked
 * 0,25 h as 0,3 h (docs/decisions/0043).
 */
export function formatHours(h: number, language: string) {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(h);
}

/** Prices with two decimals and €. */
export function formatMoney(v: number | null, language: string) {
  if (v == null) return '';
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(v);
}
