import { describe, expect, it } from 'vitest';
import { addMonths } from '../../platform/dates';
import { cancellationDates, couponError, monthlyPrice } from './terms';

describe('billing terms', () => {
  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-24', 2)).toBe('2027-01-24');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('prices a month with the coupon taken off the net amount and VAT on the rest', () => {
    const v = { monthlyNetCents: 4900, vatBasisPoints: 1900 };
    expect(monthlyPrice(v, null)).toEqual({ netCents: 4900, discountCents: 0, vatCents: 931, grossCents: 5831 });
    expect(monthlyPrice(v, { kind: 'Percentage', value: 20 })).toEqual({
      netCents: 4900,
      discountCents: 980,
      vatCents: 745,
      grossCents: 4665,
    });
    expect(monthlyPrice(v, { kind: 'Amount', value: 10_000 }).grossCents).toBe(0);
  });

  it('tells why a coupon cannot be used', () => {
    const c = {
      code: 'X',
      kind: 'Percentage' as const,
      value: 10,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      maxUses: 2,
      uses: 1,
    };
    expect(couponError(c, '2026-06-01')).toBeNull();
    expect(couponError(c, '2025-12-31')).toBe('notYetValid');
    expect(couponError(c, '2027-01-01')).toBe('expired');
    expect(couponError({ ...c, uses: 2 }, '2026-06-01')).toBe('exhausted');
    expect(couponError(null, '2026-06-01')).toBe('unknown');
  });

  it('ends a cancelled contract at the first period end the notice still reaches', () => {
    // Billing on the 10th, 30 days' notice: on 1 Dec the period ending 9 Jan needs notice by 10 Dec.
    expect(cancellationDates('2026-12-10', 30, '2026-12-01')).toEqual({
      endDateIfCancelledNow: '2027-01-09',
      lastPossibleCancellationDate: '2026-12-10',
    });
    expect(cancellationDates('2026-12-10', 30, '2026-12-11')).toEqual({
      endDateIfCancelledNow: '2027-02-09',
      lastPossibleCancellationDate: '2027-01-10',
    });
    expect(cancellationDates('2026-12-10', 0, '2026-12-01').endDateIfCancelledNow).toBe('2026-12-09');
  });
});
