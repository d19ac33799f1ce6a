/** Arithmetic shared by the check-digit rules of several countries. */

/** The digits of a string of digits as numbers. */
export const digitsOf = (s: string): number[] => [...s].map(Number);

/** Σ digit × weight, over as many digits as there are weights. */
export function weightedSum(s: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(s[i]) * weights[i]!;
  return sum;
}

/** A string of digits, or of digits and upper-case letters (A = 10 … Z = 35), modulo m, digit by digit. */
export function mod(s: string, m: number): number {
  let r = 0;
  for (const ch of s) {
    const v = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    r = (r * (v >= 10 ? 100 : 10) + v) % m;
  }
  return r;
}

/** The check digit of ISO 7064 MOD 11,10 (hybrid system) for a string of digits. */
export function iso7064Mod11_10(s: string): number {
  let p = 10;
  for (const d of digitsOf(s)) {
    let sum = (d + p) % 10;
    if (sum === 0) sum = 10;
    p = (2 * sum) % 11;
  }
  return (11 - p) % 10;
}

/** True when the string of digits, its last digit included, passes the Luhn (mod 10) check. */
export function luhnValid(s: string): boolean {
  let sum = 0;
  const ds = digitsOf(s).reverse();
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i]!;
    sum += i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return sum % 10 === 0;
}

/** "11 minus the remainder" check digits: 11 → 0; 10 has no digit (null: the number cannot exist). */
export function mod11Complement(sum: number): number | null {
  const c = 11 - (sum % 11);
  if (c === 11) return 0;
  return c === 10 ? null : c;
}

/** A real calendar day. */
export function isDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
