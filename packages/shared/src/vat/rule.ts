/**
 * One country's rule for the part of a VAT number after its prefix: `format` is the published
 * pattern (length, fixed characters, ranges), `check` the check-digit calculation (and, where a
 * number embeds a birth date, that date). `check` is asked only when `format` holds.
 */
export interface VatRule {
  format: (rest: string) => boolean;
  check: (rest: string) => boolean;
}

/** A format given as a regular expression that must match the whole rest. */
export const pattern =
  (re: RegExp) =>
  (rest: string): boolean =>
    re.test(rest);

/** For the countries whose numbers have no published check digits. */
export const noCheck = (): boolean => true;
