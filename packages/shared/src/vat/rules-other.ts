import { iso7064Mod11_10, mod11Complement, weightedSum } from './checks';
import { noCheck, pattern, type VatRule } from './rule';

/**
 * Countries outside the EU that sign-up accepts (Norway, Russia, Serbia, Switzerland, United
 * Kingdom), Andorra and Brazil. docs/decisions/0017-vat-validation.md lists the sources.
 */

/**
 * Andorra, NRT: a letter for the kind of holder (F, E, A, L, C, D, G, O, P, U), 6 digits and a
 * control letter; F stays below 700000, A and L lie from 700000 to 799999. No published check.
 */
const AD: VatRule = {
  format: pattern(/^(F[0-6]\d{5}|[AL]7\d{5}|[ECDGOPU]\d{6})[A-Z]$/),
  check: noCheck,
};

/** Brazil, CNPJ: 12 characters (digits, since 2026 also letters, valued by character code − 48) and two mod-11 check digits. */
function cnpjDigit(s: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (s.charCodeAt(i) - 48) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
const BR: VatRule = {
  format: (r) => /^[0-9A-Z]{12}\d{2}$/.test(r) && !/^(.)\1*$/.test(r),
  check: (r) =>
    cnpjDigit(r, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(r[12]) &&
    cnpjDigit(r, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(r[13]),
};

/** Switzerland, UID (after CHE): 9 digits, optionally MWST, TVA or IVA; 11 − (Σ weights 5,4,3,2,7,6,5,4 mod 11). */
const CH: VatRule = {
  format: pattern(/^\d{9}(MWST|TVA|IVA)?$/),
  check: (r) => mod11Complement(weightedSum(r, [5, 4, 3, 2, 7, 6, 5, 4])) === Number(r[8]),
};

/**
 * United Kingdom: 9 digits (12 for branch traders, the last 3 naming the branch), GD + 3 digits
 * below 500 (government departments) or HA + 3 digits from 500 (health authorities). Σ weights
 * 8…2 over the first 7 plus the last two as a number must be divisible by 97 ("modulus 97"), or
 * with 55 added ("modulus 9755", numbers from 100 0000 00 on).
 */
const GB: VatRule = {
  format: pattern(/^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/),
  check: (r) => {
    if (r.startsWith('GD') || r.startsWith('HA')) return true;
    const total = weightedSum(r, [8, 7, 6, 5, 4, 3, 2]) + Number(r.slice(7, 9));
    return total % 97 === 0 || (Number(r.slice(0, 3)) >= 100 && (total + 55) % 97 === 0);
  },
};

/** Norway, organisation number: 9 digits, optionally MVA; 11 − (Σ weights 3,2,7,6,5,4,3,2 mod 11). */
const NO: VatRule = {
  format: pattern(/^\d{9}(MVA)?$/),
  check: (r) => mod11Complement(weightedSum(r, [3, 2, 7, 6, 5, 4, 3, 2])) === Number(r[8]),
};

/** Serbia, PIB: 9 digits, ISO 7064 MOD 11,10. */
const RS: VatRule = {
  format: pattern(/^\d{9}$/),
  check: (r) => iso7064Mod11_10(r.slice(0, 8)) === Number(r[8]),
};

/** Russia, INN: 10 digits (organisations, one check digit) or 12 (persons, two); each (Σ weights mod 11) mod 10. */
const innDigit = (r: string, weights: readonly number[]) => (weightedSum(r, weights) % 11) % 10;
const RU: VatRule = {
  format: pattern(/^(\d{10}|\d{12})$/),
  check: (r) =>
    r.length === 10
      ? innDigit(r, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(r[9])
      : innDigit(r, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(r[10]) &&
        innDigit(r, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(r[11]),
};

export const otherRules = { AD, BR, CH, GB, NO, RS, RU } as const;

/** Countries whose numbers are written without a country prefix: tried when a number starts with two digits. */
export const unprefixedCountries = ['BR'] as const;
