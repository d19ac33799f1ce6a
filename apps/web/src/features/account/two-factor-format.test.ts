import { describe, expect, it } from 'vitest';
import { groupInFours, recoveryCodesFile } from './two-factor-format';

describe('two-factor formats', () => {
  it('groups the secret in fours', () => {
    expect(groupInFours('JBSWY3DPEHPK3PXPJBSW')).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(groupInFours('ABCDEF')).toBe('ABCD EF');
    expect(groupInFours('')).toBe('');
  });

  it('writes one numbered code per line', () => {
    const text = recoveryCodesFile({ heading: 'H', account: 'A', created: 'C', hint: 'X' }, ['aaaaa-bbbbb', 'ccccc-ddddd']);
    expect(text.split('\n')).toEqual(['H', 'A', 'C', '', ' 1. aaaaa-bbbbb', ' 2. ccccc-ddddd', '', 'X', '']);
  });
});
