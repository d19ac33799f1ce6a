import { describe, expect, it } from 'vitest';
import { paymentFormSchema } from './forms';
import {
  cardTypeOf,
  ibanMod97,
  isValidCardNumber,
  isValidIban,
  luhnValid,
  maskCardNumber,
  maskIban,
  sepaIbanLengths,
} from './payment';
import { cardExpiryValid, paymentBearerInputSchema, signupCustomerSchema } from './schemas';

/** Appends the Luhn check digit to `body` (computed here, so the numbers come from the rule). */
function withCheckDigit(body: string) {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}
/** A number of `length` digits starting with `prefix`, filled with 1s, with a right check digit. */
const card = (prefix: string, length: number) => withCheckDigit(prefix.padEnd(length - 1, '1'));
/** Changes the last digit: the check digit is then wrong. */
const breakLast = (n: string) => n.slice(0, -1) + ((Number(n.at(-1)) + 1) % 10);

/** An IBAN of `country` with `bban`, check digits computed by ISO 7064 mod 97-10. */
function iban(country: string, bban: string) {
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

describe('card numbers', () => {
  const cases: [string, string, number][] = [
    ['Visa', '4', 16],
    ['Visa', '4', 13],
    ['Visa', '4', 19],
    ['Mastercard', '51', 16],
    ['Mastercard', '55', 16],
    ['Mastercard', '2221', 16],
    ['Mastercard', '2720', 16],
    ['Amex', '34', 15],
    ['Amex', '37', 15],
    ['Discover', '6011', 16],
    ['Discover', '65', 19],
    ['Discover', '644', 16],
    ['Discover', '622126', 16],
    ['JCB', '3528', 16],
    ['JCB', '3589', 19],
    ['Diners', '300', 14],
    ['Diners', '36', 14],
    ['Diners', '38', 16],
    ['Maestro', '50', 12],
    ['Maestro', '6759', 19],
  ];
  it.each(cases)(
    'accepts %s numbers (prefix %s, %i digits) with a right check digit and knows the network',
    (type, prefix, length) => {
      const n = card(prefix, length);
      expect(isValidCardNumber(n)).toBe(true);
      expect(cardTypeOf(n)).toBe(type);
      expect(isValidCardNumber(breakLast(n))).toBe(false);
    },
  );

  it('accepts spaces and hyphens as typed, refuses lengths a network does not issue and unknown prefixes', () => {
    const visa = card('4', 16);
    expect(isValidCardNumber(visa.replace(/(\d{4})/g, '$1 ').trim())).toBe(true);
    expect(isValidCardNumber(visa.replace(/(\d{4})(?=\d)/g, '$1-'))).toBe(true);
    expect(isValidCardNumber(card('4', 15))).toBe(false);
    expect(isValidCardNumber(card('34', 16))).toBe(false);
    expect(isValidCardNumber(card('51', 15))).toBe(false);
    expect(isValidCardNumber(card('1', 16))).toBe(false);
    expect(isValidCardNumber(card('2', 16))).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
    expect(isValidCardNumber('4111 abcd 1111 1111')).toBe(false);
    expect(isValidCardNumber(card('4', 16).repeat(2))).toBe(false);
  });

  it('computes the Luhn check as ISO/IEC 7812 describes it', () => {
    // 7992739871 → check digit 3: doubling every second digit from the right gives 67, +3 = 70.
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('0')).toBe(false);
  });

  it('masks all but the last four digits', () => {
    const n = card('4', 16);
    expect(maskCardNumber(n)).toBe(`•••• •••• •••• ${n.slice(-4)}`);
    expect(maskCardNumber(n)).not.toContain(n.slice(0, 6));
  });
});

describe('IBAN', () => {
  it('accepts an IBAN of every SEPA country with check digits from mod 97, with spaces and in lower case', () => {
    for (const [country, length] of Object.entries(sepaIbanLengths)) {
      const value = iban(country, '1'.repeat(length - 4));
      expect(isValidIban(value), value).toBe(true);
      expect(isValidIban(value.toLowerCase().replace(/(.{4})/g, '$1 '))).toBe(true);
      expect(isValidIban(value.slice(0, 2) + ((Number(value[2]) + 1) % 10) + value.slice(3)), `${value} wrong check`).toBe(false);
    }
  });

  it('refuses a wrong length, a country outside SEPA, letters in the check digits and a swapped pair', () => {
    const de = iban('DE', '370400440532013000');
    expect(de).toBe('DE89370400440532013000');
    expect(isValidIban(de)).toBe(true);
    expect(isValidIban(`${de}0`)).toBe(false);
    expect(isValidIban(iban('US', '370400440532013000'))).toBe(false);
    expect(isValidIban('DEAB370400440532013000')).toBe(false);
    expect(isValidIban('DE89370400440532010300')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('masks all but country, check digits and the last four', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• •••• ••30 00');
  });
});

describe('payment bearer and form', () => {
  const nextYear = new Date().getFullYear() + 1;
  it('keeps only what is needed: card digits without spaces, IBAN normalised', () => {
    const n = card('4', 16);
    const c = paymentBearerInputSchema.parse({
      type: 'CreditCard',
      holder: 'Max Muster',
      cardNumber: n.replace(/(\d{4})/g, '$1 '),
      cvc: '123',
      expiryMonth: 1,
      expiryYear: nextYear,
    });
    expect(c).toMatchObject({ cardNumber: n });
    const d = paymentBearerInputSchema.parse({
      type: 'Debit',
      holder: 'Max Muster',
      iban: 'de89 3704 0044 0532 0130 00',
      hasAgreedToSepaTerms: true,
    });
    expect(d).toMatchObject({ iban: 'DE89370400440532013000' });
  });

  it('refuses an expired card, a CVC of the wrong length for the network and a mandate not agreed to', () => {
    const base = { type: 'CreditCard', holder: 'M', cardNumber: card('34', 15), expiryMonth: 12, expiryYear: nextYear };
    const amex3 = paymentBearerInputSchema.safeParse({ ...base, cvc: '123' });
    expect(amex3.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['cvc', 'validation.cvc']]);
    expect(paymentBearerInputSchema.safeParse({ ...base, cvc: '1234' }).success).toBe(true);
    expect(cardExpiryValid(1, 2020, new Date('2026-11-24'))).toBe(false);
    expect(cardExpiryValid(11, 2026, new Date('2026-11-24'))).toBe(true);
    expect(cardExpiryValid(10, 2026, new Date('2026-11-24'))).toBe(false);
    const sepa = paymentBearerInputSchema.safeParse({
      type: 'Debit',
      holder: 'M',
      iban: 'DE89370400440532013000',
      hasAgreedToSepaTerms: false,
    });
    expect(sepa.error?.issues[0]?.path).toEqual(['hasAgreedToSepaTerms']);
  });

  it('form: the IBAN repetition must match, errors land on the fields the screen shows', () => {
    const f = {
      type: 'Debit' as const,
      holder: 'Max',
      iban: 'DE89370400440532013000',
      ibanRepeat: 'DE89 3704 0044 0532 0130 00',
      hasAgreedToSepaTerms: true,
    };
    expect(paymentFormSchema.safeParse(f).success).toBe(true);
    const wrong = paymentFormSchema.safeParse({ ...f, ibanRepeat: 'DE89370400440532013001' });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ibanRepeat', 'validation.notEqual']]);
    const expired = paymentFormSchema.safeParse({
      type: 'CreditCard',
      holder: 'M',
      cardNumber: card('4', 16),
      cvc: '123',
      expiry: '01/20',
    });
    expect(expired.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['expiry', 'validation.cardExpired']]);
  });
});

describe('sign-up customer', () => {
  const valid = {
    emailAddress: 'neu@firma.example',
    firstName: 'Nina',
    lastName: 'Neu',
    companyName: 'Neu GmbH',
    customFields: { hasConfirmedTermsOfUse: true, hasConfirmedPrivacyAgreement: true, hasConfirmedMarketingAgreement: true },
  };
  it('needs the four fields and the two confirmations; country defaults to DE; VAT checked', () => {
    expect(signupCustomerSchema.parse(valid).address.country).toBe('DE');
    const r = signupCustomerSchema.safeParse({
      ...valid,
      firstName: ' ',
      vatId: 'DE12345678',
      customFields: { ...valid.customFields, hasConfirmedPrivacyAgreement: false },
    });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'customFields.hasConfirmedPrivacyAgreement',
      'firstName',
      'vatId',
    ]);
  });
  it('takes the consent to be named as a customer as optional, unticked unless given', () => {
    const { hasConfirmedMarketingAgreement: _, ...withoutConsent } = valid.customFields;
    expect(
      signupCustomerSchema.parse({ ...valid, customFields: withoutConsent }).customFields.hasConfirmedMarketingAgreement,
    ).toBe(false);
    const declined = { ...valid, customFields: { ...valid.customFields, hasConfirmedMarketingAgreement: false } };
    expect(signupCustomerSchema.safeParse(declined).success).toBe(true);
  });
});
