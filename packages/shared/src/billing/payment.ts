/**
 * Payment data checks (card number patterns of the major networks plus Luhn, IBAN),
 * shared by the sign-up and upgrade forms and the server. Only the masked forms produced here
 * are ever stored; the full card number, the CVC and the full IBAN are not.
 */

export const cardTypes = ['Visa', 'Mastercard', 'Amex', 'Discover', 'JCB', 'Diners', 'Maestro'] as const;
export type CardType = (typeof cardTypes)[number];

/** Digits only: spaces and hyphens, as people type card numbers, are dropped. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

const inRange = (digits: string, len: number, from: number, to: number) => {
  const n = Number(digits.slice(0, len));
  return digits.length >= len && n >= from && n <= to;
};

/**
 * Issuer identification ranges and lengths as the networks publish them. Order matters: the
 * specific ranges first, Maestro's broad 5x/6x ranges last.
 */
const rules: { type: CardType; lengths: readonly number[]; matches: (d: string) => boolean }[] = [
  { type: 'Amex', lengths: [15], matches: (d) => /^3[47]/.test(d) },
  { type: 'Diners', lengths: [14, 15, 16, 17, 18, 19], matches: (d) => /^(30[0-5]|3095|36|3[89])/.test(d) },
  { type: 'JCB', lengths: [16, 17, 18, 19], matches: (d) => inRange(d, 4, 3528, 3589) },
  { type: 'Visa', lengths: [13, 16, 19], matches: (d) => d.startsWith('4') },
  { type: 'Mastercard', lengths: [16], matches: (d) => inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720) },
  {
    type: 'Discover',
    lengths: [16, 17, 18, 19],
    matches: (d) => d.startsWith('6011') || d.startsWith('65') || inRange(d, 3, 644, 649) || inRange(d, 6, 622126, 622925),
  },
  { type: 'Maestro', lengths: [12, 13, 14, 15, 16, 17, 18, 19], matches: (d) => /^(5[06-9]|6\d)/.test(d) },
];

/** The network a number belongs to by its prefix, whatever its length; null when none fits. */
export function cardTypeOf(value: string): CardType | null {
  const d = cardDigits(value);
  if (!/^\d+$/.test(d)) return null;
  return rules.find((r) => r.matches(d))?.type ?? null;
}

/** The Luhn (mod 10) check digit test (ISO/IEC 7812-1). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** A card number of a known network, of a length that network issues, with a right check digit. */
export function isValidCardNumber(value: string): boolean {
  const d = cardDigits(value);
  if (!/^\d{12,19}$/.test(d)) return false;
  const rule = rules.find((r) => r.matches(d));
  return !!rule && rule.lengths.includes(d.length) && luhnValid(d);
}

/** The masked PAN that is stored and shown: every digit but the last four replaced. */
export function maskCardNumber(value: string): string {
  const d = cardDigits(value);
  return `${'•'.repeat(Math.max(0, d.length - 4))}${d.slice(-4)}`.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * IBAN lengths of the SEPA countries (the EPC's list of SEPA scheme countries; a SEPA direct
 * debit needs one of these), per the ISO 13616 registry.
 */
export const sepaIbanLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Upper case without spaces, as IBANs are compared and checked. */
export const normaliseIban = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** ISO 13616 / ISO 7064 mod 97-10: letters become 10–35, the first four characters move to the end. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const part = code >= 65 ? String(code - 55) : ch;
    for (const digit of part) rest = (rest * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return rest;
}

/** A SEPA country's IBAN of that country's length whose check digits give 1 modulo 97. */
export function isValidIban(value: string): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = sepaIbanLengths[iban.slice(0, 2)];
  return length === iban.length && ibanMod97(iban) === 1;
}

/** The stored form: country and check digits and the last four characters, the rest masked. */
export function maskIban(value: string): string {
  const iban = normaliseIban(value);
  return `${iban.slice(0, 4)}${'•'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`.replace(/(.{4})(?=.)/g, '$1 ');
}
