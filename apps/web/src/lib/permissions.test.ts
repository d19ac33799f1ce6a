import { describe, expect, it } from 'vitest';
import { initials } from './permissions';

describe('initials', () => {
  it('uses first and last name, else the e-mail', () => {
    expect(initials('Anna', 'Schmidt')).toBe('AS');
    expect(initials('', '', 'x@y.z')).toBe('X');
  });
});
