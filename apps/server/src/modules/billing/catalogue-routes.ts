import { billingCatalogueSchema, couponInputSchema, type Language, planVariantInputSchema } from '@pc/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { billingContract, billingCoupon, billingPlan, billingPlanVariant } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { AppError, notFound, sqlState, validationFailed } from '../../platform/errors';
import { todayIn } from '../items/time';
import { addDays, couponError } from './terms';

type Catalogue = z.infer<typeof billingCatalogueSchema>;

export interface CatalogueDeps {
  db: OwnerDb;
  timeZone: string;
  now: () => Date;
}

async function catalogue(db: OwnerDb, locale: Language, today: string): Promise<Catalogue> {
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

/**
 * The operator's plans and coupons, managed by Platform.Manage in a small admin
 * list: the catalogue is the installation's, shared by every tenant, so it lives on
 * the owner connection like help contents and terms of use. Every change answers the whole
 * catalogue, so the list shows what the server stored.
 */
export function catalogueRoutes(app: FastifyInstance, d: CatalogueDeps) {
  const { db } = d;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { claims: { all: ['Platform.Manage'] }, ownerConnection: true };
  const tags = ['billing'];
  const params = z.object({ id: z.uuid() });
  const answer = (locale: Language) => catalogue(db, locale, todayIn(d.timeZone, d.now()));

  r.get(
    '/api/billing/catalogue',
    { config, schema: { tags, summary: 'Plan variants and coupons', response: { 200: billingCatalogueSchema } } },
    async (req) => answer(ctxOf(req).locale),
  );
  r.put(
    '/api/billing/plan-variant/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a plan variant: names, monthly price, VAT, notice period, whether it can be ordered',
        params: z.object({ id: z.string().max(100) }),
        body: planVariantInputSchema,
        response: { 200: billingCatalogueSchema },
      },
    },
    async (req) => {
      const [v] = await db.select().from(billingPlanVariant).where(eq(billingPlanVariant.id, req.params.id));
      if (!v) throw notFound();
      // A trial is free by definition: its price would show nowhere and mislead.
      if (v.trialDays > 0 && req.body.monthlyNetCents !== 0)
        throw validationFailed({ monthlyNetCents: ['validation.trialIsFree'] });
      // Running contracts keep their variant whatever happens here; the next billing uses the new price.
      await db.update(billingPlanVariant).set(req.body).where(eq(billingPlanVariant.id, v.id));
      return answer(ctxOf(req).locale);
    },
  );
  r.post(
    '/api/billing/coupon',
    {
      config,
      schema: { tags, summary: 'Add a coupon', body: couponInputSchema, response: { 201: billingCatalogueSchema } },
    },
    async (req, reply) => {
      try {
        await db.insert(billingCoupon).values(req.body);
      } catch (e) {
        throw duplicateCode(e);
      }
      return reply.code(201).send(await answer(ctxOf(req).locale));
    },
  );
  r.put(
    '/api/billing/coupon/:id',
    {
      config,
      schema: { tags, summary: 'Change a coupon', params, body: couponInputSchema, response: { 200: billingCatalogueSchema } },
    },
    async (req) => {
      const c = await couponRow(db, req.params.id);
      const fields: Record<string, string[]> = {};
      // What a redeemed coupon promised stays as promised: its contracts are priced with it.
      if (!isUnused(c.uses, c.contracts) && (req.body.kind !== c.kind || req.body.value !== c.value))
        fields.value = ['validation.couponRedeemed'];
      if (req.body.maxUses !== null && req.body.maxUses < c.uses) fields.maxUses = ['validation.belowUses'];
      if (Object.keys(fields).length) throw validationFailed(fields);
      try {
        await db.update(billingCoupon).set(req.body).where(eq(billingCoupon.id, c.id));
      } catch (e) {
        throw duplicateCode(e);
      }
      return answer(ctxOf(req).locale);
    },
  );
  r.post(
    '/api/billing/coupon/:id/deactivate',
    {
      config,
      schema: { tags, summary: 'End a coupon’s validity yesterday', params, response: { 200: billingCatalogueSchema } },
    },
    async (req) => {
      const c = await couponRow(db, req.params.id);
      const yesterday = addDays(todayIn(d.timeZone, d.now()), -1);
      if (!c.validUntil || c.validUntil > yesterday) {
        await db
          .update(billingCoupon)
          .set({ validUntil: yesterday, validFrom: c.validFrom && c.validFrom > yesterday ? yesterday : c.validFrom })
          .where(eq(billingCoupon.id, c.id));
      }
      return answer(ctxOf(req).locale);
    },
  );
  r.delete(
    '/api/billing/coupon/:id',
    { config, schema: { tags, summary: 'Delete a coupon never redeemed', params, response: { 200: billingCatalogueSchema } } },
    async (req) => {
      const c = await couponRow(db, req.params.id);
      if (!isUnused(c.uses, c.contracts)) throw new AppError(409, 'conflict', 'error.couponRedeemed');
      await db.delete(billingCoupon).where(eq(billingCoupon.id, c.id));
      return answer(ctxOf(req).locale);
    },
  );
}
