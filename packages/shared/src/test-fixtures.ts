import type { CompanyListItem } from './company';

// Fixtures for the tests of every package, exported as `@pc/shared/test-fixtures` so that no test
// reads another package's test file. Only tests import this module; the apps' code never does.

let serial = 0;

/** A company as the list endpoint sends it: an active responsible party with nothing above or below it. */
export function companyListItem(name: string, over: Partial<CompanyListItem> = {}): CompanyListItem {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name,
    type: 'Company',
    isActive: true,
    isDemo: false,
    creationDate: '2025-01-01T00:00:00.000Z',
    hasLogo: false,
    parentCompanyId: null,
    parentCompanyName: null,
    parentCompany: null,
    childCompanyNames: [],
    numberOfChildCompanies: 0,
    isResponsibleParty: true,
    isDataProcessor: false,
    isDataPrivacyAgency: false,
    rights: { write: false, move: false, export: false },
    ...over,
  };
}
