import type { billingCatalogueSchema, couponInputSchema, Language, planVariantInputSchema } from '@pc/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { billingContract, billingCoupon, billingPlan, billingPlanVariant } from '../../db/schema/index';
import { addDays, todayIn } from '../../platform/dates';
import { AppError, notFound, sqlState, validationFailed } from '../../platform/errors';
import { couponError } from './terms';

type Catalogue = z.infer<typeof billingCatalogueSchema>;

export interface CatalogueDeps {
  db: OwnerDb;
  timeZone: string;
  now: () => Date;
}

/** The whole catalogue, as every change answers it: the list shows what the server stored. */
export async function catalogue(db: OwnerDb, locale: Language, today: string): Promise<Catalogue> {
  const variants = await db
    .select({
      id: billingPlanVariant.id,
      planName: locale === 'en' ? billingPlan.nameEn : billingPlan.nameDe,
      nameDe: billingPlanVariant.nameDe,
      nameEn: billingPlanVariant.nameEn,
      trialDays: billingPlanVariant.trialDays,
      monthlyNetCents: billingPlanVariant.monthlyNetCents,
      vatBasisPoints: billingPlanVariant.vatBasisPoints,
      noticePeriodDays: billingPlanVariant.noticePeriodDays,
      isActive: billingPlanVariant.isActive,
    })
    .from(billingPlanVariant)
    .innerJoin(billingPlan, eq(billingPlan.id, billingPlanVariant.planId))
    .orderBy(asc(billingPlanVariant.id));
  const counts = await db
    .select({ id: billingContract.planVariantId, n: count() })
    .from(billingContract)
    .groupBy(billingContract.planVariantId);
  const coupons = await db
    .select({
      coupon: billingCoupon,
      contracts: sql<number>`(select count(*)::int from ${billingContract} where ${billingContract.couponId} = ${billingCoupon.id})`,
    })
    .from(billingCoupon)
    .orderBy(asc(billingCoupon.code));
  return {
    planVariants: variants.map((v) => ({
      id: v.id,
      planName: v.planName,
      name: locale === 'en' ? v.nameEn : v.nameDe,
      nameDe: v.nameDe,
      nameEn: v.nameEn,
      trialDays: v.trialDays,
      monthlyNet: v.monthlyNetCents / 100,
      vatPercent: v.vatBasisPoints / 100,
      noticePeriodDays: v.noticePeriodDays,
      isActive: v.isActive,
      contracts: Number(counts.find((c) => c.id === v.id)?.n ?? 0),
    })),
    coupons: coupons.map(({ coupon: c, contracts }) => ({
      id: c.id,
      code: c.code,
      kind: c.kind,
      value: c.value,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      maxUses: c.maxUses,
      uses: c.uses,
      // Never 'unknown': the coupon is right here.
      status: (couponError(c, today) ?? 'valid') as Catalogue['coupons'][number]['status'],
      deletable: isUnused(c.uses, Number(contracts)),
    })),
  };
}

/**
 * A coupon that was never redeemed may go. A redeemed one stays: contracts keep its discount for
 * as long as they run (the monthly price reads it), and its count of uses is the record of the
 * promotion. Such a coupon is deactivated instead, which ends its validity yesterday.
 */
const isUnused = (uses: number, contracts: number) => uses === 0 && contracts === 0;

async function couponRow(db: OwnerDb, id: string) {
  const [row] = await db
    .select({
      coupon: billingCoupon,
      contracts: sql<number>`(select count(*)::int from ${billingContract} where ${billingContract.couponId} = ${billingCoupon.id})`,
    })
    .from(billingCoupon)
    .where(eq(billingCoupon.id, id));
  if (!row) throw notFound();
  return { ...row.coupon, contracts: Number(row.contracts) };
}

const duplicateCode = (e: unknown) => {
  if (sqlState(e) === '23505') return validationFailed({ code: ['validation.duplicate'] });
  return e;
};

type PlanVariantInput = z.infer<typeof planVariantInputSchema>;
type CouponInput = z.infer<typeof couponInputSchema>;

/** Changes a plan variant: names, monthly price, VAT, notice period, whether it can be ordered. */
export async function changePlanVariant(d: CatalogueDeps, id: string, input: PlanVariantInput): Promise<void> {
  const [v] = await d.db.select().from(billingPlanVariant).where(eq(billingPlanVariant.id, id));
  if (!v) throw notFound();
  // A trial is free by definition: its price would show nowhere and mislead.
  if (v.trialDays > 0 && input.monthlyNetCents !== 0) throw validationFailed({ monthlyNetCents: ['validation.trialIsFree'] });
  // Running contracts keep their variant whatever happens here; the next billing uses the new price.
  await d.db.update(billingPlanVariant).set(input).where(eq(billingPlanVariant.id, v.id));
}

export async function addCoupon(d: CatalogueDeps, input: CouponInput): Promise<void> {
  try {
    await d.db.insert(billingCoupon).values(input);
  } catch (e) {
    throw duplicateCode(e);
  }
}

export async function changeCoupon(d: CatalogueDeps, id: string, input: CouponInput): Promise<void> {
  const c = await couponRow(d.db, id);
  const fields: Record<string, string[]> = {};
  // What a redeemed coupon promised stays as promised: its contracts are priced with it.
  if (!isUnused(c.uses, c.contracts) && (input.kind !== c.kind || input.value !== c.value))
    fields.value = ['validation.couponRedeemed'];
  if (input.maxUses !== null && input.maxUses < c.uses) fields.maxUses = ['validation.belowUses'];
  if (Object.keys(fields).length) throw validationFailed(fields);
  try {
    await d.db.update(billingCoupon).set(input).where(eq(billingCoupon.id, c.id));
  } catch (e) {
    throw duplicateCode(e);
  }
}

/** Ends a coupon's validity yesterday (a redeemed coupon cannot be deleted). */
export async function deactivateCoupon(d: CatalogueDeps, id: string): Promise<void> {
  const c = await couponRow(d.db, id);
  const yesterday = addDays(todayIn(d.timeZone, d.now()), -1);
  if (!c.validUntil || c.validUntil > yesterday) {
    await d.db
      .update(billingCoupon)
      .set({ validUntil: yesterday, validFrom: c.validFrom && c.validFrom > yesterday ? yesterday : c.validFrom })
      .where(eq(billingCoupon.id, c.id));
  }
}

export async function deleteCoupon(d: CatalogueDeps, id: string): Promise<void> {
  const c = await couponRow(d.db, id);
  if (!isUnused(c.uses, c.contracts)) throw new AppError(409, 'conflict', 'error.couponRedeemed');
  await d.db.delete(billingCoupon).where(eq(billingCoupon.id, c.id));
}
