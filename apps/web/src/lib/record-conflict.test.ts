import { describe, expect, it } from 'vitest';
import { conflictFields, defaultKept, flatten } from './record-conflict';

describe('conflict fields', () => {
  it('walks nested values by dotted path and keeps lists whole', () => {
    expect([...flatten({ name: 'A', data: { role: 'controller', tags: ['t1'], nested: { x: 1 } } })]).toEqual([
      ['name', 'A'],
      ['data.role', 'controller'],
      ['data.tags', ['t1']],
      ['data.nested.x', 1],
    ]);
  });

  it('lists what differs between theirs and mine, says who changed it, and ignores empty against empty', () => {
    const base = { name: 'A', description: '', data: { role: 'controller', tags: [] as string[], purposes: 'x' } };
    const theirs = { name: 'A (theirs)', description: null, data: { role: 'processor', tags: [], purposes: 'x' } };
    const mine = { name: 'A', description: '', data: { role: 'controller', tags: [], purposes: 'mine' } };
    const fields = conflictFields(theirs, mine, base);
    expect(fields).toEqual([
      { path: 'name', theirs: 'A (theirs)', mine: 'A', mineChanged: false },
      { path: 'data.role', theirs: 'processor', mine: 'controller', mineChanged: false },
      { path: 'data.purposes', theirs: 'x', mine: 'mine', mineChanged: true },
    ]);
    expect(defaultKept(fields)).toEqual(new Set(['data.purposes']));
  });

  it('leaves out fields the form holds that the record does not have', () => {
    expect(conflictFields({ name: 'B' }, { name: 'A', companyId: 'c1' }, { name: 'A' })).toEqual([
      { path: 'name', theirs: 'B', mine: 'A', mineChanged: false },
    ]);
  });
});
