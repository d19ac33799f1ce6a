import { z } from 'zod';

/**
 * The building blocks every request schema uses for text and dates, so that what passes
 * validation is also what PostgreSQL accepts: a string with NUL cannot be stored at all, an
 * unpaired surrogate turns silently into U+FFFD, and "2026-02-30" or year 0101 pass a
 * `\d{4}-\d{2}-\d{2}` pattern but fail or mislead in SQL.
 */

/** Text without NUL and without unpaired UTF-16 surrogates (the `u` flag pairs the valid ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing NUL is the point.
export const text = z.string().regex(/^[^\u0000\uD800-\uDFFF]*$/u, 'validation.text');

export const minYear = 1900;
export const maxYear = 2199;
const inYears = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= minYear && y <= maxYear;
};

/** A real calendar day "YYYY-MM-DD" (leap years included) between 1900 and 2199. */
export const calendarDate = z.iso
  .date({ message: 'validation.date', abort: true })
  .refine(inYears, 'validation.date')
  .meta({ description: `a calendar date, years ${minYear}–${maxYear}` });

/** An instant with offset ("2026-03-01T10:00:00Z", "…+01:00") on a real day between 1900 and 2199. */
export const dateTime = z.iso
  .datetime({ offset: true, message: 'validation.dateTime', abort: true })
  .refine(inYears, 'validation.dateTime')
  .meta({ description: `a date-time with offset, years ${minYear}–${maxYear}` });

/**
 * A wall-clock time without offset, read in the product's time zone: "YYYY-MM-DD HH:mm:ss" (the
 * grid's date-range filter) or "YYYY-MM-DDTHH:mm:ss" (the timeline's path).
 */
export function localDateTime(separator: ' ' | 'T') {
  const pattern = new RegExp(`^\\d{4}-\\d{2}-\\d{2}${separator}([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$`);
  return z
    .string()
    .regex(pattern, { message: 'validation.dateTime', abort: true })
    .refine((s) => calendarDate.safeParse(s.slice(0, 10)).success, 'validation.dateTime');
}
