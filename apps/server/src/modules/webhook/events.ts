import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/types';

/** How long a delivery is retried before it is marked failed. */
export const WEBHOOK_RETRY_MS = 24 * 3_600_000;

/**
 * Queues the deliveries of a company's events in the caller's transaction, so they exist
 * exactly when the change that causes them is committed. One look-up finds the endpoints that
 * want any of the events; only then is the payload built (an item as the API returns it), once.
 * The body is written as sent, so a resend carries the same bytes.
 */
export async function enqueueWebhookEvents(
  db: Db,
  e: { companyId: string; events: readonly WebhookEvent[]; at: Date; payload: () => Promise<Record<string, unknown>> },
): Promise<number> {
  if (e.events.length === 0) return 0;
  const endpoints = await queryRows<{ id: string; events: string[] | string }>(
    db,
    sql`select id, events from webhook_endpoint where company_id = ${e.companyId}::uuid`,
  );
  const wanted = endpoints
    .map((x) => ({ id: x.id, events: Array.isArray(x.events) ? x.events : x.events.replace(/[{}]/g, '').split(',') }))
    .filter((x) => e.events.some((ev) => x.events.includes(ev)));
  if (wanted.length === 0) return 0;
  const data = await e.payload();
  let queued = 0;
  for (const event of e.events) {
    const id = randomUUID();
    const body = JSON.stringify({ id, type: event, createdAt: e.at.toISOString(), companyId: e.companyId, data });
    for (const endpoint of wanted.filter((x) => x.events.includes(event))) {
      await db.execute(sql`
        insert into webhook_delivery (endpoint_id, company_id, event_id, event, body, created_at, next_attempt_at, retry_until)
        values (${endpoint.id}::uuid, ${e.companyId}::uuid, ${id}::uuid, ${event}, ${body}, ${e.at.toISOString()}::timestamptz,
                ${e.at.toISOString()}::timestamptz, ${new Date(e.at.getTime() + WEBHOOK_RETRY_MS).toISOString()}::timestamptz)`);
      queued++;
    }
  }
  return queued;
}

/** The events of an item's change: created, or updated (and status changed), and the two of their types. */
export function itemEvents(type: string, before: { status: number } | null, after: { status: number }): WebhookEvent[] {
  if (!before) {
    const events: WebhookEvent[] = ['item.created'];
    if (type === 'data-breach') events.push('data_breach.created');
    if (type === 'privacy-request') events.push('privacy_request.received');
    return events;
  }
  return before.status === after.status ? ['item.updated'] : ['item.updated', 'item.status_changed'];
}
