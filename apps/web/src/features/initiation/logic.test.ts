import { INITIATION_LIST_MAX } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { addEntries, toggleAll, toggleOne } from './logic';

describe('initiation free-text lists', () => {
  it('splits on line breaks only, trims and ignores empties and duplicates', () => {
    expect(addEntries([], ' Lager \r\n\n Versand\nBüro ')).toEqual(['Lager', 'Versand', 'Büro']);
    expect(addEntries([], 'Steuerkanzlei Berg, Hansen & Partner; Köln')).toEqual(['Steuerkanzlei Berg, Hansen & Partner; Köln']);
    const list = ['Lager'];
    expect(addEntries(list, ' lager ')).toBe(list);
    expect(addEntries(list, '   ')).toBe(list);
  });
  it('caps entry length and the number of entries', () => {
    expect(addEntries([], 'x'.repeat(500))[0]).toHaveLength(200);
    const full = Array.from({ length: INITIATION_LIST_MAX }, (_, n) => `e${n}`);
    expect(addEntries(full, 'one more')).toBe(full);
  });
});

describe('template selection', () => {
  it('selects all across pages and clears them again, keeping other choices', () => {
    expect(toggleAll(['x'], ['a', 'b'])).toEqual(['x', 'a', 'b']);
    expect(toggleAll(['x', 'a', 'b'], ['a', 'b'])).toEqual(['x']);
    expect(toggleAll(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleOne(['a'], 'a')).toEqual([]);
    expect(toggleOne([], 'a')).toEqual(['a']);
  });
});
