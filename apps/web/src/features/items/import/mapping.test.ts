import { describe, expect, it } from 'vitest';
import { assignField } from './mapping';

describe('assignField', () => {
  it('gives a column its field and takes that field from the column that had it', () => {
    expect(assignField(['name', 'role', null], 2, 'role')).toEqual(['name', null, 'role']);
    expect(assignField(['name', 'role', null], 0, 'purposes')).toEqual(['purposes', 'role', null]);
  });

  it('lets any number of columns be ignored', () => {
    expect(assignField(['name', null, null], 0, null)).toEqual([null, null, null]);
  });
});
