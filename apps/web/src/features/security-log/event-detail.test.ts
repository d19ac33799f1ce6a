import { describe, expect, it } from 'vitest';
import { detailPairs } from './event-detail';

describe('detailPairs', () => {
  it('lists each detail as key: value', () => {
    expect(detailPairs(null)).toEqual([]);
    expect(detailPairs({ recovery: true, by: 'u1', range: ['10.0.0.0/8'] })).toEqual([
      'recovery: true',
      'by: u1',
      'range: ["10.0.0.0/8"]',
    ]);
  });
});
