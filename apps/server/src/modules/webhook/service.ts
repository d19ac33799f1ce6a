import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookInput,
  type WebhookUpdate,
} from '@pc/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { company, webhookDelivery, webhookEndpoint } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import type { SecretBox } from '../../platform/auth/secret-box';
import { notFound, validationFailed } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import { urlProblem } from './address';
import { WEBHOOK_RETRY_MS } from './events';
import { mayManageWebhooks, webhookRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'claims' | 'scopeCompanyIds'>;
export interface WebhookDeps {
  box: SecretBox;
  production: boolean;
  now: () => Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Registers an endpoint for a company of the request's scope (another company answers 422, as
 * any foreign company id in a body). The secret is made here, answered once, and kept sealed so
 * the worker can sign with it.
 */
export async function createWebhook(d: WebhookDeps, ctx: Ctx, input: WebhookInput, ip: string | null): Promise<WebhookCreated> {
  const problem = urlProblem(input.url, d.production);
  const fields: Record<string, string[]> = {};
  if (problem) fields.url = [problem];
  if (!ctx.scopeCompanyIds.includes(input.companyId)) fields.companyId = ['validation.companyNotAllowed'];
  if (Object.keys(fields).length) throw validationFailed(fields);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
  const [row] = await ctx.db
    .insert(webhookEndpoint)
    .values({
      companyId: input.companyId,
      url: input.url,
      events: [...new Set(input.events)],
      secretSealed: d.box.seal(secret),
      createdBy: ctx.userId,
    })
    .returning({ id: webhookEndpoint.id });
  await logSecurityEvent(ctx.db, {
    type: 'webhook.created',
    userId: ctx.userId,
    ip,
    detail: { webhookId: row!.id, companyId: input.companyId, url: input.url },
  });
  return { id: row!.id, secret };
}

/** The endpoints of the request's companies (one of them with `id`), newest first. */
async function endpoints(ctx: Ctx, id?: string): Promise<Webhook[]> {
  const inScope = inArray(webhookEndpoint.companyId, [...ctx.scopeCompanyIds]);
  const rows = await ctx.db
    .select({ e: webhookEndpoint, companyName: company.name })
    .from(webhookEndpoint)
    .innerJoin(company, eq(company.id, webhookEndpoint.companyId))
    .where(id ? and(inScope, eq(webhookEndpoint.id, id)) : inScope)
    .orderBy(desc(webhookEndpoint.createdAt), desc(webhookEndpoint.id));
  const rights = webhookRights(ctx.claims);
  return rows.map(({ e, companyName }) => ({
    id: e.id,
    companyId: e.companyId,
    companyName,
    url: e.url,
    events: e.events as WebhookEvent[],
    createdAt: e.createdAt.toISOString(),
    pausedAt: iso(e.pausedAt),
    consecutiveFailures: e.consecutiveFailures,
    rights,
  }));
}

export async function listWebhooks(ctx: Ctx) {
  return { items: await endpoints(ctx), rights: { create: mayManageWebhooks(ctx.claims) } };
}

/**
 * Changes an endpoint's address, events or pause; the company and the secret stay. A refused
 * address (422) changes nothing. Deliveries still pending go to the new address. Starting a
 * paused endpoint forgets its failures in a row, as a resend does: the administrator says the
 * receiver is back.
 */
export async function updateWebhook(d: WebhookDeps, ctx: Ctx, id: string, input: WebhookUpdate, ip: string | null) {
  const before = await endpointOf(ctx, id);
  if (input.url !== undefined) {
    const problem = urlProblem(input.url, d.production);
    if (problem) throw validationFailed({ url: [problem] });
  }
  const set: Partial<typeof webhookEndpoint.$inferInsert> = {};
  if (input.url !== undefined) set.url = input.url;
  if (input.events !== undefined) set.events = [...new Set(input.events)];
  if (input.paused === true && !before.pausedAt) set.pausedAt = d.now();
  if (input.paused === false) Object.assign(set, { pausedAt: null, consecutiveFailures: 0 });
  if (Object.keys(set).length) {
    await ctx.db.update(webhookEndpoint).set(set).where(eq(webhookEndpoint.id, id));
    await logSecurityEvent(ctx.db, {
      type: 'webhook.updated',
      userId: ctx.userId,
      ip,
      detail: { webhookId: id, companyId: before.companyId, url: set.url ?? before.url, changed: Object.keys(input) },
    });
  }
  return (await endpoints(ctx, id))[0]!;
}

async function endpointOf(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({
      id: webhookEndpoint.id,
      url: webhookEndpoint.url,
      companyId: webhookEndpoint.companyId,
      pausedAt: webhookEndpoint.pausedAt,
    })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), inArray(webhookEndpoint.companyId, [...ctx.scopeCompanyIds])));
  if (!row) throw notFound();
  return row;
}

/** Removes an endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhook(ctx: Ctx, id: string, ip: string | null) {
  const endpoint = await endpointOf(ctx, id);
  await ctx.db.delete(webhookEndpoint).where(eq(webhookEndpoint.id, id));
  await logSecurityEvent(ctx.db, {
    type: 'webhook.deleted',
    userId: ctx.userId,
    ip,
    detail: { webhookId: id, companyId: endpoint.companyId, url: endpoint.url },
  });
}

type DeliveryRow = typeof webhookDelivery.$inferSelect;
const toDelivery = (r: DeliveryRow, claims: ReadonlySet<string>): WebhookDelivery => ({
  id: r.id,
  eventId: r.eventId,
  event: r.event as WebhookEvent,
  status: r.status,
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
  responseStatus: r.responseStatus,
  error: r.lastError,
  rights: { resend: webhookRights(claims).resend },
});

/** One page of an endpoint's delivery log, newest first. */
export async function listDeliveries(ctx: Ctx, id: string, q: { page: number; pageSize: number }) {
  await endpointOf(ctx, id);
  const where = eq(webhookDelivery.endpointId, id);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDelivery)
      .where(where)
      .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(webhookDelivery).where(where),
  ]);
  return { items: rows.map((r) => toDelivery(r, ctx.claims)), total: Number(count!.n) };
}

/**
 * Sends a delivery again: a new delivery of the same event (same event id and body, so a
 * receiver can tell it saw the event before), due at once and retried for another 24 hours.
 * A paused endpoint starts again with it: the administrator says the receiver is back.
 */
export async function resendDelivery(d: WebhookDeps, ctx: Ctx, id: string, deliveryId: string): Promise<WebhookDelivery> {
  await endpointOf(ctx, id);
  const [old] = await ctx.db
    .select()
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.endpointId, id)));
  if (!old) throw notFound();
  const now = d.now();
  const [row] = await ctx.db
    .insert(webhookDelivery)
    .values({
      endpointId: id,
      companyId: old.companyId,
      eventId: old.eventId,
      event: old.event,
      body: old.body,
      createdAt: now,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_MS),
    })
    .returning();
  await ctx.db
    .update(webhookEndpoint)
    .set({ pausedAt: null, consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoint.id, id), sql`${webhookEndpoint.pausedAt} is not null`));
  return toDelivery(row!, ctx.claims);
}
