import type { CompanyDetail } from '@pc/shared';
import { companyListItem as company } from '@pc/shared/test-fixtures';
import { describe, expect, it } from 'vitest';
import {
  companyFieldOf,
  companyFormFields,
  countryName,
  emptyCompanyInput,
  inputOfCompany,
  matchesCompany,
  normaliseCidr,
  parentOptions,
  parseCidrEntries,
} from './company-logic';

describe('company form values', () => {
  it('a new company is an active responsible party in Germany, agent country Germany too', () => {
    const input = emptyCompanyInput();
    expect(input).toMatchObject({
      name: '',
      type: 'Company',
      parentCompanyId: null,
      isActive: true,
      isResponsibleParty: true,
      isDataProcessor: false,
      isDataPrivacyAgency: false,
      country: 'DE',
      dataPrivacyAgentCountry: 'DE',
      ipAllowList: [],
      passwordExpiryDays: 0,
    });
    expect(Object.keys(input).sort()).toEqual([...companyFormFields].sort());
  });

  it('takes exactly the editable fields of a stored company', () => {
    const detail = {
      ...emptyCompanyInput(),
      name: 'Muster GmbH',
      vatNumber: 'DE136695976',
      id: '00000000-0000-4000-8000-000000000001',
      parentCompanyName: null,
      agencyCompanyId: null,
      agencyCompanyName: null,
      isDemo: false,
      hasLogo: true,
      creationDate: '2025-01-01T00:00:00.000Z',
      children: [],
      numberOfChildCompanies: 0,
      dataPrivacyAgentGranted: false,
      rights: { write: true, move: true, export: true },
    } satisfies CompanyDetail;
    const input = inputOfCompany(detail);
    expect(input.name).toBe('Muster GmbH');
    expect(input.vatNumber).toBe('DE136695976');
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('rights');
  });

  it('maps server field paths onto form fields, array entries onto their list', () => {
    expect(companyFieldOf('parentCompanyId')).toBe('parentCompanyId');
    expect(companyFieldOf('ipAllowList.2')).toBe('ipAllowList');
    expect(companyFieldOf('_')).toBeUndefined();
  });
});

describe('IP allow-list entries', () => {
  it('turns single addresses into host ranges', () => {
    expect(normaliseCidr(' 10.0.0.1 ')).toBe('10.0.0.1/32');
    expect(normaliseCidr('2001:db8::1')).toBe('2001:db8::1/128');
    expect(normaliseCidr('10.0.0.0/8')).toBe('10.0.0.0/8');
  });

  it('splits on blanks, commas and semicolons and keeps the wrong ones apart', () => {
    expect(parseCidrEntries('192.168.0.0/24, 10.0.0.1;nonsense  300.1.1.1/8', ['10.0.0.1/32'])).toEqual({
      valid: ['192.168.0.0/24'],
      invalid: ['nonsense', '300.1.1.1/8'],
    });
    expect(parseCidrEntries('2001:db8::/32 2001:db8::/32')).toEqual({ valid: ['2001:db8::/32'], invalid: [] });
    expect(parseCidrEntries('  ')).toEqual({ valid: [], invalid: [] });
  });
});

describe('parent groups', () => {
  it('offers groups only, never the company itself or one of its descendants', () => {
    const top = company('Top Gruppe', { type: 'Group' });
    const mid = company('Mittel Gruppe', { type: 'Group', parentCompanyId: top.id });
    const leaf = company('Blatt Gruppe', { type: 'Group', parentCompanyId: mid.id });
    const other = company('Andere Gruppe', { type: 'Group' });
    const plain = company('Firma', { parentCompanyId: top.id });
    const all = [leaf, plain, top, mid, other];
    expect(parentOptions(all, null).map((c) => c.name)).toEqual(['Andere Gruppe', 'Blatt Gruppe', 'Mittel Gruppe', 'Top Gruppe']);
    expect(parentOptions(all, top.id).map((c) => c.name)).toEqual(['Andere Gruppe']);
    expect(parentOptions(all, leaf.id).map((c) => c.name)).toEqual(['Andere Gruppe', 'Mittel Gruppe', 'Top Gruppe']);
  });
});

describe('grid search', () => {
  it('matches name, parent and child names case-insensitively', () => {
    const group = company('Beispiel Gruppe', { type: 'Group', childCompanyNames: ['Beispiel Handel GmbH'] });
    const child = company('Handel GmbH', { parentCompanyName: 'Beispiel Gruppe' });
    expect(matchesCompany(group, 'HANDEL')).toBe(true);
    expect(matchesCompany(child, 'beispiel')).toBe(true);
    expect(matchesCompany(child, 'bäckerei')).toBe(false);
    expect(matchesCompany(child, '  ')).toBe(true);
  });
});

describe('countries', () => {
  it('names a country by its code in the language', () => {
    expect(countryName('at', 'en')).toBe('Austria');
    expect(countryName('Q9', 'de')).toBe('Q9');
  });
});
