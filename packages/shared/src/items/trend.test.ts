import { describe, expect, it } from 'vitest';
import { sparkPath, trendSummary } from './trend';

describe('sparkPath', () => {
  it('spreads the points over the width, the maximum at the top and zero at the bottom', () => {
    expect(sparkPath([0, 5, 10], 23, 13, 10, 1.5)).toBe('M1.5 11.5 L11.5 6.5 L21.5 1.5');
  });
  it('draws a flat line at the bottom when everything is zero', () => {
    expect(sparkPath([0, 0], 10, 10, 0, 1)).toBe('M1 9 L9 9');
  });
  it('draws nothing without points', () => {
    expect(sparkPath([], 10, 10, 1)).toBe('');
  });
});

describe('trendSummary', () => {
  it('sets the first point against the last', () => {
    expect(
      trendSummary([
        { day: '2026-09-05', open: 40, overdue: 3 },
        { day: '2026-09-12', open: 38, overdue: 4 },
        { day: '2026-11-28', open: 35, overdue: 5 },
      ]),
    ).toEqual({ since: '2026-09-05', openThen: 40, openNow: 35, overdueThen: 3, overdueNow: 5 });
    expect(trendSummary([])).toBeNull();
  });
});
