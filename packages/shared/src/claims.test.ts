import { describe, expect, it } from 'vitest';
import { allClaims, satisfies } from './claims';

describe('satisfies', () => {
  const held = ['Issue.Read', 'TimeRecords.Read'];
  it('passes without a rule', () => expect(satisfies(held, undefined)).toBe(true));
  it('needs every claim of `all`', () => {
    expect(satisfies(held, { all: ['Issue.Read'] })).toBe(true);
    expect(satisfies(held, { all: ['Issue.Read', 'Issue.Write'] })).toBe(false);
  });
  it('accepts any one claim of `any`', () => {
    expect(satisfies(held, { any: ['TimeRecords.ReadAll', 'TimeRecords.Read'] })).toBe(true);
    expect(satisfies(held, { any: ['TimeRecords.ReadAll'] })).toBe(false);
  });
  it('accepts either the `all` set or one of `any`', () => {
    expect(satisfies(held, { all: ['Company.Write'], any: ['Issue.Read'] })).toBe(true);
    expect(satisfies(held, { all: ['Company.Write'], any: ['Company.WriteOwn'] })).toBe(false);
  });
});

describe('claims', () => {
  it('hold the spec names and a Read/Write pair per item type', () => {
    for (const c of [
      'Issue.Read',
      'User.SwitchCompany',
      'Appointment.Read',
      'Document.ReadExtended',
      'Company.Write',
      'Company.WriteOwn',
      'TimeRecords.Read',
      'TimeRecords.ReadAll',
      'Application.PresentationMode',
      'DataBreach.Write',
      'PdcaCycle.Read',
    ]) {
      expect(allClaims).toContain(c);
    }
    expect(new Set(allClaims).size).toBe(allClaims.length);
  });
});
