import { digitsOf, isDate, iso7064Mod11_10, luhnValid, mod, weightedSum } from './checks';
import { euMemberStates, vatCountries } from './countries';
import { noCheck, pattern, type VatRule } from './rule';

/**
 * EU member states Greece to Slovakia, and the EU one-stop-shop numbers. Each rule follows the
 * published algorithm; docs/decisions/0017-vat-validation.md lists them with their sources.
 */

/** Greece: 9 digits (older 8-digit numbers gain a leading 0); Σ dᵢ·2^(9−i) over 8 digits, mod 11, mod 10. */
const GR: VatRule = {
  format: pattern(/^\d{8,9}$/),
  check: (r) => {
    const n = r.padStart(9, '0');
    return (weightedSum(n, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(n[8]);
  },
};

/** Croatia, OIB: 11 digits, ISO 7064 MOD 11,10. */
const HR: VatRule = {
  format: pattern(/^\d{11}$/),
  check: (r) => iso7064Mod11_10(r.slice(0, 10)) === Number(r[10]),
};

/** Hungary: 8 digits; Σ weights 9,7,3,1,9,7,3,1 divisible by 10. */
const HU: VatRule = {
  format: pattern(/^\d{8}$/),
  check: (r) => weightedSum(r, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0,
};

/** Ireland: check letters and their values, W = 0, A = 1 … V = 22. */
const IE_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';

/**
 * Ireland: 7 digits, a check letter and optionally a second letter (issued: A, B, H, W), or the
 * old form digit, letter (or + or *), 5 digits, check letter, read as 0 + digits 3–7 + digit 1.
 * Check letter: (Σ weights 8…2 + 9 × value of the second letter) mod 23, as a letter.
 */
const IE: VatRule = {
  format: pattern(/^(\d{7}[A-W]{1,2}|\d[A-Z+*]\d{5}[A-W])$/),
  check: (r) => {
    const n = /^\d[A-Z+*]/.test(r) ? `0${r.slice(2, 7)}${r[0]}${r[7]}` : r;
    const s = weightedSum(n, [8, 7, 6, 5, 4, 3, 2]) + 9 * (n[8] ? IE_LETTERS.indexOf(n[8]) : 0);
    return IE_LETTERS[s % 23] === n[7];
  },
};

/** Italy: 11 digits; company number (7, not all 0), office code 001–100, 120, 121, 888 or 999, Luhn check digit. */
const IT: VatRule = {
  format: (r) => {
    if (!/^\d{11}$/.test(r) || r.startsWith('0000000')) return false;
    const office = Number(r.slice(7, 10));
    return (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
  },
  check: luhnValid,
};

/**
 * Lithuania: 9 digits (8th is 1) or 12 digits (11th is 1); weights 1,2,…,9,1,2 mod 11, on 10 again
 * with weights shifted by two (3,4,…), on 10 again the check digit is 0.
 */
const LT: VatRule = {
  format: pattern(/^(\d{7}1\d|\d{10}1\d)$/),
  check: (r) => {
    const body = r.slice(0, -1);
    const sum = (shift: number) => digitsOf(body).reduce((s, d, i) => s + d * (1 + ((i + shift) % 9)), 0) % 11;
    let c = sum(0);
    if (c === 10) c = sum(2) % 10;
    return c === Number(r.at(-1));
  },
};

/** Luxembourg: 8 digits; the first six mod 89 equal the last two. */
const LU: VatRule = {
  format: pattern(/^\d{8}$/),
  check: (r) => Number(r.slice(0, 6)) % 89 === Number(r.slice(6)),
};

/**
 * Latvia: 11 digits. Legal entities (first digit above 3): Σ weights 9,1,4,8,3,10,2,5,7,6,1
 * mod 11 = 3. Persons: DDMMYY, century digit (0 = 1800s, 1 = 1900s, 2 = 2000s), 3 digits and
 * (1101 − Σ weights 1,6,3,7,9,10,5,8,4,2) mod 11 (10 written as 0). Personal codes issued since 2017 start 32 and
 * carry no date and no published check digit.
 */
const LV: VatRule = {
  format: pattern(/^\d{11}$/),
  check: (r) => {
    if (r[0]! > '3') return weightedSum(r, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
    if (r.startsWith('32')) return true;
    const year = 1800 + 100 * Number(r[6]) + Number(r.slice(4, 6));
    if (Number(r[6]) > 2 || !isDate(year, Number(r.slice(2, 4)), Number(r.slice(0, 2)))) return false;
    return ((1101 - weightedSum(r, [1, 6, 3, 7, 9, 10, 5, 8, 4, 2])) % 11) % 10 === Number(r[10]);
  },
};

/**
 * Malta: 8 digits, first not 0; Σ weights 3,4,6,7,8,9 plus the last two digits as a number is
 * divisible by 37 (the published "37 − remainder" is the smallest such pair).
 */
const MT: VatRule = {
  format: pattern(/^[1-9]\d{7}$/),
  check: (r) => (weightedSum(r, [3, 4, 6, 7, 8, 9]) + Number(r.slice(6))) % 37 === 0,
};

/**
 * Netherlands: 9 digits, B, 2 digits (01–99). Valid when the 9 digits pass the weighted mod-11
 * test (weights 9…2 and −1, as for the RSIN/BSN) or, for numbers issued since 2020, the whole
 * number with NL in front passes ISO 7064 MOD 97-10 (letters as 10–35, remainder 1).
 */
const NL: VatRule = {
  format: pattern(/^\d{9}B(0[1-9]|[1-9]\d)$/),
  check: (r) => weightedSum(r, [9, 8, 7, 6, 5, 4, 3, 2, -1]) % 11 === 0 || mod(`NL${r}`, 97) === 1,
};

/** Poland, NIP: 10 digits; Σ weights 6,5,7,2,3,4,5,6,7 mod 11 is the last digit (10 impossible). */
const PL: VatRule = {
  format: pattern(/^\d{10}$/),
  check: (r) => weightedSum(r, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(r[9]),
};

/** Portugal, NIF: 9 digits, first not 0; 11 − (Σ weights 9…2 mod 11), 10 and 11 → 0. */
const PT: VatRule = {
  format: pattern(/^[1-9]\d{8}$/),
  check: (r) => {
    const c = 11 - (weightedSum(r, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (c >= 10 ? 0 : c) === Number(r[8]);
  },
};

/** Romania, CIF: 2 to 10 digits, first not 0; padded to 10, (10 × Σ weights 7,5,3,2,1,7,5,3,2) mod 11, 10 → 0. */
const RO: VatRule = {
  format: pattern(/^[1-9]\d{1,9}$/),
  check: (r) => {
    const n = r.padStart(10, '0');
    return ((10 * weightedSum(n, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10 === Number(n[9]);
  },
};

/** Sweden: the 10-digit organisation or personal number (Luhn) followed by 01. */
const SE: VatRule = {
  format: pattern(/^\d{10}01$/),
  check: (r) => luhnValid(r.slice(0, 10)),
};

/** Slovenia: 8 digits, first not 0; 11 − (Σ weights 8…2 mod 11), 10 → 0, 11 impossible. */
const SI: VatRule = {
  format: pattern(/^[1-9]\d{7}$/),
  check: (r) => {
    const c = 11 - (weightedSum(r, [8, 7, 6, 5, 4, 3, 2]) % 11);
    return c !== 11 && c % 10 === Number(r[7]);
  },
};

/** Slovakia, IČ DPH: 10 digits, first not 0, third 2, 3, 4, 7, 8 or 9; divisible by 11. */
const SK: VatRule = {
  format: pattern(/^[1-9]\d[234789]\d{7}$/),
  check: (r) => mod(r, 11) === 0,
};

/**
 * EU one-stop shop (non-union scheme): EU, the ISO numeric code of the member state that issued
 * it, 6 digits. The check digit's algorithm is not published, so only the format is checked.
 */
const EU_STATES = euMemberStates.map((c) => vatCountries[c].isoCode.numeric).join('|');
const EU: VatRule = {
  format: pattern(new RegExp(`^(${EU_STATES})\\d{6}$`)),
  check: noCheck,
};

export const euRules2 = { EU, GR, HR, HU, IE, IT, LT, LU, LV, MT, NL, PL, PT, RO, SE, SI, SK } as const;
