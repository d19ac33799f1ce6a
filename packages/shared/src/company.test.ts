import { describe, expect, it } from 'vitest';
import { demoCountdown, filterCompanies, presentationFilter, showAllCompaniesTile } from './company';
import { companyListItem as item } from './test-fixtures';

const group = item('Beispiel Gruppe', {
  type: 'Group',
  childCompanyNames: ['Handel GmbH', 'Logistik GmbH'],
  numberOfChildCompanies: 2,
});
const handel = item('Handel GmbH', { parentCompanyId: group.id, parentCompanyName: 'Beispiel Gruppe' });
const logistik = item('Logistik GmbH', { parentCompanyId: group.id, parentCompanyName: 'Beispiel Gruppe' });
const bakery = item('Bäckerei Schmidt');
const old = item('Alte Druckerei KG', { isActive: false });
const zeta = item('Zeta Gruppe', { type: 'Group' });
const all = [bakery, handel, old, zeta, logistik, group];

describe('filterCompanies', () => {
  it('sorts groups first, then by name, and hides inactive ones when asked', () => {
    expect(filterCompanies(all, '', true).map((c) => c.name)).toEqual([
      'Beispiel Gruppe',
      'Zeta Gruppe',
      'Bäckerei Schmidt',
      'Handel GmbH',
      'Logistik GmbH',
    ]);
    expect(filterCompanies(all, '', false).map((c) => c.name)).toContain('Alte Druckerei KG');
  });

  it('matches name, parent name and child names case-insensitively', () => {
    expect(filterCompanies(all, 'BEISPIEL', true).map((c) => c.name)).toEqual([
      'Beispiel Gruppe',
      'Handel GmbH',
      'Logistik GmbH',
    ]);
    expect(filterCompanies(all, 'logistik', true).map((c) => c.name)).toEqual(['Beispiel Gruppe', 'Logistik GmbH']);
    expect(filterCompanies(all, 'bäckerei', true).map((c) => c.name)).toEqual(['Bäckerei Schmidt']);
    expect(filterCompanies(all, 'druckerei', true)).toEqual([]);
  });
});

describe('presentationFilter', () => {
  it('keeps the scope, its children and its siblings', () => {
    expect(
      presentationFilter(all, handel.id)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Handel GmbH', 'Logistik GmbH']);
    expect(
      presentationFilter(all, group.id)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Beispiel Gruppe', 'Handel GmbH', 'Logistik GmbH']);
    expect(presentationFilter(all, bakery.id).map((c) => c.name)).toEqual(['Bäckerei Schmidt']);
    expect(presentationFilter(all, null)).toHaveLength(all.length);
  });
});

describe('showAllCompaniesTile', () => {
  it('needs more than one company and not a scope in presentation mode', () => {
    expect(showAllCompaniesTile(1, false, false)).toBe(false);
    expect(showAllCompaniesTile(2, false, false)).toBe(true);
    expect(showAllCompaniesTile(2, true, false)).toBe(true);
    expect(showAllCompaniesTile(2, false, true)).toBe(true);
    expect(showAllCompaniesTile(2, true, true)).toBe(false);
  });
});

describe('demoCountdown', () => {
  it('counts seven days from creation in days and hours', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    expect(demoCountdown(created, created)).toEqual({ days: 7, hours: 0 });
    expect(demoCountdown(created, new Date('2026-11-23T13:30:00Z'))).toEqual({ days: 5, hours: 20 });
    expect(demoCountdown(created, new Date('2026-12-10T00:00:00Z'))).toEqual({ days: 0, hours: 0 });
  });
});
