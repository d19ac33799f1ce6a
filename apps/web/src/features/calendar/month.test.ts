import { describe, expect, it } from 'vitest';
import { timelineStamp } from './api';
import { isoWeek, monthGrid, toLocalInput, weekGrid } from './month';

describe('calendar month grid', () => {
  it('covers the month in whole Monday-first weeks', () => {
    const grid = monthGrid(new Date(2026, 10, 15)); // November 2026 starts on a Sunday
    expect(grid.length % 7).toBe(0);
    expect(grid[0]!.getDay()).toBe(1);
    expect(grid[0]!.getDate()).toBe(26);
    expect(grid.some((d) => d.getMonth() === 10 && d.getDate() === 30)).toBe(true);
    expect(grid[grid.length - 1]!.getDay()).toBe(0);
  });

  it('formats the timeline range and input values', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(timelineStamp(d)).toBe('2026-01-05T07:08:09');
    expect(toLocalInput(d)).toBe('2026-01-05T07:08');
  });

  it('builds Monday-first weeks with ISO week numbers', () => {
    const week = weekGrid(new Date(2026, 10, 22)); // a Sunday
    expect(week.map((d) => d.getDate())).toEqual([16, 17, 18, 19, 20, 21, 22]);
    expect(weekGrid(new Date(2026, 11, 31)).map((d) => `${d.getMonth() + 1}/${d.getDate()}`)).toEqual([
      '12/28',
      '12/29',
      '12/30',
      '12/31',
      '1/1',
      '1/2',
      '1/3',
    ]);
    expect(isoWeek(new Date(2026, 10, 22))).toBe(47);
    expect(isoWeek(new Date(2027, 0, 1))).toBe(53); // 2026 has 53 ISO weeks
    expect(isoWeek(new Date(2025, 11, 29))).toBe(1);
  });
});
