import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatGridDateTime,
  formatHours,
  formatHoursMinutes,
  parseDay,
  toDay,
} from './format';

describe('register formats', () => {
  it('shows calendar dates as DD.MM.YYYY without a time-zone shift', () => {
    expect(formatDate('2025-03-09')).toBe('09.03.2025');
    expect(formatDate('2024-12-31')).toBe('31.12.2024');
    expect(formatDate(new Date(2025, 0, 2, 23, 59))).toBe('02.01.2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('kaputt')).toBe('');
  });

  it('shows instants as DD.MM.YYYY HH:mm in local time', () => {
    const local = new Date(2025, 6, 4, 8, 5);
    expect(formatDateTime(local)).toBe('04.07.2025 08:05');
    expect(formatDateTime(local.toISOString())).toBe('04.07.2025 08:05');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('parses and writes YYYY-MM-DD as local days and rejects impossible dates', () => {
    expect(parseDay('2024-02-29')).toEqual(new Date(2024, 1, 29));
    expect(parseDay('2025-02-29')).toBeNull();
    expect(parseDay('29.02.2024')).toBeNull();
    expect(toDay(new Date(2025, 10, 3, 22))).toBe('2025-11-03');
  });

  it('sends the grid filter as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatGridDateTime(new Date(2025, 0, 6, 0, 0, 0))).toBe('2025-01-06 00:00:00');
    expect(formatGridDateTime(new Date(2025, 0, 12, 23, 59, 59))).toBe('2025-01-12 23:59:59');
  });

  it('counts hours and minutes past 24 hours and below zero', () => {
    expect(formatHoursMinutes(72 * 3_600_000)).toBe('72:00');
    expect(formatHoursMinutes(41 * 3_600_000 + 5 * 60_000 + 59_000)).toBe('41:05');
    expect(formatHoursMinutes(-(90 * 60_000))).toBe('-1:30');
  });

  it('names file sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 kB');
    expect(formatBytes(20 * 1024 * 1024, 'en')).toBe('20 MB');
  });

  it('shows hours with two decimals everywhere: a booked quarter hour stays 0,25', () => {
    expect(formatHours(0.25, 'de')).toBe('0,25');
    expect(formatHours(8, 'de')).toBe('8,00');
    expect(formatHours(1.5, 'en')).toBe('1.50');
    expect(formatHours(1234.75, 'de')).toBe('1.234,75');
    // No page formats hours on its own (the comparison grid did, with one decimal).
    const dir = fileURLToPath(new URL('../features/time/', import.meta.url));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx')))
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/minimumFractionDigits/);
  });
});
