import { describe, expect, it } from 'vitest';
import { currentWeek, dateRangeParams, endOfDay, isEmptyRange, judgePicked, startOfDay } from './date-range';

describe('date-range filter', () => {
  it('defaults to the current week, Monday 00:00:00 to Sunday 23:59:59', () => {
    const wednesday = new Date(2025, 0, 8, 15, 30);
    expect(currentWeek(wednesday)).toEqual({ from: new Date(2025, 0, 6), until: new Date(2025, 0, 12, 23, 59, 59) });
    // Sunday still belongs to the week that began on Monday; Monday starts a new one.
    expect(currentWeek(new Date(2025, 0, 12, 23)).from).toEqual(new Date(2025, 0, 6));
    expect(currentWeek(new Date(2025, 0, 13, 0, 1)).from).toEqual(new Date(2025, 0, 13));
    // Across a month and a year.
    expect(currentWeek(new Date(2025, 0, 1))).toEqual({ from: new Date(2024, 11, 30), until: new Date(2025, 0, 5, 23, 59, 59) });
  });

  it('sends YYYY-MM-DD HH:mm:ss and leaves out open ends', () => {
    expect(dateRangeParams(currentWeek(new Date(2025, 0, 8)))).toEqual({
      from: '2025-01-06 00:00:00',
      until: '2025-01-12 23:59:59',
    });
    expect(dateRangeParams({ from: null, until: new Date(2025, 4, 1, 23, 59, 59) })).toEqual({ until: '2025-05-01 23:59:59' });
    expect(dateRangeParams({ from: null, until: null })).toEqual({});
  });

  it('takes picked days as whole days', () => {
    const picked = new Date(2025, 5, 15, 13, 14, 15);
    expect(startOfDay(picked)).toEqual(new Date(2025, 5, 15));
    expect(endOfDay(picked)).toEqual(new Date(2025, 5, 15, 23, 59, 59));
    expect(isEmptyRange({ from: null, until: null })).toBe(true);
    expect(isEmptyRange({ from: picked, until: null })).toBe(false);
  });

  it('tells an unfinished entry from an impossible date and keeps years within 1900–2199', () => {
    const invalid = new Date(Number.NaN);
    expect(judgePicked(null, '')).toEqual({ kind: 'empty' });
    expect(judgePicked(invalid, '31.02.JJJJ')).toEqual({ kind: 'partial' });
    expect(judgePicked(invalid, '31.02.2026')).toEqual({ kind: 'invalid' });
    expect(judgePicked(new Date(101, 0, 1), '01.01.0101').kind).toBe('outOfRange');
    expect(judgePicked(new Date(2200, 0, 1), '01.01.2200').kind).toBe('outOfRange');
    const day = new Date(2026, 1, 28);
    expect(judgePicked(day, '28.02.2026')).toEqual({ kind: 'date', date: day });
    expect(judgePicked(new Date(1900, 0, 1), '01.01.1900').kind).toBe('date');
  });
});
