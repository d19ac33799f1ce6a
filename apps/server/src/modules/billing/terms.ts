import { addDays, addMonths } from '../../platform/dates';
/**
 * The built-in provider's arithmetic, free of the database: prices, coupons, billing periods and
 * the dates a cancellation gives. Dates are calendar days "YYYY-MM-DD"; money is euro cents.
 */

export interface VariantTerms {
  id: string;
  trialDays: number;
  monthlyNetCents: number;
  vatBasisPoints: number;
  noticePeriodDays: number;
}

export interface CouponTerms {
  code: string;
  kind: 'Percentage' | 'Amount';
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  uses: number;
}

export type CouponError = 'unknown' | 'expired' | 'notYetValid' | 'exhausted';

/** Why a coupon cannot be used today, or null when it can. */
export function couponError(c: CouponTerms | null, today: string): CouponError | null {
  if (!c) return 'unknown';
  if (c.validFrom && today < c.validFrom) return 'notYetValid';
  if (c.validUntil && today > c.validUntil) return 'expired';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'exhausted';
  return null;
}

/** Net discount of a month: a percentage of the net price, or a fixed amount up to the price. */
export function discountCents(netCents: number, c: Pick<CouponTerms, 'kind' | 'value'> | null): number {
  if (!c) return 0;
  if (c.kind === 'Percentage') return Math.round((netCents * Math.min(100, Math.max(0, c.value))) / 100);
  return Math.min(netCents, Math.max(0, c.value));
}

export interface Price {
  netCents: number;
  discountCents: number;
  vatCents: number;
  grossCents: number;
}

/** A month's price after the coupon, with VAT on the discounted net amount. */
export function monthlyPrice(
  v: Pick<VariantTerms, 'monthlyNetCents' | 'vatBasisPoints'>,
  c: Pick<CouponTerms, 'kind' | 'value'> | null,
): Price {
  const discount = discountCents(v.monthlyNetCents, c);
  const net = v.monthlyNetCents - discount;
  const vat = Math.round((net * v.vatBasisPoints) / 10_000);
  return { netCents: v.monthlyNetCents, discountCents: discount, vatCents: vat, grossCents: net + vat };
}

/**
 * A running monthly contract ends at the end of a billing period (the day before a billing
 * date) and needs `noticePeriodDays` before it: the first period end that still respects the
 * notice from today, and the last day a cancellation reaches that end.
 */
export function cancellationDates(nextBillingDate: string, noticePeriodDays: number, today: string) {
  for (let k = 0; k < 1200; k++) {
    const end = addDays(addMonths(nextBillingDate, k), -1);
    const lastPossible = addDays(end, -noticePeriodDays);
    if (lastPossible >= today) return { endDateIfCancelledNow: end, lastPossibleCancellationDate: lastPossible };
  }
  throw new Error('no period end within a hundred years');
}

export const euro = (cents: number) => Math.round(cents) / 100;
