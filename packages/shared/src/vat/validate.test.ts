import { describe, expect, it } from 'vitest';
import { companyFormSchema } from '../admin';
import { signupCustomerSchema } from '../billing/schemas';
import { make } from './numbers.fixture';
import { normaliseVatNumber, validateVat, vatNumberForCountry, vatNumberSchema } from './validate';

describe('VAT number validation', () => {
  const de = `DE${make.DE('13669597')}`;
  const germany = { name: 'Germany', isoCode: { short: 'DE', long: 'DEU', numeric: '276' } };

  it('takes empty input as valid', () => {
    for (const input of ['', '  ', ' - ./']) {
      expect(validateVat(input)).toEqual({
        value: '',
        isValid: true,
        isValidFormat: true,
        isSupportedCountry: false,
        country: null,
      });
    }
  });

  it('normalises: upper case, without spaces, hyphens, dots and slashes', () => {
    expect(normaliseVatNumber(' de 136-695.97/6 ')).toBe('DE136695976');
    expect(validateVat(` ${de.toLowerCase().replace('de', 'de ')} `)).toEqual({
      value: de,
      isValid: true,
      isValidFormat: true,
      isSupportedCountry: true,
      country: germany,
    });
  });

  it('knows the country by its two-letter, three-letter or numeric code, Greece also by EL', () => {
    const rest = de.slice(2);
    for (const prefix of ['DE', 'DEU', '276'])
      expect(validateVat(`${prefix}${rest}`)).toMatchObject({ isValid: true, country: germany });
    const gr = make.GR('09425921');
    for (const prefix of ['EL', 'GR', 'GRC', '300']) {
      expect(validateVat(`${prefix}${gr}`)).toMatchObject({
        isValid: true,
        country: { name: 'Greece', isoCode: { short: 'GR', long: 'GRC', numeric: '300' } },
      });
    }
    // Spain's alpha-3 code is also a Spanish number's first letters (P: public bodies).
    expect(validateVat(`ES${make.ESentity('P2800000', true)}`).isValid).toBe(true);
    // EST is Estonia's alpha-3 code, not Spain's ES followed by T.
    expect(validateVat(`EST${make.EE('10020700')}`)).toMatchObject({ isValid: true, country: { name: 'Estonia' } });
    // Switzerland's numbers start CHE, its alpha-3 code; CH alone works too.
    expect(validateVat(`CH${make.CH('11628171')}`).isValid).toBe(true);
  });

  it('tries a number without prefix that starts with two digits against Brazil (CNPJ)', () => {
    const cnpj = make.BR('112223330001');
    expect(validateVat(cnpj)).toMatchObject({
      isValid: true,
      country: { name: 'Brazil', isoCode: { short: 'BR', long: 'BRA', numeric: '076' } },
    });
    expect(validateVat(`076${cnpj}`)).toMatchObject({ isValid: true, country: { name: 'Brazil' } });
    // A number that fits no unprefixed country is not given one.
    expect(validateVat('12345')).toEqual({
      value: '12345',
      isValid: false,
      isValidFormat: false,
      isSupportedCountry: false,
      country: null,
    });
  });

  it('answers an unknown prefix with no country, and a known one with its country even when the format fails', () => {
    expect(validateVat('US123456789')).toMatchObject({
      isValid: false,
      isValidFormat: false,
      isSupportedCountry: false,
      country: null,
    });
    expect(validateVat('DE12')).toMatchObject({
      isValid: false,
      isValidFormat: false,
      isSupportedCountry: true,
      country: germany,
    });
    expect(validateVat('EU372022452')).toMatchObject({
      isValid: true,
      country: { name: 'European Union', isoCode: { short: 'EU' } },
    });
  });

  it('is a zod refinement for every VAT field: empty or valid, else the pattern error', () => {
    expect(vatNumberSchema.parse(` ${de} `)).toBe(de);
    expect(vatNumberSchema.parse('')).toBe('');
    const wrong = vatNumberSchema.safeParse(`${de.slice(0, -1)}${(Number(de.at(-1)) + 1) % 10}`);
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('validation.vatNumber');
    expect(vatNumberSchema.safeParse('not a number').error?.issues[0]?.message).toBe('validation.vatNumber');
  });

  it('accepts a number without its country prefix when the company’s country is known, stored with it', () => {
    expect(vatNumberForCountry('136 695 976', 'DE')).toEqual({ value: 'DE136695976', isValid: true });
    expect(vatNumberForCountry('136695977', 'DE')).toEqual({ value: '136695977', isValid: false });
    expect(vatNumberForCountry('136695976', 'AT')).toEqual({ value: '136695976', isValid: false });
    expect(vatNumberForCountry('136695976', '')).toEqual({ value: '136695976', isValid: false });
    expect(vatNumberForCountry(make.AT('1358562'), 'AT')).toEqual({ value: `AT${make.AT('1358562')}`, isValid: true });
    // Greece writes EL; a valid number with a prefix stays as typed, whatever the country.
    expect(vatNumberForCountry(make.GR('09425921'), 'GR')).toEqual({ value: `EL${make.GR('09425921')}`, isValid: true });
    expect(vatNumberForCountry('DE 136 695 976', 'FR')).toEqual({ value: 'DE 136 695 976', isValid: true });
    expect(vatNumberForCountry('', 'DE')).toEqual({ value: '', isValid: true });

    expect(companyFormSchema.safeParse({ name: 'Firma', country: 'DE', vatNumber: '136695976' }).success).toBe(true);
    const fr = companyFormSchema.safeParse({ name: 'Firma', country: 'FR', vatNumber: '136695976' });
    expect(fr.error?.issues).toEqual([expect.objectContaining({ path: ['vatNumber'], message: 'validation.vatNumber' })]);
    const customer = {
      emailAddress: 'a@b.example',
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
      vatId: '136 695 976',
      address: { country: 'DE' },
      customFields: { hasConfirmedTermsOfUse: true, hasConfirmedPrivacyAgreement: true, hasConfirmedMarketingAgreement: true },
    };
    expect(signupCustomerSchema.safeParse(customer).success).toBe(true);
    const at = signupCustomerSchema.safeParse({ ...customer, address: { country: 'AT' } });
    expect(at.error?.issues).toEqual([expect.objectContaining({ path: ['vatId'], message: 'validation.vatNumber' })]);
  });
});
