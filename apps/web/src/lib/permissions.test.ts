import { describe, expect, it } from 'vitest';
import { canEditCompany, initials } from './permissions';

describe('canEditCompany', () => {
  it('Company.Write edits any company, Company.WriteOwn only the own one', () => {
    expect(canEditCompany({ claims: ['Company.Write'], companyId: 'a' }, 'b')).toBe(true);
    expect(canEditCompany({ claims: ['Company.WriteOwn'], companyId: 'a' }, 'a')).toBe(true);
    expect(canEditCompany({ claims: ['Company.WriteOwn'], companyId: 'a' }, 'b')).toBe(false);
    expect(canEditCompany({ claims: ['Company.Read'], companyId: 'a' }, 'a')).toBe(false);
  });
});

describe('initials', () => {
  it('uses first and last name, else the e-mail', () => {
    expect(initials('Anna', 'Schmidt')).toBe('AS');
    expect(initials('', '', 'x@y.z')).toBe('X');
  });
});
