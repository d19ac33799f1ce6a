import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, breachClock, itemFindings, overallRisk, pdcaProgress, privacyRequestDeadline, riskLevel } from './rules';
import { dueAlert, progressTone, statusColour } from './status';

describe('status', () => {
  it('maps codes to their colours, and an open code is not red by itself', () => {
    expect([0, 1, 2, 3, 4, 7, -1].map((s) => statusColour(s))).toEqual([
      'grey',
      'yellow',
      'brown',
      'white',
      'green',
      'green',
      'green',
    ]);
  });

  it('is red only for an open item that is overdue or past a derived deadline', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(statusColour(0, { dueDate: '2026-12-01' }, now)).toBe('grey');
    expect(statusColour(0, { dueDate: '2026-11-22' }, now)).toBe('grey');
    expect(statusColour(0, { dueDate: '2026-11-21' }, now)).toBe('red');
    expect(statusColour(1, { dueDate: '2026-11-21' }, now)).toBe('red');
    expect(statusColour(0, { overdue: true }, now)).toBe('red');
    expect(statusColour(2, { overdue: false, dueDate: null }, now)).toBe('brown');
    // Closed items are never red, however late.
    expect(statusColour(4, { dueDate: '2020-01-01', overdue: true }, now)).toBe('green');
    expect(statusColour(3, { overdue: true }, now)).toBe('white');
  });

  it('colours a progress bar red only when something is overdue', () => {
    expect(progressTone({ total: 0, open: 0, red: 0, yellow: 0 })).toBe('primary');
    expect(progressTone({ total: 3, open: 3, red: 0, yellow: 0 })).toBe('primary');
    expect(progressTone({ total: 3, open: 3, red: 0, yellow: 1 })).toBe('warning');
    expect(progressTone({ total: 3, open: 1, red: 1, yellow: 0 })).toBe('error');
    expect(progressTone({ total: 3, open: 0, red: 0, yellow: 0 })).toBe('success');
  });

  it('alerts red before the start of today, yellow within 14 days, never for closed items', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(dueAlert('2026-11-21', 0, now)).toBe('red');
    expect(dueAlert('2026-11-22', 0, now)).toBe('yellow');
    expect(dueAlert('2026-12-06', 1, now)).toBe('yellow');
    expect(dueAlert('2026-12-07', 1, now)).toBeNull();
    expect(dueAlert('2026-11-01', 4, now)).toBeNull();
    expect(dueAlert(null, 0, now)).toBeNull();
  });
});

describe('data breach clock', () => {
  it('runs 72 hours from discovery and is overdue after, unless notified in time', () => {
    const discoveredAt = '2026-11-20T08:00:00.000Z';
    const c = breachClock({ discoveredAt, notifiedAt: null }, new Date('2026-11-22T08:00:00Z'))!;
    expect(c.deadline.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(c.remainingMs).toBe(24 * 3_600_000);
    expect(c.overdue).toBe(false);
    expect(breachClock({ discoveredAt, notifiedAt: null }, new Date('2026-11-23T08:00:01Z'))!.overdue).toBe(true);
    expect(breachClock({ discoveredAt, notifiedAt: '2026-11-22T10:00:00Z' }, new Date('2026-12-01T00:00:00Z'))).toMatchObject({
      overdue: false,
      notified: true,
    });
    expect(breachClock({ discoveredAt, notifiedAt: '2026-11-24T10:00:00Z' }, new Date('2026-12-01T00:00:00Z'))!.overdue).toBe(
      true,
    );
    expect(breachClock({ discoveredAt: null, notifiedAt: null })).toBeNull();
  });
});

describe('privacy request deadline', () => {
  it('is one month after receipt, three when extended, clamped to month ends', () => {
    expect(privacyRequestDeadline('2026-11-22', false)).toBe('2026-12-22');
    expect(privacyRequestDeadline('2026-11-22', true)).toBe('2027-02-22');
    expect(privacyRequestDeadline('2027-01-31', false)).toBe('2027-02-28');
    expect(privacyRequestDeadline('2028-01-31', false)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('never moves backwards (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 24 }),
        (d, m) => {
          const day = d.toISOString().slice(0, 10);
          expect(addMonths(day, m) >= day).toBe(true);
        },
      ),
    );
  });
});

describe('risk matrix', () => {
  it('derives the level from likelihood × severity', () => {
    expect(riskLevel(1, 1)).toBe('low');
    expect(riskLevel(2, 1)).toBe('low');
    expect(riskLevel(2, 2)).toBe('medium');
    expect(riskLevel(3, 2)).toBe('high');
    expect(riskLevel(3, 3)).toBe('veryHigh');
    expect(riskLevel(4, 4)).toBe('veryHigh');
    expect(overallRisk([])).toBeNull();
    expect(
      overallRisk([
        { likelihood: 1, severity: 1 },
        { likelihood: 4, severity: 2 },
      ]),
    ).toBe('high');
  });
});

describe('PDCA progress', () => {
  it('counts cycles whose current phase ended before today as overdue', () => {
    const now = new Date(2026, 10, 22);
    const base = { planEnd: null, doEnd: null, checkEnd: null, actEnd: null };
    expect(
      pdcaProgress(
        [
          { ...base, phase: 'plan', planEnd: '2026-11-21' },
          { ...base, phase: 'do', doEnd: '2026-11-22' },
          { ...base, phase: 'finished', actEnd: '2020-01-01' },
          { ...base, phase: 'check' },
        ],
        now,
      ),
    ).toEqual({ total: 4, onSchedule: 3, onSchedulePercentage: 75, overdue: 1 });
    expect(pdcaProgress([], now)).toEqual({ total: 0, onSchedule: 0, onSchedulePercentage: 0, overdue: 0 });
  });
});

describe('completeness findings', () => {
  it('special categories need an Art. 9(2) basis; an Art. 6 basis alone does not do', () => {
    expect(itemFindings('process', { specialCategories: true, legalBases: ['art6_1_b'] })).toEqual(['art9BasisMissing']);
    expect(itemFindings('process', { specialCategories: true })).toEqual(['art9BasisMissing']);
    expect(itemFindings('process', { specialCategories: true, legalBases: ['art6_1_b', 'art9_2'] })).toEqual([]);
    expect(itemFindings('process', { specialCategories: false, legalBases: [] })).toEqual([]);
    expect(itemFindings('measure', { specialCategories: true })).toEqual([]);
  });
});
