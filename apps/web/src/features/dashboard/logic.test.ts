import { describe, expect, it } from 'vitest';
import { isOverdue, progressCaption, showsClientAgreements, showsStatistics, toggleHidden } from './logic';

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

describe('dashboard rules', () => {
  it('shows statistics without a scope or for a responsible party (spec 000 §6)', () => {
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

  it('picks the progress caption', () => {
    expect(progressCaption({ total: 0, open: 0 })).toBe('empty');
    expect(progressCaption({ total: 3, open: 1 })).toBe('one');
    expect(progressCaption({ total: 3, open: 2 })).toBe('many');
    expect(progressCaption({ total: 3, open: 0 })).toBe('complete');
  });

  it('marks due dates before the start of today as overdue (spec 001 §9)', () => {
    const now = new Date(2026, 10, 22, 0, 30);
    expect(isOverdue('2026-11-21', now)).toBe(true);
    expect(isOverdue('2026-11-22', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });

  it('toggles hidden tiles', () => {
    expect(toggleHidden(['Issue'], 'Issue')).toEqual([]);
    expect(toggleHidden([], 'Timeline')).toEqual(['Timeline']);
  });
});
