import { billingCatalogueSchema, couponInputSchema, type Language } from '@pc/shared';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { billingContract, billingCoupon, billingPlan, billingPlanVariant } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { sqlState, validationFailed } from '../../platform/errors';

type Catalogue = z.infer<typeof billingCatalogueSchema>;

async function catalogue(db: OwnerDb, locale: Language): Promise<Catalogue> {
  const variants = await db
    .select({
      id: billingPlanVariant.id,
      planName: locale === 'en' ? billingPlan.nameEn : billingPlan.nameDe,
      name: locale === 'en' ? billingPlanVariant.nameEn : billingPlanVariant.nameDe,
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
  const coupons = await db.select().from(billingCoupon).orderBy(asc(billingCoupon.code));
  return {
    planVariants: variants.map((v) => ({
      id: v.id,
      planName: v.planName,
      name: v.name,
      trialDays: v.trialDays,
      monthlyNet: v.monthlyNetCents / 100,
      vatPercent: v.vatBasisPoints / 100,
      noticePeriodDays: v.noticePeriodDays,
      isActive: v.isActive,
      contracts: Number(counts.find((c) => c.id === v.id)?.n ?? 0),
    })),
    coupons: coupons.map((c) => ({
      id: c.id,
      code: c.code,
      kind: c.kind,
      value: c.value,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      maxUses: c.maxUses,
      uses: c.uses,
    })),
  };
}

/**
 * The operator's plans and coupons (issue 14 §2: "manageable by Platform.Manage; a small admin
 * list is enough"): the catalogue is the installation's, shared by every tenant, so it lives on
 * the owner connection like help contents and terms of use.
 */
export function catalogueRoutes(app: FastifyInstance, { db }: { db: OwnerDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { claims: { all: ['Platform.Manage'] }, ownerConnection: true };
  r.get(
    '/api/billing/catalogue',
    { config, schema: { tags: ['billing'], summary: 'Plan variants and coupons', response: { 200: billingCatalogueSchema } } },
    async (req) => catalogue(db, ctxOf(req).locale),
  );
  r.post(
    '/api/billing/coupon',
    {
      config,
      schema: { tags: ['billing'], summary: 'Add a coupon', body: couponInputSchema, response: { 201: billingCatalogueSchema } },
    },
    async (req, reply) => {
      try {
        await db.insert(billingCoupon).values(req.body);
      } catch (e) {
        if (sqlState(e) === '23505') throw validationFailed({ code: ['validation.duplicate'] });
        throw e;
      }
      return reply.code(201).send(await catalogue(db, ctxOf(req).locale));
    },
  );
}
