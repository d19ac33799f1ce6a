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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { AppError } from '../../platform/errors';
import { sendDownload } from '../report/service';
import { type AccountContractDeps, accountStatement, holderContext, invoiceOf } from './account';
import { sendCancellationConfirmation, sendOrderConfirmation } from './mails';
import { fail, ProviderError } from './provider';

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
          await sendCancellationConfirmation(d.mailer, ctx, details, d.seller, {
            receivedAt,
            timeZone: d.timeZone,
            endDate: result.effectiveEndDate,
          });
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
        await sendOrderConfirmation(d.mailer, ctx, details, d.seller);
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
      return accountStatement(ctx);
    },
  );

  r.get(
    '/api/account/invoice/:id/pdf',
    { config, schema: { tags: ['account'], summary: 'An invoice as PDF', params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await holderContext(d, ctx);
      const i = await invoiceOf(ctx, req.params.id);
      const body = i ? await d.storage.get(i.fileHash) : null;
      if (!i || !body) throw new AppError(404, 'not_found', 'error.notFound');
      return sendDownload(reply, { contentType: 'application/pdf', fileName: i.fileName, body });
    },
  );
}
