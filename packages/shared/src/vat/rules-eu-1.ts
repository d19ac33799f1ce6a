import { digitsOf, isDate, iso7064Mod11_10, luhnValid, mod11Complement, weightedSum } from './checks';
import { pattern, type VatRule } from './rule';

/**
 * EU member states Austria to France. Each rule follows the tax administration's published
 * algorithm; docs/decisions/0017-vat-validation.md lists them with their sources.
 */

/** Austria, UID: U + 8 digits; Luhn-like sum of digits 1–7 (even places doubled), check = (10 − (S + 4) mod 10) mod 10. */
const AT: VatRule = {
  format: pattern(/^U\d{8}$/),
  check: (r) => {
    let s = 0;
    for (let i = 1; i <= 7; i++) {
      const d = Number(r[i]);
      s += i % 2 === 0 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d;
    }
    return (10 - ((s + 4) % 10)) % 10 === Number(r[8]);
  },
};

/** Belgium: 10 digits starting 0 or 1 (old 9-digit numbers gain a leading 0); 97 − (first 8 mod 97) = last 2. */
const BE: VatRule = {
  format: pattern(/^([01]\d{9}|\d{9})$/),
  check: (r) => {
    const n = r.length === 9 ? `0${r}` : r;
    return 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8));
  },
};

/** Bulgaria, legal entities (9 digits): weights 1–8, on remainder 10 again with 3–10, then 10 → 0. */
function bgEntity(r: string): boolean {
  let c = weightedSum(r, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (c === 10) c = weightedSum(r, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
  return c % 10 === Number(r[8]);
}

/** Bulgaria, personal number (EGN): a birth date (month + 20 for 1800s, + 40 for 2000s) and weights 2,4,8,5,10,9,7,3,6 mod 11. */
function bgPerson(r: string): boolean {
  let year = 1900 + Number(r.slice(0, 2));
  let month = Number(r.slice(2, 4));
  if (month > 40) {
    year += 100;
    month -= 40;
  } else if (month > 20) {
    year -= 100;
    month -= 20;
  }
  if (!isDate(year, month, Number(r.slice(4, 6)))) return false;
  return (weightedSum(r, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === Number(r[9]);
}

/** Bulgaria, number of a foreigner (LNCh): weights 21,19,17,13,11,9,7,3,1 mod 10. */
const bgForeigner = (r: string) => weightedSum(r, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === Number(r[9]);

/** Bulgaria, other 10-digit numbers: weights 4,3,2,7,6,5,4,3,2, 11 − remainder. */
const bgOther = (r: string) => mod11Complement(weightedSum(r, [4, 3, 2, 7, 6, 5, 4, 3, 2])) === Number(r[9]);

const BG: VatRule = {
  format: pattern(/^\d{9,10}$/),
  check: (r) => (r.length === 9 ? bgEntity(r) : bgPerson(r) || bgForeigner(r) || bgOther(r)),
};

/** Cyprus: 8 digits (first 0, 1, 3, 4, 5 or 9, never 12) and a check letter: Σ (even places mapped) mod 26 → A–Z. */
const CY_EVEN = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const CY: VatRule = {
  format: pattern(/^(?!12)[013459]\d{7}[A-Z]$/),
  check: (r) => {
    let s = 0;
    for (let i = 0; i < 8; i++) s += i % 2 === 0 ? CY_EVEN[Number(r[i])]! : Number(r[i]);
    return String.fromCharCode(65 + (s % 26)) === r[8];
  },
};

/** Czechia, birth number (rodné číslo): YYMMDD (+50 women, +20/+70 from 2004); 10 digits divisible by 11 (remainder 10 → 0). */
function czPerson(r: string): boolean {
  const yy = Number(r.slice(0, 2));
  let month = Number(r.slice(2, 4));
  if (month > 50) month -= 50;
  const late = month > 20;
  if (late) month -= 20;
  if (r.length === 9) return !late && yy < 54 && isDate(1900 + yy, month, Number(r.slice(4, 6)));
  const year = yy < 54 ? 2000 + yy : 1900 + yy;
  if (late && year < 2004) return false;
  if (!isDate(year, month, Number(r.slice(4, 6)))) return false;
  return (Number(r.slice(0, 9)) % 11) % 10 === Number(r[9]);
}

/** Czechia: legal entities 8 digits (11 − Σ weights 8…2 mod 11; 10 → 0, 11 → 1), special 9 digits from 6, else birth numbers. */
const CZ_SPECIAL = [8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8];
const CZ: VatRule = {
  format: pattern(/^([0-8]\d{7}|\d{9,10})$/),
  check: (r) => {
    if (r.length === 8) {
      const c = 11 - (weightedSum(r, [8, 7, 6, 5, 4, 3, 2]) % 11);
      return c % 10 === Number(r[7]);
    }
    if (r.length === 9 && r[0] === '6') {
      const d = 11 - (weightedSum(r.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11);
      return CZ_SPECIAL[d - 1] === Number(r[8]);
    }
    return czPerson(r);
  },
};

/** Germany: 9 digits, first not 0; ISO 7064 MOD 11,10 over the first 8. */
const DE: VatRule = {
  format: pattern(/^[1-9]\d{8}$/),
  check: (r) => iso7064Mod11_10(r.slice(0, 8)) === Number(r[8]),
};

/** Denmark: 8 digits, first not 0; Σ weights 2,7,6,5,4,3,2,1 divisible by 11. */
const DK: VatRule = {
  format: pattern(/^[1-9]\d{7}$/),
  check: (r) => weightedSum(r, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
};

/** Estonia: 9 digits starting 10; weights 3,7,1,… and check = (10 − Σ mod 10) mod 10. */
const EE: VatRule = {
  format: pattern(/^10\d{7}$/),
  check: (r) => (10 - (weightedSum(r, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === Number(r[8]),
};

/** Finland: 8 digits; weights 7,9,10,5,8,4,2 and 11 − remainder (0 stays 0, 10 impossible). */
const FI: VatRule = {
  format: pattern(/^\d{8}$/),
  check: (r) => mod11Complement(weightedSum(r, [7, 9, 10, 5, 8, 4, 2])) === Number(r[7]),
};

/** France: the keys' alphabet leaves out I and O. */
const FR_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * France: a two-character key and the 9-digit SIREN (Luhn; Monaco's numbers, SIREN starting
 * 000, have none). Numeric key = (12 + 3 × (SIREN mod 97)) mod 97; a key with a letter encodes S
 * (digit first: 24·c1 + c2 − 10, else 34·c1 + c2 − 100) with S mod 11 = (SIREN + 1 + S div 11) mod 11.
 */
const FR: VatRule = {
  format: pattern(/^[0-9A-HJ-NP-Z]{2}\d{9}$/),
  check: (r) => {
    const siren = r.slice(2);
    if (!siren.startsWith('000') && !luhnValid(siren)) return false;
    const [a, b] = [FR_ALPHABET.indexOf(r[0]!), FR_ALPHABET.indexOf(r[1]!)];
    if (a < 10 && b < 10) return Number(r.slice(0, 2)) === (12 + 3 * (Number(siren) % 97)) % 97;
    const s = a < 10 ? a * 24 + b - 10 : a * 34 + b - 100;
    return (Number(siren) + 1 + Math.floor(s / 11)) % 11 === s % 11;
  },
};

/** Spain: check letters of personal numbers, by the number modulo 23. */
const ES_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spain, legal entities: Σ of digits in even places + digit sums of 2 × digits in odd places; control digit or letter J, A–I. */
function esEntity(r: string): boolean {
  const ds = digitsOf(r.slice(1, 8));
  let s = 0;
  for (let i = 0; i < 7; i++) s += i % 2 === 0 ? Math.floor((2 * ds[i]!) / 10) + ((2 * ds[i]!) % 10) : ds[i]!;
  const c = (10 - (s % 10)) % 10;
  // Sources disagree on which kinds of entity write the control as a letter (public bodies,
  // non-residents: N, P, Q, R, S, W) and which as a digit, so either spelling of it is taken.
  return r[8] === String(c) || r[8] === 'JABCDEFGHI'[c];
}

/**
 * Spain's four formats: legal entities (NIF of companies, letter + 7 digits + control), Spanish
 * citizens (DNI, 8 digits + letter), foreigners (NIE, X/Y/Z + 7 digits + letter, X/Y/Z read as
 * 0/1/2) and other individuals (K, L, M + 7 digits + letter).
 */
const ES: VatRule = {
  format: pattern(/^([ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]|\d{8}[A-Z]|[XYZ]\d{7}[A-Z]|[KLM]\d{7}[A-Z])$/),
  check: (r) => {
    const last = r[8];
    if (/^\d{8}/.test(r)) return ES_LETTERS[Number(r.slice(0, 8)) % 23] === last;
    if ('XYZ'.includes(r[0]!)) return ES_LETTERS[Number(`${'XYZ'.indexOf(r[0]!)}${r.slice(1, 8)}`) % 23] === last;
    if ('KLM'.includes(r[0]!)) return ES_LETTERS[Number(r.slice(1, 8)) % 23] === last;
    return esEntity(r);
  },
};

export const euRules1 = { AT, BE, BG, CY, CZ, DE, DK, EE, ES, FI, FR } as const;
