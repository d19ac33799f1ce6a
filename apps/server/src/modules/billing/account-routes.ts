import {
  apiErrorSchema,
  cancelContractSchema,
  cancelResultSchema,
  contractDetailsSchema,
  orderPreviewSchema,
  upgradePreviewRequestSchema,
  upgradeRequestSchema,
} from '@pc/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appUser } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { ctxOf } from '../../platform/auth/plugin';
import { forbidden } from '../../platform/errors';
import { todayIn } from '../items/time';
import { type BillingProvider, fail, ProviderError } from './provider';

export interface AccountContractDeps {
  provider: BillingProvider;
  timeZone: string;
  now: () => Date;
}

/** Only the account holder, or the operator (Platform.Manage), sees and changes the contract. */
async function holderContext(d: AccountContractDeps, ctx: RequestContext) {
  const [me] = await ctx.db.select({ hasAccount: appUser.hasAccount }).from(appUser).where(eq(appUser.id, ctx.userId));
  if (!me?.hasAccount && !ctx.claims.has('Platform.Manage')) throw forbidden();
  return { db: ctx.db, today: todayIn(d.timeZone, d.now()), locale: ctx.locale };
}

/** A provider's refusal: 409 with its message and account.error.{details} (spec 000 §8). */
async function answer<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ProviderError) {
      return reply
        .code(e.details === 'noContract' ? 404 : 409)
        .send({ code: e.details === 'noContract' ? 'not_found' : 'conflict', message: e.errorMessage, details: e.details });
    }
    throw e;
  }
}

/**
 * The account holder's contract (issue 14 §4): details, upgrade and cancel of the contract of
 * the user's own company. Reachable while AccountExpired locks everything else, so an ended
 * contract can be subscribed again.
 */
export function accountContractRoutes(app: FastifyInstance, d: AccountContractDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { allowLock: ['AccountExpired'] as const };
  const errors = { 404: apiErrorSchema, 409: apiErrorSchema };

  r.get(
    '/api/account/contract',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'The contract of the caller’s account',
        response: { 200: contractDetailsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pc = await holderContext(d, ctx);
      return answer(reply, async () => {
        const details = await d.provider.contractDetails(pc, ctx.companyId);
        if (!details) throw fail('noContract', ctx.locale);
        return details;
      });
    },
  );

  r.post(
    '/api/account/cancel',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel the contract at the earliest possible end',
        body: cancelContractSchema,
        response: { 200: cancelResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pc = await holderContext(d, ctx);
      return answer(reply, () => d.provider.cancel(pc, ctx.companyId));
    },
  );

  r.post(
    '/api/account/upgrade/preview',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Price subscribing to a plan',
        body: upgradePreviewRequestSchema,
        response: { 200: orderPreviewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pc = await holderContext(d, ctx);
      return answer(reply, () => d.provider.previewUpgrade(pc, ctx.companyId, req.body.planVariantId));
    },
  );

  r.post(
    '/api/account/upgrade',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Subscribe: the trial (or an ended contract) becomes Active',
        body: upgradeRequestSchema,
        response: { 200: contractDetailsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const pc = await holderContext(d, ctx);
      return answer(reply, async () => {
        await d.provider.upgrade(pc, ctx.companyId, req.body.planVariantId, req.body.paymentBearer);
        return (await d.provider.contractDetails(pc, ctx.companyId))!;
      });
    },
  );
}
