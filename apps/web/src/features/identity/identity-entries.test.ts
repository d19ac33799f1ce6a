import { describe, expect, it } from 'vitest';
import { identityEntries } from './identity-entries';

const keys = (claims: string[], presentation = false, extra = {}) =>
  identityEntries({ claims, hasAccount: false, isAdministrator: false, ...extra }, presentation).map((e) => e.key);

describe('identityEntries', () => {
  it('gates account, time screens and administration', () => {
    expect(keys([])).toEqual(['profile']);
    expect(keys(['TimeRecords.Read'], false, { hasAccount: true })).toEqual([
      'profile',
      'account',
      'time-record',
      'time-budget-element',
    ]);
    expect(keys(['TimeRecords.ReadAll'], false, { isAdministrator: true })).toEqual([
      'profile',
      'time-record',
      'time-comparison',
      'time-budget-element',
      'administration',
    ]);
  });

  it('hides time entries in presentation mode', () => {
    expect(keys(['TimeRecords.ReadAll'], true)).toEqual(['profile']);
  });
});
