import { describe, expect, it } from 'vitest';
import { showsClientAgreements, showsStatistics } from './item-statistics';

const company = (flags: { isResponsibleParty?: boolean; isDataProcessor?: boolean }) => ({
  scopeCompany: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'X',
    type: 'Company' as never,
    parentCompanyId: null,
    isResponsibleParty: flags.isResponsibleParty ?? false,
    isDataProcessor: flags.isDataProcessor ?? false,
    isDataPrivacyAgency: false,
  },
});

describe('who sees statistics', () => {
  it('shows statistics without a scope or for a responsible party', () => {
    expect(showsStatistics({ scopeCompany: null })).toBe(true);
    expect(showsStatistics(company({ isResponsibleParty: true }))).toBe(true);
    expect(showsStatistics(company({ isDataProcessor: true }))).toBe(false);
    expect(showsStatistics(null)).toBe(false);
  });

  it('shows agreements with clients only for data processors or without a scope', () => {
    expect(showsClientAgreements({ scopeCompany: null })).toBe(true);
    expect(showsClientAgreements(company({ isDataProcessor: true }))).toBe(true);
    expect(showsClientAgreements(company({ isResponsibleParty: true }))).toBe(false);
  });
});
