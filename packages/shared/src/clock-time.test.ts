import { describe, expect, it } from 'vitest';
import { parseClockTime, typedHours } from './clock-time';
import { clockTime } from './time';

describe('parseClockTime', () => {
  it('reads the ways people type a time', () => {
    for (const typed of ['9', '09', '930', '0930', '9:30', '09:30', '9.30', ' 9:30 ']) {
      expect(parseClockTime(typed), typed).toBe(typed.includes('3') ? '09:30' : '09:00');
    }
    expect(parseClockTime('1730')).toBe('17:30');
    expect(parseClockTime('0')).toBe('00:00');
    expect(parseClockTime('005')).toBe('00:05');
    expect(parseClockTime('24')).toBe('24:00');
    expect(parseClockTime('2400')).toBe('24:00');
  });

  it('refuses what is not a time of day', () => {
    for (const typed of ['', ' ', '25', '960', '2401', '24:30', '9:5', '12345', '9h', 'abc', '9:30:00', '-9', '9,5']) {
      expect(parseClockTime(typed), typed).toBeNull();
    }
  });

  it('answers what the booking schema takes', () => {
    for (let h = 0; h <= 24; h++) {
      for (const m of [0, 15, 59]) {
        const typed = `${h}${String(m).padStart(2, '0')}`;
        const parsed = parseClockTime(typed);
        if (h === 24 && m > 0) expect(parsed).toBeNull();
        else expect(clockTime.safeParse(parsed).success, typed).toBe(true);
      }
    }
  });
});

describe('typedHours', () => {
  it('counts the hours between two typed times, once both are times and the end is later', () => {
    expect(typedHours('9', '1030')).toBe(1.5);
    expect(typedHours('0930', '17:45')).toBe(8.25);
    expect(typedHours('9', '9')).toBeNull();
    expect(typedHours('10', '9')).toBeNull();
    expect(typedHours('9', '')).toBeNull();
    expect(typedHours('9', '10:')).toBeNull();
  });
});
