import {
  accountStatementSchema,
  apiErrorSchema,
  cancelContractSchema,
  cancelResultSchema,
  contractDetailsSchema,
  orderPreviewSchema,
  upgradePreviewRequestSchema,
  upgradeRequestSchema,
} from '@pc/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, billingInvoice, billingLedger } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { ctxOf } from '../../platform/auth/plugin';
import { AppError, forbidden } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import type { Storage } from '../../platform/storage';
import { todayIn } from '../items/time';
import { attachmentHeader } from '../report/service';
import type { Seller } from './invoice';
import { sendCancellationConfirmation, sendOrderConfirmation } from './mails';
import { type BillingProvider, fail, ProviderError } from './provider';
import { euro } from './terms';

export interface AccountContractDeps {
  provider: BillingProvider;
  mailer: Mailer;
  storage: Storage;
  seller: Seller;
  timeZone: string;
  now: () => Date;
}

/** Only the account holder, or the operator (Platform.Manage), sees and changes the contract. */
async function holderContext(d: AccountContractDeps, ctx: RequestContext) {
  const [me] = await ctx.db.select({ hasAccount: appUser.hasAccount }).from(appUser).where(eq(appUser.id, ctx.userId));
  if (!me?.hasAccount && !ctx.claims.has('Platform.Manage')) throw forbidden();
  return { db: ctx.db, today: todayIn(d.timeZone, d.now()), locale: ctx.locale };
}

/** A provider's refusal: 409 with its message and account.error.{details}. */
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
 * The account holder's contract: details, upgrade and cancel of the contract of
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
      return answer(reply, async () => {
        const receivedAt = d.now();
        const result = await d.provider.cancel(pc, ctx.companyId);
        const details = await d.provider.contractDetails(pc, ctx.companyId);
        // The confirmation goes out with the cancellation's commit, never without it.
        if (details) {
          await sendCancellationConfirmation(
            d.mailer,
            details,
            d.seller,
            { receivedAt, timeZone: d.timeZone, endDate: result.effectiveEndDate },
            { in: { db: ctx.db, afterCommit: ctx.afterCommit } },
          );
        }
        return result;
      });
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
        const details = (await d.provider.contractDetails(pc, ctx.companyId))!;
        await sendOrderConfirmation(d.mailer, details, d.seller, { in: { db: ctx.db, afterCommit: ctx.afterCommit } });
        return details;
      });
    },
  );

  r.get(
    '/api/account/statement',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'The balance line by line (charges, payments, credits) and the invoices',
        response: { 200: accountStatementSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await holderContext(d, ctx);
      const en = ctx.locale === 'en';
      const rows = await ctx.db
        .select()
        .from(billingLedger)
        .where(eq(billingLedger.companyId, ctx.companyId))
        .orderBy(asc(billingLedger.bookedOn), asc(billingLedger.createdAt), asc(billingLedger.id));
      let running = 0;
      const lines = rows.map((l) => {
        running += l.amountCents;
        return {
          id: l.id,
          bookedOn: l.bookedOn,
          kind: l.kind,
          description: en ? l.descriptionEn : l.descriptionDe,
          amount: euro(l.amountCents),
          balanceAfter: euro(running),
          invoiceId: l.invoiceId,
        };
      });
      const invoices = await ctx.db
        .select()
        .from(billingInvoice)
        .where(eq(billingInvoice.companyId, ctx.companyId))
        .orderBy(desc(billingInvoice.sequence));
      return {
        balance: euro(running),
        // Newest first, as a statement is read.
        lines: lines.reverse(),
        invoices: invoices.map((i) => ({
          id: i.id,
          number: i.number,
          issuedOn: i.issuedOn,
          periodFrom: i.periodFrom,
          periodTo: i.periodTo,
          net: euro(i.netCents),
          vat: euro(i.vatCents),
          gross: euro(i.grossCents),
          fileName: i.fileName,
        })),
      };
    },
  );

  r.get(
    '/api/account/invoice/:id/pdf',
    { config, schema: { tags: ['account'], summary: 'An invoice as PDF', params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await holderContext(d, ctx);
      const [i] = await ctx.db
        .select()
        .from(billingInvoice)
        .where(and(eq(billingInvoice.id, req.params.id), eq(billingInvoice.companyId, ctx.companyId)));
      const body = i ? await d.storage.get(i.fileHash) : null;
      if (!i || !body) throw new AppError(404, 'not_found', 'error.notFound');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(i.fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
