/**
 * Test numbers for vat.test.ts, computed here from each country's published algorithm with an
 * implementation of its own (written apart from the validator's rules), so that a wrong rule in
 * the validator makes the tests fail. Each maker takes the number without its check part and
 * answers the whole number after the prefix; `null` where the published rule says no number can
 * end that way (a remainder of 10 where no digit exists).
 */

const ds = (s: string) => s.split('').map((c) => Number.parseInt(c, 10));
const dot = (s: string, w: number[]) => ds(s).reduce((sum, d, i) => sum + d * (w[i] ?? 0), 0);
const pos = (n: number, m: number) => ((n % m) + m) % m;
/** Digit sum of 2·d, the Luhn doubling. */
const dbl = (d: number) => [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][d]!;
/** Luhn check digit for a body: double every second digit from the right, starting with the last. */
export function luhnDigit(body: string): string {
  const sum = ds(body)
    .reverse()
    .reduce((s, d, i) => s + (i % 2 === 0 ? dbl(d) : d), 0);
  return String(pos(-sum, 10));
}
/** ISO 7064 MOD 11,10 check digit. */
export function mod11_10(body: string): string {
  let product = 10;
  for (const d of ds(body)) {
    const s = (d + product) % 10 || 10;
    product = (s * 2) % 11;
  }
  return String(product === 1 ? 0 : 11 - product);
}
const elevenMinus = (sum: number): string | null => {
  const r = sum % 11;
  if (r === 0) return '0';
  return r === 1 ? null : String(11 - r);
};

const FR_KEY = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** France, a key with a letter: S = 24·c1 + c2 − 10 (digit first) or 34·c1 + c2 − 100; S mod 11 = (SIREN + 1 + S div 11) mod 11. */
export function frKeyFits(key: string, siren: string): boolean {
  const [c1, c2] = [FR_KEY.indexOf(key[0]!), FR_KEY.indexOf(key[1]!)];
  const s = c1 < 10 ? 24 * c1 + c2 - 10 : 34 * c1 + c2 - 100;
  return (Number(siren) + 1 + Math.floor(s / 11)) % 11 === s % 11;
}
/** France: a number after FR is valid when the SIREN passes Luhn and the key fits it. */
export function frValid(rest: string): boolean {
  const siren = rest.slice(2);
  if (luhnDigit(siren.slice(0, 8)) !== siren[8]) return false;
  if (/^\d\d/.test(rest)) return Number(rest.slice(0, 2)) === (12 + 3 * (Number(siren) % 97)) % 97;
  return frKeyFits(rest.slice(0, 2), siren);
}

export const make = {
  // U + 7 digits: digits 2, 4, 6 doubled (digit sum), check = (6 − S) mod 10 (BMF: 10 − (S + 4)).
  AT: (b: string) => `U${b}${pos(6 - ds(b).reduce((s, d, i) => s + (i % 2 === 1 ? dbl(d) : d), 0), 10)}`,
  BE: (b: string) => `${b}${String(97 - (Number(b) % 97)).padStart(2, '0')}`,
  BGentity: (b: string) => {
    let r = dot(b, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (r === 10) r = dot(b, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
    return `${b}${r === 10 ? 0 : r}`;
  },
  BGperson: (b: string) => `${b}${(dot(b, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10}`,
  BGforeigner: (b: string) => `${b}${dot(b, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10}`,
  BGother: (b: string) => {
    const c = elevenMinus(dot(b, [4, 3, 2, 7, 6, 5, 4, 3, 2]));
    return c === null ? null : `${b}${c}`;
  },
  CY: (b: string) => {
    const even: Record<string, number> = { 0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21 };
    const sum = b.split('').reduce((s, c, i) => s + (i % 2 === 0 ? even[c]! : Number(c)), 0);
    return `${b}${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sum % 26]}`;
  },
  CZentity: (b: string) => {
    const a = 11 - (dot(b, [8, 7, 6, 5, 4, 3, 2]) % 11);
    return `${b}${a === 10 ? 0 : a === 11 ? 1 : a}`;
  },
  /** 6 + 7 digits; difference to the next multiple of 11 (1–11) → 8,7,6,5,4,3,2,1,0,9,8. */
  CZspecial: (b: string) => {
    const diff = 11 - (dot(b.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11);
    return `${b}${'87654321098'[diff - 1]}`;
  },
  /** Birth number of 10 digits: the whole number is divisible by 11. */
  CZperson: (b: string) => {
    const d = pos(-Number(b) * 10, 11);
    return d === 10 ? null : `${b}${d}`;
  },
  DE: (b: string) => `${b}${mod11_10(b)}`,
  DK: (b: string) => {
    const d = pos(-dot(b, [2, 7, 6, 5, 4, 3, 2]), 11);
    return d === 10 ? null : `${b}${d}`;
  },
  EE: (b: string) => `${b}${pos(-dot(b, [3, 7, 1, 3, 7, 1, 3, 7]), 10)}`,
  ESdni: (b: string) => `${b}${'TRWAGMYFPDXBNJZSQVHLCKE'.charAt(Number(b) % 23)}`,
  ESnie: (b: string) => `${b}${'TRWAGMYFPDXBNJZSQVHLCKE'.charAt(Number(`${'XYZ'.indexOf(b[0]!)}${b.slice(1)}`) % 23)}`,
  ESother: (b: string) => `${b}${'TRWAGMYFPDXBNJZSQVHLCKE'.charAt(Number(b.slice(1)) % 23)}`,
  /** Letter + 7 digits; control digit (letter = true: the letter J, A … I for 0 … 9). */
  ESentity: (b: string, letter = false) => {
    const d = ds(b.slice(1));
    const even = d[1]! + d[3]! + d[5]!;
    const odd = dbl(d[0]!) + dbl(d[2]!) + dbl(d[4]!) + dbl(d[6]!);
    const c = pos(-(even + odd), 10);
    return `${b}${letter ? 'JABCDEFGHI'[c] : c}`;
  },
  FI: (b: string) => {
    const c = elevenMinus(dot(b, [7, 9, 10, 5, 8, 4, 2]));
    return c === null ? null : `${b}${c}`;
  },
  /** SIREN of 8 digits + Luhn digit, with the old all-digit key. */
  FR: (b: string) => {
    const siren = `${b}${luhnDigit(b)}`;
    return `${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
  },
  /** New-style key with a letter (alphabet without I and O): the first pair that satisfies the rule. */
  FRletters: (b: string, letterFirst = false) => {
    const siren = `${b}${luhnDigit(b)}`;
    for (const x of letterFirst ? FR_KEY.slice(10) : FR_KEY.slice(0, 10))
      for (const y of letterFirst ? FR_KEY : FR_KEY.slice(10)) if (frKeyFits(`${x}${y}`, siren)) return `${x}${y}${siren}`;
    return null;
  },
  GR: (b: string) => `${b}${(dot(b, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10}`,
  HR: (b: string) => `${b}${mod11_10(b)}`,
  HU: (b: string) => `${b}${pos(-dot(b, [9, 7, 3, 1, 9, 7, 3]), 10)}`,
  /** 7 digits (+ optional second letter, W = 0, A = 1 …): the check letter goes in 8th place. */
  IE: (b: string, second = '') => {
    const value = second ? 'WABCDEFGHIJKLMNOPQRSTUV'.indexOf(second) : 0;
    return `${b}${'WABCDEFGHIJKLMNOPQRSTUV'[(dot(b, [8, 7, 6, 5, 4, 3, 2]) + 9 * value) % 23]}${second}`;
  },
  IT: (b: string) => `${b}${luhnDigit(b)}`,
  LT: (b: string) => {
    const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2];
    const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4];
    let r = dot(b, w1) % 11;
    if (r === 10) r = (dot(b, w2) % 11) % 10;
    return `${b}${r}`;
  },
  LU: (b: string) => `${b}${String(Number(b) % 89).padStart(2, '0')}`,
  /** Legal entity: Σ (weights 9,1,4,8,3,10,2,5,7,6, and 1 for the check digit) ≡ 3 (mod 11). */
  LVentity: (b: string) => {
    const d = pos(3 - dot(b, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6]), 11);
    return d === 10 ? null : `${b}${d}`;
  },
  LVperson: (b: string) => `${b}${((1101 - dot(b, [1, 6, 3, 7, 9, 10, 5, 8, 4, 2])) % 11) % 10}`,
  MT: (b: string) => `${b}${String(37 - (dot(b, [3, 4, 6, 7, 8, 9]) % 37)).padStart(2, '0')}`,
  /** RSIN/BSN "elfproef": Σ weights 9…2 − last digit ≡ 0 (mod 11). */
  NL11: (b: string, suffix = '01') => {
    const d = dot(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
    return d === 10 ? null : `${b}${d}B${suffix}`;
  },
  /** Since 2020: the suffix digits make "NL…B.." (letters as 10–35) ≡ 1 (mod 97). */
  NL97: (nine: string) => {
    const asNumber = (s: string) => BigInt(s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)));
    const head = asNumber(`NL${nine}B`) * 100n;
    let suffix = Number((((1n - head) % 97n) + 97n) % 97n);
    if (suffix === 0) suffix = 97;
    return `${nine}B${String(suffix).padStart(2, '0')}`;
  },
  PL: (b: string) => {
    const d = dot(b, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
    return d === 10 ? null : `${b}${d}`;
  },
  PT: (b: string) => {
    const r = dot(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
    return `${b}${r < 2 ? 0 : 11 - r}`;
  },
  RO: (b: string) => `${b}${((dot(b.padStart(9, '0'), [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10}`,
  SE: (b: string) => `${b}${luhnDigit(b)}01`,
  SI: (b: string) => {
    const r = dot(b, [8, 7, 6, 5, 4, 3, 2]) % 11;
    if (r === 0) return null;
    return `${b}${r === 1 ? 0 : 11 - r}`;
  },
  SK: (b: string) => {
    const d = pos(-Number(b) * 10, 11);
    return d === 10 ? null : `${b}${d}`;
  },
  BR: (b: string) => {
    const value = (s: string, i: number) => s.charCodeAt(i) - 48;
    const dv = (s: string, w: number[]) => {
      const r = w.reduce((sum, wi, i) => sum + wi * value(s, i), 0) % 11;
      return r < 2 ? 0 : 11 - r;
    };
    const first = `${b}${dv(b, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}`;
    return `${first}${dv(first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}`;
  },
  CH: (b: string, suffix = '') => {
    const c = elevenMinus(dot(b, [5, 4, 3, 2, 7, 6, 5, 4]));
    return c === null ? null : `${b}${c}${suffix}`;
  },
  /** Modulus 97: the last two digits bring Σ (weights 8…2) to a multiple of 97; 9755 adds 55 first. */
  GB: (b: string, plus55 = false) =>
    `${b}${String(pos(-(dot(b, [8, 7, 6, 5, 4, 3, 2]) + (plus55 ? 55 : 0)), 97)).padStart(2, '0')}`,
  NO: (b: string, suffix = '') => {
    const c = elevenMinus(dot(b, [3, 2, 7, 6, 5, 4, 3, 2]));
    return c === null ? null : `${b}${c}${suffix}`;
  },
  RS: (b: string) => `${b}${mod11_10(b)}`,
  RU10: (b: string) => `${b}${(dot(b, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10}`,
  RU12: (b: string) => {
    const eleven = `${b}${(dot(b, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10}`;
    return `${eleven}${(dot(eleven, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10}`;
  },
};
