/**
 * The countries whose VAT numbers we check, with their ISO 3166-1 codes as data: English name,
 * alpha-2 (`short`), alpha-3 (`long`) and numeric code. Any of the three may stand before a VAT
 * number; `aliases` are further prefixes in use (Greece writes EL in VAT numbers).
 */
export interface VatCountry {
  name: string;
  isoCode: { short: string; long: string; numeric: string };
}

interface CountryEntry extends VatCountry {
  aliases?: readonly string[];
}

const c = (name: string, short: string, long: string, numeric: string, aliases?: readonly string[]): CountryEntry => ({
  name,
  isoCode: { short, long, numeric },
  ...(aliases ? { aliases } : {}),
});

export const vatCountries = {
  AD: c('Andorra', 'AD', 'AND', '020'),
  AT: c('Austria', 'AT', 'AUT', '040'),
  BE: c('Belgium', 'BE', 'BEL', '056'),
  BG: c('Bulgaria', 'BG', 'BGR', '100'),
  BR: c('Brazil', 'BR', 'BRA', '076'),
  CH: c('Switzerland', 'CH', 'CHE', '756'),
  CY: c('Cyprus', 'CY', 'CYP', '196'),
  CZ: c('Czechia', 'CZ', 'CZE', '203'),
  DE: c('Germany', 'DE', 'DEU', '276'),
  DK: c('Denmark', 'DK', 'DNK', '208'),
  EE: c('Estonia', 'EE', 'EST', '233'),
  ES: c('Spain', 'ES', 'ESP', '724'),
  // ISO 3166-1 reserves EU exceptionally, as an alpha-2 code only: the other two stay empty.
  EU: c('European Union', 'EU', '', ''),
  FI: c('Finland', 'FI', 'FIN', '246'),
  FR: c('France', 'FR', 'FRA', '250'),
  GB: c('United Kingdom', 'GB', 'GBR', '826'),
  GR: c('Greece', 'GR', 'GRC', '300', ['EL']),
  HR: c('Croatia', 'HR', 'HRV', '191'),
  HU: c('Hungary', 'HU', 'HUN', '348'),
  IE: c('Ireland', 'IE', 'IRL', '372'),
  IT: c('Italy', 'IT', 'ITA', '380'),
  LT: c('Lithuania', 'LT', 'LTU', '440'),
  LU: c('Luxembourg', 'LU', 'LUX', '442'),
  LV: c('Latvia', 'LV', 'LVA', '428'),
  MT: c('Malta', 'MT', 'MLT', '470'),
  NL: c('Netherlands', 'NL', 'NLD', '528'),
  NO: c('Norway', 'NO', 'NOR', '578'),
  PL: c('Poland', 'PL', 'POL', '616'),
  PT: c('Portugal', 'PT', 'PRT', '620'),
  RO: c('Romania', 'RO', 'ROU', '642'),
  RS: c('Serbia', 'RS', 'SRB', '688'),
  RU: c('Russia', 'RU', 'RUS', '643'),
  SE: c('Sweden', 'SE', 'SWE', '752'),
  SI: c('Slovenia', 'SI', 'SVN', '705'),
  SK: c('Slovakia', 'SK', 'SVK', '703'),
} as const satisfies Record<string, CountryEntry>;

export type VatCountryCode = keyof typeof vatCountries;

/** The 27 member states of the European Union, whose numeric codes open an EU one-stop-shop number. */
export const euMemberStates = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const satisfies readonly VatCountryCode[];

/** Every prefix a number of the country may carry: alpha-3, alpha-2 and aliases, numeric. */
export function prefixesOf(code: VatCountryCode): string[] {
  const entry: CountryEntry = vatCountries[code];
  return [entry.isoCode.long, entry.isoCode.short, ...(entry.aliases ?? []), entry.isoCode.numeric].filter(Boolean);
}

/** The country as the API answers it: name and ISO codes, without the internal aliases. */
export function countryOf(code: VatCountryCode): VatCountry {
  const { name, isoCode } = vatCountries[code];
  return { name, isoCode: { ...isoCode } };
}
