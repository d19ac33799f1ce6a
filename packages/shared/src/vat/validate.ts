import { z } from 'zod';
import { text } from '../scalars';
import { countryOf, prefixesOf, type VatCountry, type VatCountryCode, vatCountries } from './countries';
import type { VatRule } from './rule';
import { euRules1 } from './rules-eu-1';
import { euRules2 } from './rules-eu-2';
import { otherRules, unprefixedCountries } from './rules-other';

export const vatRules: Record<VatCountryCode, VatRule> = { ...euRules1, ...euRules2, ...otherRules };

/** The result of a VAT number check. */
export const vatValidationResultSchema = z.object({
  /** The input normalised: upper case, without spaces, hyphens, dots and slashes. */
  value: z.string(),
  isValid: z.boolean(),
  /** The pattern fits; with `isValid` false the check digits do not. */
  isValidFormat: z.boolean(),
  isSupportedCountry: z.boolean(),
  country: z
    .object({
      name: z.string(),
      isoCode: z.object({ short: z.string(), long: z.string(), numeric: z.string() }),
    })
    .nullable(),
});
export type VatValidationResult = z.infer<typeof vatValidationResultSchema>;

export const vatValidateQuerySchema = z.object({ value: text.max(200, 'validation.tooLong').default('') });

/** Upper case; spaces (any white space), hyphens, dots and slashes removed. */
export const normaliseVatNumber = (input: string): string => input.toUpperCase().replace(/[\s\-./]/g, '');

interface Candidate {
  code: VatCountryCode;
  /** The number after the prefix; the whole number for a country without prefix. */
  rest: string;
}

/**
 * Every reading of the number: each supported country whose alpha-3, alpha-2 (or alias) or
 * numeric code opens it, and, when it starts with two digits, each country whose numbers carry
 * no prefix (those only when their format fits, so a stray number is not called Brazilian).
 */
function candidates(value: string): Candidate[] {
  const out: Candidate[] = [];
  for (const code of Object.keys(vatCountries) as VatCountryCode[]) {
    for (const prefix of prefixesOf(code)) {
      if (value.startsWith(prefix)) out.push({ code, rest: value.slice(prefix.length) });
    }
  }
  if (/^\d{2}/.test(value)) {
    for (const code of unprefixedCountries) {
      if (vatRules[code].format(value)) out.push({ code, rest: value });
    }
  }
  return out;
}

/**
 * Validates a VAT identification number: the country from its prefix, then the
 * country's format and check digits. Empty input is valid. Of several readings the best wins: a
 * valid one, else one whose format fits, else the first (e.g. EST…: Estonia's alpha-3 code or
 * Spain's ES followed by T; no Spanish number starts with T).
 */
export function validateVat(input: string): VatValidationResult {
  const value = normaliseVatNumber(input);
  if (value === '') return { value, isValid: true, isValidFormat: true, isSupportedCountry: false, country: null };
  let best: { code: VatCountryCode; score: number } | null = null;
  for (const c of candidates(value)) {
    const rule = vatRules[c.code];
    const format = rule.format(c.rest);
    const score = format ? (rule.check(c.rest) ? 2 : 1) : 0;
    if (!best || score > best.score) best = { code: c.code, score };
  }
  if (!best) return { value, isValid: false, isValidFormat: false, isSupportedCountry: false, country: null };
  return {
    value,
    isValid: best.score === 2,
    isValidFormat: best.score >= 1,
    isSupportedCountry: true,
    country: countryOf(best.code) satisfies VatCountry,
  };
}

/** True for an empty value or a valid VAT number. */
export const isValidVatNumber = (input: string): boolean => validateVat(input).isValid;

/** The message key of an invalid VAT number, on the field (a "pattern" error). */
export const VAT_NUMBER_ERROR = 'validation.vatNumber';

/**
 * A VAT-number field of a form or request: trimmed text, empty allowed, otherwise a valid number.
 * Kept as typed; `validateVat(…).value` gives the normalised form.
 */
export const vatNumberSchema = text.trim().max(50, 'validation.tooLong').refine(isValidVatNumber, VAT_NUMBER_ERROR);

/** The prefix a country's numbers are usually written with, where it is not the ISO alpha-2 code. */
const writtenPrefix: Partial<Record<VatCountryCode, string>> = { GR: 'EL', CH: 'CHE' };

/**
 * A VAT number of a company in `country`: as typed when it is valid (or empty); when it is valid
 * only with that country's prefix in front (a German number typed without "DE"), that normalised
 * form. People often leave out the prefix of their own country; the country already says it.
 */
export function vatNumberForCountry(input: string, country: string): { value: string; isValid: boolean } {
  const typed = input.trim();
  if (isValidVatNumber(typed)) return { value: typed, isValid: true };
  const code = country.trim().toUpperCase();
  if (!(code in vatCountries) || (unprefixedCountries as readonly string[]).includes(code)) {
    return { value: typed, isValid: false };
  }
  const r = validateVat(`${writtenPrefix[code as VatCountryCode] ?? code}${normaliseVatNumber(typed)}`);
  return r.isValid && r.country?.isoCode.short === code ? { value: r.value, isValid: true } : { value: typed, isValid: false };
}

/** The VAT field of a form with a country: its length here; its validity by `vatNumberFits`. */
export const vatNumberTextSchema = text.trim().max(50, 'validation.tooLong');

/** Whether a form's VAT field is empty or valid, read with the form's country (either may still be unparsed). */
export const vatNumberFits = (value: unknown, country: unknown) =>
  typeof value !== 'string' || vatNumberForCountry(value, typeof country === 'string' ? country : '').isValid;

/**
 * The options of that refinement: the error on the VAT field, checked even while other fields
 * are wrong, so that a form shows every field's error at once.
 */
export const vatNumberRefinement = (path: string) => ({ path: [path], message: VAT_NUMBER_ERROR, when: () => true });
