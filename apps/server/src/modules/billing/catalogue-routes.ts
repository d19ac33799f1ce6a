import { billingCatalogueSchema, couponInputSchema, type Language, planVariantInputSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { todayIn } from '../../platform/dates';
import {
  addCoupon,
  type CatalogueDeps,
  catalogue,
  changeCoupon,
  changePlanVariant,
  deactivateCoupon,
  deleteCoupon,
} from './catalogue';

/**
 * The operator's plans and coupons, managed by Platform.Manage in a small admin
 * list: the catalogue is the installation's, shared by every tenant, so it lives on
 * the owner connection like help contents and terms of use. Every change answers the whole
 * catalogue, so the list shows what the server stored.
 */
export function catalogueRoutes(app: FastifyInstance, d: CatalogueDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { claims: { all: ['Platform.Manage'] }, ownerConnection: true };
  const tags = ['billing'];
  const params = z.object({ id: z.uuid() });
  const answer = (locale: Language) => catalogue(d.db, locale, todayIn(d.timeZone, d.now()));

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
      await changePlanVariant(d, req.params.id, req.body);
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
      await addCoupon(d, req.body);
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
      await changeCoupon(d, req.params.id, req.body);
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
      await deactivateCoupon(d, req.params.id);
      return answer(ctxOf(req).locale);
    },
  );
  r.delete(
    '/api/billing/coupon/:id',
    { config, schema: { tags, summary: 'Delete a coupon never redeemed', params, response: { 200: billingCatalogueSchema } } },
    async (req) => {
      await deleteCoupon(d, req.params.id);
      return answer(ctxOf(req).locale);
    },
  );
}
