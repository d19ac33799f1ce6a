import { sql } from 'drizzle-orm';
import type { OwnerDb } from '../db/client';
import { runNotificationPass } from '../modules/notification/scheduler';

/** Unread notifications a demo user starts with: the most pressing few, as after a normal week. */
export const DEMO_UNREAD = 5;

/**
 * The demo's inbox: the first pass over the demo items, as if it had run all along, with all but
 * the most pressing few per user already read and none waiting to be mailed (a fresh demo would
 * otherwise greet its users with dozens of unread alerts and mail them all).
 */
export async function seedDemoInbox(db: OwnerDb, o: { timeZone: string; now: Date }) {
  await runNotificationPass(db, o);
  await db.execute(sql`
    with ranked as (
      select id, row_number() over (
        partition by recipient_id
        order by case kind when 'breach_deadline' then 0 when 'breach_created' then 0
                           when 'request_deadline' then 1 when 'request_received' then 1
                           when 'overdue' then 2 when 'due_tomorrow' then 3 else 4 end,
                 created_at desc, id) as n
      from notification
    )
    update notification n set read_at = ${o.now.toISOString()}::timestamptz
    from ranked r where r.id = n.id and r.n > ${DEMO_UNREAD}`);
  await db.execute(sql`update notification set mail_pending = false where mail_pending`);
}
