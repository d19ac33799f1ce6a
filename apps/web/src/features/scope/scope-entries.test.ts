import { companyListItem as company } from '@pc/shared/test-fixtures';
import { describe, expect, it } from 'vitest';
import { scopeEntries } from './scope-entries';

const group = company('Beispiel Gruppe', { type: 'Group', childCompanyNames: ['Kind A'], numberOfChildCompanies: 1 });
const child = company('Kind A', { parentCompanyId: group.id, parentCompanyName: group.name });
const baker = company('Bäckerei Schmidt');
const old = company('Alt GmbH', { isActive: false });
const all = [baker, child, old, group];
const base = { query: '', activeOnly: true, presentationMode: false, scopeId: null, locale: 'de' };
const names = (entries: ReturnType<typeof scopeEntries>) => entries.map((e) => (e.kind === 'all' ? '*' : e.company.name));

describe('scopeEntries', () => {
  it('puts the all-companies tile first, groups before companies, hides inactive ones', () => {
    expect(names(scopeEntries(all, base))).toEqual(['*', 'Beispiel Gruppe', 'Bäckerei Schmidt', 'Kind A']);
    expect(names(scopeEntries(all, { ...base, activeOnly: false }))).toContain('Alt GmbH');
  });

  it('searches name, parent and child names case-insensitively', () => {
    expect(names(scopeEntries(all, { ...base, query: 'kind' }))).toEqual(['*', 'Beispiel Gruppe', 'Kind A']);
  });

  it('in presentation mode with a scope shows only its family and no all-companies tile', () => {
    const entries = scopeEntries(all, { ...base, presentationMode: true, scopeId: group.id });
    expect(names(entries)).toEqual(['Beispiel Gruppe', 'Kind A']);
  });

  it('offers no all-companies tile for a single company', () => {
    expect(names(scopeEntries([baker], base))).toEqual(['Bäckerei Schmidt']);
  });
});
