import { describe, expect, it } from 'vitest';
import { frValid, make } from './numbers.fixture';
import { validateVat } from './validate';

/**
 * Per country: numbers valid by the published rules (made in numbers.fixture.ts, apart from the
 * validator), the place of a check character, numbers valid only by format and numbers with the
 * wrong pattern. Every other character in a check place must fit the pattern and fail, unless
 * it is itself one of the valid numbers (countries with several algorithms or spellings).
 */
interface CountryCase {
  short: string;
  prefix: string;
  /** Made by the fixture; null entries (no possible check digit) are dropped. */
  valid: (string | null)[];
  /** Index of a check character in the part after the prefix; default: the last one. */
  checkAt?: (rest: string) => number;
  /** Independent judge of a changed number where membership in `valid` is not enough. */
  judge?: (rest: string) => boolean;
  /** Valid numbers without check digits (no published algorithm), or no check in this form. */
  alsoValid?: string[];
  /** The pattern fits, the check digits (or the embedded date) do not. */
  formatOnly?: string[];
  badFormat: string[];
}

const both = (f: (b: string, x: boolean) => string | null, bases: string[]) => bases.flatMap((b) => [f(b, false), f(b, true)]);
const asBigInt = (s: string) => BigInt(s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)));
const bgBases = ['750316926', '045212345', '891231004', '220101777'];

const cases: CountryCase[] = [
  {
    short: 'AT',
    prefix: 'ATU',
    valid: ['1358562', '1234567', '7654321', '9000001'].map((b) => make.AT(b).slice(1)),
    badFormat: ['1234567', '123456789', 'A2345678'],
  },
  {
    short: 'BE',
    prefix: 'BE',
    valid: ['02032013', '12345678', '04172519', '10000000'].map(make.BE),
    alsoValid: [make.BE('02032013').slice(1)],
    badFormat: ['2123456789', '12345678', '01234567890'],
  },
  {
    short: 'BG',
    prefix: 'BG',
    valid: ['17512340', '83133350', '20000000'].map(make.BGentity),
    badFormat: ['12345678', '12345678901', '12345678A'],
  },
  {
    short: 'BG',
    prefix: 'BG',
    // 10 digits: a personal number, a foreigner's or another number; any of the three passes.
    valid: bgBases.flatMap((b) => [make.BGperson(b), make.BGforeigner(b), make.BGother(b)]),
    badFormat: ['12345678901'],
  },
  {
    short: 'CY',
    prefix: 'CY',
    valid: ['10259033', '00000001', '30012345', '99999999'].map(make.CY),
    badFormat: ['12000000L', '20000000A', '100000001', '1000000AA'],
  },
  {
    short: 'CZ',
    prefix: 'CZ',
    valid: [
      ...['2561342', '4612345', '0000010'].map(make.CZentity),
      ...['60123456', '61234567'].map(make.CZspecial),
      ...['855115123', '040512999', '075212345', '536231000', '057212345'].map(make.CZperson),
    ],
    alsoValid: ['530101123', '005115999'],
    formatOnly: ['531340123', '541231123', '8513321234', '0323121234', '547101123'],
    badFormat: ['9123456', '91234567', '12345678901', '1234567A'],
  },
  {
    short: 'DE',
    prefix: 'DE',
    valid: ['13669597', '81281004', '99999999', '10000000'].map(make.DE),
    badFormat: ['012345678', '12345678', '1234567890', '12345678X'],
  },
  {
    short: 'DK',
    prefix: 'DK',
    valid: ['1345678', '8800012', '3000000', '2222222'].map(make.DK),
    badFormat: ['01234567', '1234567', '123456789'],
  },
  {
    short: 'EE',
    prefix: 'EE',
    valid: ['10020700', '10000000', '10999999'].map(make.EE),
    badFormat: ['200000000', '1000000000', '10000000'],
  },
  {
    short: 'ES',
    prefix: 'ES',
    valid: [
      ...['12345678', '00000000', '87654321'].map(make.ESdni),
      ...['X1234567', 'Y0000001', 'Z7654321'].map(make.ESnie),
      ...['K1234567', 'L0000001', 'M7654321'].map(make.ESother),
      ...both(make.ESentity, ['A5813587', 'B1234567', 'N0012345', 'P2800000', 'W1234567']),
    ],
    badFormat: ['I1234567A', '1234567A', '123456789', 'X12345678', 'A12345678Z', 'ABC'],
  },
  {
    short: 'FI',
    prefix: 'FI',
    valid: ['2098283', '0000001', '1234567', '7777777'].map(make.FI),
    badFormat: ['1234567', '123456789', '1234567A'],
  },
  {
    short: 'FR',
    prefix: 'FR',
    valid: [
      ...['30326504', '12345678', '73282932', '00000001'].map(make.FR),
      ...both(make.FRletters, ['40483304', '12345678', '55555555']),
    ],
    checkAt: () => 1,
    judge: frValid,
    // Key "1A" for SIREN 404833048 (Luhn-valid), by hand: S = 1·24 + 10 − 10 = 24, S mod 11 = 2,
    // but (404833048 + 1 + 24 div 11) mod 11 = 404833051 mod 11 = 7. The last: SIREN fails Luhn.
    formatOnly: ['1A404833048', '40303265046'],
    badFormat: ['IO303265045', '4030326504', '403032650455', 'F0303265045X'],
  },
  {
    short: 'GR',
    prefix: 'EL',
    valid: ['09425921', '12345678', '00000001', '99999999'].map(make.GR),
    badFormat: ['1234567', '1234567890', '12345678A'],
  },
  {
    short: 'HR',
    prefix: 'HR',
    valid: ['3302391548', '0000000001', '1234567890', '9999999999'].map(make.HR),
    badFormat: ['1234567890', '123456789012', '1234567890A'],
  },
  {
    short: 'HU',
    prefix: 'HU',
    valid: ['1234567', '0000001', '2143658', '9999999'].map(make.HU),
    badFormat: ['1234567', '123456789', 'A1234567'],
  },
  {
    short: 'IE',
    prefix: 'IE',
    valid: [
      ...['6433435', '1234567', '0000001'].map((b) => make.IE(b)),
      make.IE('1234567', 'W'),
      make.IE('1234567', 'A'),
      make.IE('7654321', 'H'),
    ],
    // Old form: digit, letter (or + or *), five digits, check letter: 8Z49289F ↔ 0492898 → F.
    alsoValid: [`8Z49289${make.IE('0492898')[7]}`, `1+23456${make.IE('0234561')[7]}`],
    formatOnly: [`8Z49289${make.IE('0492898')[7] === 'A' ? 'B' : 'A'}`],
    badFormat: ['123456', '1234567', '12345678', '1234567AXX', '1234567X'],
  },
  {
    short: 'IT',
    prefix: 'IT',
    valid: ['0011234001', '1234567120', '7654321888', '0000001100', '1111111999'].map(make.IT),
    badFormat: ['00000000011', '12345670001', '12345671011', '1234567001', '123456700123'],
  },
  {
    short: 'LT',
    prefix: 'LT',
    valid: [
      ...['11999961', '12345671', '00000001', '99999991'].map(make.LT),
      ...['1234567891', '0000000001'].map((b) => make.LT(`${b}1`.slice(0, 11))).filter(Boolean),
    ],
    badFormat: ['123456789', '123456701234', '1234567812', '12345678'],
  },
  {
    short: 'LU',
    prefix: 'LU',
    valid: ['150274', '000000', '999999', '123456'].map(make.LU),
    badFormat: ['1234567', '123456789', '1234567A'],
  },
  {
    short: 'LV',
    prefix: 'LV',
    valid: [
      ...['4000352160', '9000000000', '5123456789'].map(make.LVentity),
      ...['1611751999', '0101001001', '2902002000', '3112991123'].map(make.LVperson),
    ],
    alsoValid: ['32123456789', '32000000000'],
    formatOnly: [make.LVperson('3102751234'), make.LVperson('0113751234'), make.LVperson('0101753123')],
    badFormat: ['1234567890', '123456789012', '1234567890A'],
  },
  {
    short: 'MT',
    prefix: 'MT',
    valid: ['111172', '123456', '999999', '100000'].map(make.MT),
    badFormat: ['01234567', '1234567', '123456789'],
  },
  {
    short: 'NL',
    prefix: 'NL',
    valid: [
      make.NL11('00449544'),
      make.NL11('12345678', '02'),
      make.NL11('80301110'),
      make.NL97('000099998'),
      make.NL97('123456789'),
    ],
    checkAt: () => 8,
    judge: (rest) => {
      const nine = rest.slice(0, 9);
      const elf = make.NL11(nine.slice(0, 8), rest.slice(10));
      return elf === rest || asBigInt(`NL${rest}`) % 97n === 1n;
    },
    badFormat: ['123456789B00', '123456789A01', '12345678B01', '123456789B1', '123456789'],
  },
  {
    short: 'PL',
    prefix: 'PL',
    valid: ['526025099', '123456789', '000000001', '777777777'].map(make.PL),
    badFormat: ['123456789', '12345678901', '123456789A'],
  },
  {
    short: 'PT',
    prefix: 'PT',
    valid: ['50100434', '12345678', '99999999', '20000000'].map(make.PT),
    badFormat: ['012345678', '12345678', '1234567890'],
  },
  {
    short: 'RO',
    prefix: 'RO',
    valid: ['1', '1863010', '123456789', '99', '160796'].map(make.RO),
    badFormat: ['1', '01234567', '12345678901'],
  },
  {
    short: 'SE',
    prefix: 'SE',
    valid: ['556036079', '123456789', '000000001'].map(make.SE),
    checkAt: () => 9,
    badFormat: ['123456789002', '12345678900', '1234567890010'],
  },
  {
    short: 'SI',
    prefix: 'SI',
    valid: ['5022300', '1234567', '9999999', '1000000'].map(make.SI),
    badFormat: ['01234567', '1234567', '123456789'],
  },
  {
    short: 'SK',
    prefix: 'SK',
    valid: ['202027485', '112345678', '987654321', '102000000'].map(make.SK),
    badFormat: ['0123456789', '1213456789', '1253456789', '123456789'],
  },
  {
    short: 'EU',
    prefix: 'EU',
    valid: [],
    alsoValid: ['372022452', '276000001', '040999999'],
    badFormat: ['999123456', '826123456', '37202245', '3720224521'],
  },
  {
    short: 'AD',
    prefix: 'AD',
    valid: [],
    alsoValid: ['F123456Z', 'F699999A', 'A712345B', 'L799999C', 'E000000D', 'U123456X'],
    badFormat: ['F700000A', 'A123456B', 'L800000C', 'X123456A', 'F1234567', '1234567A'],
  },
  {
    short: 'BR',
    prefix: 'BR',
    valid: ['112223330001', '123456780001', '00000000000A', 'AB12CD34EF56'].map(make.BR),
    badFormat: ['1234567800019', '123456780001999', '00000000000000', '1234567800019A'],
  },
  {
    short: 'CH',
    prefix: 'CHE',
    valid: [make.CH('11628171'), make.CH('12345678', 'MWST'), make.CH('10000000', 'TVA'), make.CH('99999999', 'IVA')],
    checkAt: () => 8,
    badFormat: ['12345678', '1234567890', '123456789VAT', '123456789MVA'],
  },
  {
    short: 'GB',
    prefix: 'GB',
    valid: [...both(make.GB, ['9807806', '1234567', '5550000']), make.GB('0012345'), `${make.GB('9807806')}001`],
    checkAt: () => 8,
    alsoValid: ['GD000', 'GD499', 'HA500', 'HA999'],
    formatOnly: [make.GB('0012345', true)],
    badFormat: ['GD500', 'HA499', 'GD12', 'HA1234', '12345678', '1234567890', '12345678901'],
  },
  {
    short: 'NO',
    prefix: 'NO',
    valid: [make.NO('97476107'), make.NO('12345678', 'MVA'), make.NO('92345678')],
    checkAt: () => 8,
    badFormat: ['12345678', '1234567890', '123456789VAT'],
  },
  {
    short: 'RS',
    prefix: 'RS',
    valid: ['10118395', '12345678', '00000001', '99999999'].map(make.RS),
    badFormat: ['12345678', '1234567890', '12345678A'],
  },
  {
    short: 'RU',
    prefix: 'RU',
    valid: [...['770708389', '123456789', '500100732'].map(make.RU10), ...['7707083893', '1234567890'].map(make.RU12)],
    badFormat: ['123456789', '12345678901', '1234567890123'],
  },
];

const alternatives = (ch: string) =>
  (/\d/.test(ch) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ').split('').filter((c) => c !== ch);

describe.each(cases)('VAT numbers of $short ($prefix)', (c) => {
  const valid = c.valid.filter((v): v is string => v !== null);
  const judge = c.judge ?? ((rest: string) => valid.includes(rest));

  it('accepts valid numbers, in lower case and with separators too', () => {
    expect(valid.length + (c.alsoValid?.length ?? 0)).toBeGreaterThanOrEqual(2);
    for (const rest of [...valid, ...(c.alsoValid ?? [])]) {
      const r = validateVat(`${c.prefix}${rest}`);
      expect(r, rest).toMatchObject({ isValid: true, isValidFormat: true, isSupportedCountry: true });
      expect(r.country?.isoCode.short).toBe(c.short);
      const typed = `${c.prefix.toLowerCase()} ${rest.slice(0, 2)}-${rest.slice(2, 4)}.${rest.slice(4, 6)}/${rest.slice(6).toLowerCase()}`;
      expect(validateVat(typed), typed).toMatchObject({ isValid: true, value: `${c.prefix}${rest}` });
    }
  });

  it('refuses every other check character: the format fits, the check does not', () => {
    for (const rest of valid) {
      const at = c.checkAt?.(rest) ?? rest.length - 1;
      let fitting = 0;
      for (const alt of alternatives(rest[at]!)) {
        const changed = rest.slice(0, at) + alt + rest.slice(at + 1);
        const r = validateVat(`${c.prefix}${changed}`);
        if (!r.isValidFormat) continue;
        fitting++;
        expect(r.isValid, `${c.prefix}${changed}`).toBe(judge(changed));
      }
      expect(fitting, rest).toBeGreaterThan(0);
    }
  });

  it('tells numbers valid only by format from those with the wrong pattern', () => {
    for (const rest of c.formatOnly ?? []) {
      expect(validateVat(`${c.prefix}${rest}`), rest).toMatchObject({ isValid: false, isValidFormat: true });
    }
    for (const rest of c.badFormat) {
      const r = validateVat(`${c.prefix}${rest}`);
      expect(r, rest).toMatchObject({ isValid: false, isValidFormat: false });
    }
  });
});
