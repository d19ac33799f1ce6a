import { describe, expect, it } from 'vitest';
import { breachCountdown, URGENT_MS } from './breach-countdown';

const deadline = new Date('2025-05-05T08:00:00Z');
const at = (ms: number) => new Date(deadline.getTime() - ms);

describe('breach countdown chip', () => {
  it('counts down, turns urgent within 24 hours and overdue after the deadline', () => {
    const open = { deadline: deadline.toISOString(), notified: false, overdue: false, status: 1 };
    expect(breachCountdown(open, at(30 * 3_600_000))).toEqual({ state: 'running', remainingMs: 30 * 3_600_000 });
    expect(breachCountdown(open, at(URGENT_MS - 1)).state).toBe('urgent');
    expect(breachCountdown(open, at(-60_000))).toEqual({ state: 'overdue', remainingMs: -60_000 });
  });

  it('stops for notified or closed breaches', () => {
    expect(breachCountdown({ deadline, notified: true, overdue: false, status: 1 }, at(-1)).state).toBe('notified');
    expect(breachCountdown({ deadline, notified: true, overdue: true, status: 4 }).state).toBe('notifiedLate');
    expect(breachCountdown({ deadline, notified: false, overdue: true, status: 3 }).state).toBe('closed');
    expect(breachCountdown({ deadline: null, notified: false, overdue: false, status: 0 }).state).toBe('none');
  });
});
