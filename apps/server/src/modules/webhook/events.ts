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
  e: {
    companyId: string;
    events: readonly WebhookEvent[];
    at: Date;
    payload: () => Promise<Record<string, unknown> | null>;
    /** Set for an event a repeated pass may raise again: an endpoint that has it gets no second one. */
    key?: string;
  },
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
  if (!data) return 0;
  let queued = 0;
  for (const event of e.events) {
    const id = randomUUID();
    const body = JSON.stringify({ id, type: event, createdAt: e.at.toISOString(), companyId: e.companyId, data });
    for (const endpoint of wanted.filter((x) => x.events.includes(event))) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        insert into webhook_delivery (endpoint_id, company_id, event_id, event, body, created_at, next_attempt_at, retry_until, event_key)
        values (${endpoint.id}::uuid, ${e.companyId}::uuid, ${id}::uuid, ${event}, ${body}, ${e.at.toISOString()}::timestamptz,
                ${e.at.toISOString()}::timestamptz, ${new Date(e.at.getTime() + WEBHOOK_RETRY_MS).toISOString()}::timestamptz,
                ${e.key ?? null})
        on conflict (endpoint_id, event_key) where event_key is not null do nothing
        returning id`,
      );
      queued += rows.length;
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

/** A deadline alert a notification pass raised: one row per recipient, so the same step may come several times. */
export interface DeadlineAlert {
  company_id: string;
  item_id: string;
  kind: string;
  threshold: string;
}

/** Hours a data breach has until the supervisory authority must be told (Art. 33 GDPR). */
const BREACH_HOURS = 72;

/**
 * Queues "deadline.reached" for the deadline alerts a notification pass has just raised, in the
 * pass's transaction: one event per alert step (kind, item, step), whoever it notified. The step
 * is the delivery's key, so an endpoint gets it once however often it is raised again — a
 * recipient who gains access later, a pass of a second instance, a restart.
 * `itemOf` builds the item as the API returns it (null: gone meanwhile, nothing is sent).
 */
export async function enqueueDeadlineEvents(
  db: Db,
  alerts: readonly DeadlineAlert[],
  at: Date,
  itemOf: (itemId: string, companyId: string) => Promise<Record<string, unknown> | null>,
): Promise<number> {
  const steps = new Map<string, DeadlineAlert>();
  for (const a of alerts) {
    if (a.kind === 'breach_deadline' || a.kind === 'request_deadline') steps.set(`${a.kind}:${a.item_id}:${a.threshold}`, a);
  }
  if (steps.size === 0) return 0;
  const companies = [...new Set([...steps.values()].map((a) => a.company_id))];
  // Most companies have no endpoint for deadlines: one look-up keeps their alerts free of work.
  const listening = new Set(
    (
      await queryRows<{ company_id: string }>(
        db,
        sql`select distinct company_id from webhook_endpoint
            where company_id = any(${`{${companies.join(',')}}`}::uuid[]) and 'deadline.reached' = any(events)`,
      )
    ).map((r) => r.company_id),
  );
  let queued = 0;
  for (const [key, a] of steps) {
    if (!listening.has(a.company_id)) continue;
    queued += await enqueueWebhookEvents(db, {
      companyId: a.company_id,
      events: ['deadline.reached'],
      at,
      key,
      payload: async () => {
        const item = await itemOf(a.item_id, a.company_id);
        return item ? { deadline: deadlineOf(a, item), item } : null;
      },
    });
  }
  return queued;
}

/** The alert as a receiver reads it: which deadline, which step of its reminders, and when it ends. */
function deadlineOf(a: DeadlineAlert, item: Record<string, unknown>) {
  if (a.kind === 'breach_deadline') {
    const discovered = Date.parse(String((item.data as Record<string, unknown> | undefined)?.discoveredAt ?? ''));
    return {
      kind: 'data_breach_notification',
      step: `${a.threshold}h`,
      dueAt: Number.isNaN(discovered) ? null : new Date(discovered + BREACH_HOURS * 3_600_000).toISOString(),
    };
  }
  const [step, due] = a.threshold.split(':');
  return { kind: 'privacy_request_answer', step: step!, dueAt: due ?? null };
}
