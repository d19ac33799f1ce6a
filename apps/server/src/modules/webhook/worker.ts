import { sql } from 'drizzle-orm';
import type { OwnerDb } from '../../db/client';
import { type Db, queryRows } from '../../db/types';
import type { SecretBox } from '../../platform/auth/secret-box';
import { notifyWebhookPaused } from '../notification/events';
import { type SendOptions, type SendResult, sendWebhook } from './send';

/** Failed attempts in a row after which an endpoint is paused and its administrators are told. */
export const WEBHOOK_PAUSE_AFTER = 50;
/** Deliveries one claim takes; they are sent side by side, each within the attempt timeout. */
const BATCH = 10;
/** Batches one run works through at most; the next run goes on. */
const MAX_BATCHES = 10;
/** How long a claim holds: far longer than one batch takes, so only a dead process lets it run out. */
const CLAIM_MS = 2 * 60_000;

/** The wait before attempt n+1 after n failed ones: 10 s doubling, at most 3 hours. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, failedAttempts - 1), 3 * 3_600_000);
}

export interface WebhookRunResult {
  delivered: number;
  retrying: number;
  failed: number;
  paused: number;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  company_id: string;
  event: string;
  body: string;
  attempts: number;
  retry_until: string | Date;
  url: string;
  secret_sealed: string;
}

/**
 * One pass of the delivery queue, across tenants on the owner connection. Due deliveries of
 * endpoints that are not paused are claimed in one statement (FOR UPDATE SKIP LOCKED, as the
 * mail outbox does), so several processes share the queue and each delivery is sent by one;
 * a claim left by a dead process runs out and the delivery is tried again (at least once).
 * A failed attempt is retried with exponential backoff until 24 hours after the event, then
 * the delivery is failed; the endpoint counts failures in a row and is paused at the limit.
 * Time comes from `now`, so tests drive the schedule without waiting.
 */
export async function runWebhookDeliveries(
  db: OwnerDb,
  o: { box: SecretBox; now: Date; production: boolean; send?: SendOptions['resolve']; timeoutMs?: number },
): Promise<WebhookRunResult> {
  const result: WebhookRunResult = { delivered: 0, retrying: 0, failed: 0, paused: 0 };
  const now = o.now.toISOString();
  // Deliveries past their 24 hours (an endpoint paused meanwhile) fail without another attempt.
  const expired = await queryRows<{ id: string }>(
    db as unknown as Db,
    sql`update webhook_delivery set status = 'failed', last_error = coalesce(last_error, 'not sent within 24 hours')
        where status = 'pending' and retry_until < ${now}::timestamptz returning id`,
  );
  result.failed += expired.length;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await queryRows<Claimed>(
      db as unknown as Db,
      sql`update webhook_delivery d set claimed_until = ${new Date(o.now.getTime() + CLAIM_MS).toISOString()}::timestamptz
          from webhook_endpoint e
          where e.id = d.endpoint_id and d.id in (
            select d2.id from webhook_delivery d2 join webhook_endpoint e2 on e2.id = d2.endpoint_id
            where d2.status = 'pending' and e2.paused_at is null and d2.next_attempt_at <= ${now}::timestamptz
              and (d2.claimed_until is null or d2.claimed_until < ${now}::timestamptz)
            order by d2.next_attempt_at
            limit ${BATCH}
            for update of d2 skip locked)
          returning d.id, d.endpoint_id, d.company_id, d.event, d.body, d.attempts, d.retry_until, e.url, e.secret_sealed`,
    );
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (c) => {
        let outcome: SendResult;
        try {
          outcome = await sendWebhook(
            c.url,
            {
              id: c.id,
              event: c.event,
              body: c.body,
              secret: o.box.open(c.secret_sealed),
              timestamp: Math.floor(o.now.getTime() / 1000),
            },
            { production: o.production, resolve: o.send, timeoutMs: o.timeoutMs },
          );
        } catch (e) {
          outcome = { ok: false, status: null, error: String((e as Error).message).slice(0, 200) };
        }
        const step = await record(db, c, outcome, o.now);
        result[step.kind]++;
        if (step.paused) result.paused++;
      }),
    );
    if (claimed.length < BATCH) break;
  }
  return result;
}

/** Writes an attempt's outcome, which ends the claim, and keeps the endpoint's count of failures. */
async function record(db: OwnerDb, c: Claimed, r: SendResult, at: Date) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const now = at.toISOString();
    const attempts = c.attempts + 1;
    if (r.ok) {
      await tx.execute(sql`update webhook_delivery set status = 'delivered', attempts = ${attempts}, last_attempt_at = ${now}::timestamptz,
          response_status = ${r.status}, last_error = null, claimed_until = null where id = ${c.id}::uuid`);
      await tx.execute(sql`update webhook_endpoint set consecutive_failures = 0 where id = ${c.endpoint_id}::uuid`);
      return { kind: 'delivered' as const, paused: false };
    }
    const next = new Date(at.getTime() + backoffMs(attempts));
    const gaveUp = next.getTime() > new Date(c.retry_until).getTime();
    await tx.execute(sql`update webhook_delivery set status = ${gaveUp ? 'failed' : 'pending'}, attempts = ${attempts},
        last_attempt_at = ${now}::timestamptz, next_attempt_at = ${next.toISOString()}::timestamptz,
        response_status = ${r.status}, last_error = ${r.error}, claimed_until = null where id = ${c.id}::uuid`);
    const [endpoint] = await queryRows<{ failures: number }>(
      tx,
      sql`update webhook_endpoint set consecutive_failures = consecutive_failures + 1,
            paused_at = case when paused_at is null and consecutive_failures + 1 >= ${WEBHOOK_PAUSE_AFTER}
                             then ${now}::timestamptz else paused_at end
          where id = ${c.endpoint_id}::uuid returning consecutive_failures as failures`,
    );
    // The row lock orders concurrent failures, so exactly one of them reaches the limit.
    const paused = endpoint?.failures === WEBHOOK_PAUSE_AFTER;
    if (paused) await notifyWebhookPaused(tx, { companyId: c.company_id, endpointId: c.endpoint_id, url: c.url, at });
    return { kind: gaveUp ? ('failed' as const) : ('retrying' as const), paused };
  });
}
