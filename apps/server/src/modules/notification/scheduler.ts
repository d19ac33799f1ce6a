import type { NotificationKind } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { ADVISORY_LOCK_APP, advisoryLocks, type OwnerDb, oneTransactionAtATime } from '../../db/client';
import { arrayParam, type Db, queryRows } from '../../db/types';
import { addDays, todayIn } from '../../platform/dates';
import type { Mailer } from '../../platform/mail/mailer';
import { webhookItem } from '../items/service';
import { type DeadlineAlert, enqueueDeadlineEvents } from '../webhook/events';
import { digestBatch, digestWeek } from './digest';
import { queueNotificationMails } from './mails';

export interface PassResult {
  /** False when another instance was running a batch: this one skipped its turn. */
  ran: boolean;
  created: Partial<Record<NotificationKind, number>>;
  /** Mails queued in the outbox by this pass (weekly digests included). */
  mailed: number;
  /** Weekly digests queued by this pass (Monday from 07:00 in the time zone). */
  digests: number;
}

/** Days a reminder that was missed (server down) is still sent late; older ones are dropped. */
export const CATCH_UP_DAYS = 7;
/** Items a batch looks at on PostgreSQL, where requests do not wait for it. */
const BATCH = 2000;
/**
 * How long one batch may hold the embedded database, which serves one transaction at a time: a
 * request that comes during the pass waits for the batch in progress. There batches are sized from
 * the last one's time to stay near this (50–2,000 items).
 */
const EMBEDDED_BATCH_MS = 25;

/**
 * The scheduled notifications, across tenants on the owner connection: for every open item the
 * one reminder its due date calls for today (7–2 days before: due soon; 1 day: due tomorrow; 1–7
 * days after: overdue; privacy requests 7 and 1 day before their deadline), and for every data
 * breach not yet reported to the authority the latest of 24, 48 and 66 hours of its 72.
 *
 * Only the step that applies now is written, so a pass that catches up after a stop sends
 * "overdue" and never a "due tomorrow" that came too late. The due date is part of the key: a
 * changed due date re-arms the steps still ahead. Recipients are kept only if they would see the
 * company themselves (active, company among theirs). The unique key makes each one happen once
 * however many instances run; batches are short transactions of their own, each under an
 * advisory lock that makes a second instance skip its turn instead of repeating the work.
 */
export async function runNotificationPass(db: OwnerDb, o: { timeZone: string; now: Date; mailer?: Mailer }): Promise<PassResult> {
  const today = todayIn(o.timeZone, o.now);
  const created: Partial<Record<NotificationKind, number>> = {};
  const count = (rows: { kind: NotificationKind }[]) => {
    for (const r of rows) created[r.kind] = (created[r.kind] ?? 0) + 1;
  };
  let cursor = '00000000-0000-0000-0000-000000000000';
  const embedded = oneTransactionAtATime(db);
  let size = embedded ? 200 : BATCH;
  const answers = new Answers();
  for (;;) {
    const asked = size;
    const started = performance.now();
    const step = await inBatch(db, async (tx) => {
      const ids = (
        await queryRows<{ id: string }>(
          tx,
          sql`select id from item where id > ${cursor}::uuid and status < 3 and type <> 'data-breach'
              order by id limit ${asked}`,
        )
      ).map((r) => r.id);
      if (ids.length) {
        const rows = await dueReminders(tx, ids, today, answers);
        count(rows);
        await deadlineWebhooks(tx, rows, o.now);
      }
      return ids;
    });
    if (step === null) return { ran: false, created, mailed: 0, digests: 0 };
    if (step.length < asked) break;
    cursor = step[step.length - 1]!;
    if (embedded) {
      const took = Math.max(performance.now() - started, 1);
      size = Math.min(BATCH, Math.max(50, Math.round((asked * EMBEDDED_BATCH_MS) / took)));
    }
  }
  const breaches = await inBatch(db, async (tx) => {
    const rows = await breachReminders(tx, o.now);
    await deadlineWebhooks(tx, rows, o.now);
    return [...rows, ...(await trialReminders(tx, today))];
  });
  if (breaches === null) return { ran: false, created, mailed: 0, digests: 0 };
  count(breaches);
  if (!o.mailer) return { ran: true, created, mailed: 0, digests: 0 };
  const mailed = await sendMails(db, o.mailer, o);
  const digests = await sendDigests(db, o.mailer, o);
  return { ran: digests !== null, created, mailed: mailed + (digests ?? 0), digests: digests ?? 0 };
}

/** The week's digests, when one is due (Monday from 07:00), user batch by user batch; null if another instance had the turn. */
async function sendDigests(db: OwnerDb, mailer: Mailer, o: { timeZone: string; now: Date }): Promise<number | null> {
  const week = digestWeek(o.timeZone, o.now);
  if (!week) return 0;
  let cursor = '00000000-0000-0000-0000-000000000000';
  let sent = 0;
  for (;;) {
    const after: (() => void)[] = [];
    const step = await inBatch(db, (tx) => digestBatch(tx, mailer, { week, cursor, afterCommit: (fn) => void after.push(fn) }));
    for (const fn of after) fn();
    if (step === null) return null;
    sent += step.mailed;
    if (!step.last) return sent;
    cursor = step.last;
  }
}

/** Queues the mails of this pass and of the events since the last one, batch by batch. */
export async function sendMails(db: OwnerDb, mailer: Mailer, o: { timeZone: string; now: Date }) {
  let mailed = 0;
  for (;;) {
    const after: (() => void)[] = [];
    const n = await inBatch(db, (tx) => queueNotificationMails(tx, mailer, { ...o, afterCommit: (fn) => void after.push(fn) }));
    for (const fn of after) fn();
    if (!n) return mailed;
    mailed += n;
  }
}

/** The deadline alerts just raised, as webhook events in the same batch: committed with them or not at all. */
function deadlineWebhooks(tx: Db, rows: Raised[], now: Date) {
  return enqueueDeadlineEvents(tx, rows, now, (itemId, companyId) => webhookItem(tx, companyId, itemId, now));
}

async function inBatch<T>(db: OwnerDb, fn: (tx: Db) => Promise<T>): Promise<T | null> {
  // Embedded PGlite answers within microtasks: without a turn of the event loop between batches
  // the whole pass would run as one, and requests would wait for all of it.
  await new Promise((resolve) => setImmediate(resolve));
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [lock] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_APP}, ${advisoryLocks.notify}) as taken`,
    );
    return lock?.taken ? fn(tx) : null;
  });
}

type Raised = DeadlineAlert & { kind: NotificationKind };

async function dueReminders(tx: Db, ids: string[], today: string, answers: Answers) {
  const from = addDays(today, -CATCH_UP_DAYS);
  const until = addDays(today, 7);
  const candidates = await queryRows<Candidate>(
    tx,
    sql`
    with dues as (
      select i.id, i.company_id, i.type, i.owner_id, i.assignee_id, d.due
      from item i
      cross join lateral (values (i.due_date),
        (case when i.type = 'issue' and i.data->>'assignedDueDate' ~ '^\\d{4}-\\d{2}-\\d{2}$'
              then (i.data->>'assignedDueDate')::date end)) as d(due)
      where i.id = any(${`{${ids.join(',')}}`}::uuid[]) and d.due between ${from}::date and ${until}::date
    ), steps as (
      select dues.*, case
        when type = 'privacy-request' then case when due - ${today}::date between 2 and 7 then 'request_deadline'
                                              when due - ${today}::date = 1 then 'request_deadline' end
        when due - ${today}::date between 2 and 7 then 'due_soon'
        when due - ${today}::date = 1 then 'due_tomorrow'
        when due < ${today}::date then 'overdue' end as kind,
        case when type = 'privacy-request' and due - ${today}::date = 1 then '1d:' || due
             when type = 'privacy-request' then '7d:' || due
             else due::text end as threshold
      from dues
    )
    -- Who is told, once per item, step and person, leaving out those told already (the unique key's columns).
    select distinct s.company_id, r.id as recipient_id, s.id as item_id, s.kind, s.threshold,
           pc_notify_category(s.kind) as category
    from steps s
    join company c on c.id = s.company_id
    cross join lateral (values (s.owner_id),
      (case when s.type = 'privacy-request' then c.data_privacy_agent_id else s.assignee_id end)) as r(id)
    where s.kind is not null and r.id is not null
      and not exists (select 1 from notification n where n.item_id = s.id and n.kind = s.kind
                        and n.threshold = s.threshold and n.recipient_id = r.id)`,
  );
  return insertAllowed(tx, candidates, answers);
}

interface Candidate {
  company_id: string;
  recipient_id: string;
  item_id: string;
  kind: NotificationKind;
  threshold: string;
  category: string;
}

/**
 * Whether a person sees a company and how they want a category, asked once per pass: each answer
 * walks the person's companies, and a pass names few people and companies for many reminders.
 * A change to either during the pass applies from the next one.
 */
class Answers {
  readonly sees = new Map<string, boolean>();
  readonly channel = new Map<string, { in_app: boolean; email: string } | null>();
}

async function insertAllowed(tx: Db, candidates: Candidate[], answers: Answers): Promise<Raised[]> {
  const pair = (c: Candidate) => `${c.recipient_id}|${c.company_id}`;
  const wants = (c: Candidate) => `${c.recipient_id}|${c.category}`;
  const pairs = [...new Set(candidates.map(pair).filter((k) => !answers.sees.has(k)))].map((k) => k.split('|'));
  if (pairs.length) {
    const rows = await queryRows<{ r: string; c: string; ok: boolean }>(
      tx,
      sql`select p.r, p.c, pc_notify_may_see(p.r, p.c) as ok
          from unnest(${arrayParam(pairs.map((x) => x[0]!))}::uuid[], ${arrayParam(pairs.map((x) => x[1]!))}::uuid[]) as p(r, c)`,
    );
    for (const row of rows) answers.sees.set(`${row.r}|${row.c}`, row.ok);
  }
  const wanted = [...new Set(candidates.map(wants).filter((k) => !answers.channel.has(k)))].map((k) => k.split('|'));
  if (wanted.length) {
    for (const [r, cat] of wanted) answers.channel.set(`${r}|${cat}`, null);
    const rows = await queryRows<{ r: string; cat: string; in_app: boolean; email: string }>(
      tx,
      sql`select q.r, q.cat, ch.in_app, ch.email
          from unnest(${arrayParam(wanted.map((x) => x[0]!))}::uuid[], ${arrayParam(wanted.map((x) => x[1]!))}::text[]) as q(r, cat)
          cross join lateral pc_notify_channel(q.r, q.cat) ch`,
    );
    for (const row of rows) answers.channel.set(`${row.r}|${row.cat}`, { in_app: row.in_app, email: row.email });
  }
  const kept = candidates.flatMap((c) => {
    const ch = answers.channel.get(wants(c));
    return answers.sees.get(pair(c)) && ch ? [{ ...c, ...ch }] : [];
  });
  if (!kept.length) return [];
  const column = (f: (c: (typeof kept)[number]) => string | boolean) => arrayParam(kept.map((c) => String(f(c))));
  return queryRows<Raised>(
    tx,
    sql`insert into notification (company_id, recipient_id, item_id, kind, threshold, in_app, mail_pending)
        select * from unnest(${column((c) => c.company_id)}::uuid[], ${column((c) => c.recipient_id)}::uuid[],
          ${column((c) => c.item_id)}::uuid[], ${column((c) => c.kind)}::text[], ${column((c) => c.threshold)}::text[],
          ${column((c) => c.in_app)}::boolean[], ${column((c) => c.email === 'immediately')}::boolean[])
        on conflict do nothing
        returning kind, company_id, item_id, threshold`,
  );
}

function breachReminders(tx: Db, now: Date) {
  return queryRows<Raised>(
    tx,
    sql`
    with open as (
      select i.id, i.company_id, i.owner_id,
             extract(epoch from (${now.toISOString()}::timestamptz - (i.data->>'discoveredAt')::timestamptz)) / 3600 as hours
      from item i
      where i.type = 'data-breach' and i.status < 3 and coalesce(i.data->>'notifiedAt', '') = ''
        and i.data->>'discoveredAt' ~ '^\\d{4}-\\d{2}-\\d{2}T'
    ), steps as (
      select open.*, case when hours >= 66 then '66' when hours >= 48 then '48' when hours >= 24 then '24' end as threshold
      from open where hours < 72
    )
    insert into notification (company_id, recipient_id, item_id, kind, threshold, in_app, mail_pending)
    select x.*, ch.in_app, ch.email = 'immediately'
    from (
      select distinct s.company_id, r.id as recipient_id, s.id, 'breach_deadline' as kind, s.threshold
      from steps s
      cross join lateral unnest(pc_notify_claim_holders(s.company_id, 'DataBreach.Write') || s.owner_id) as r(id)
      where s.threshold is not null and r.id is not null and pc_notify_may_see(r.id, s.company_id)
    ) x
    cross join lateral pc_notify_channel(x.recipient_id, 'breach') ch
    on conflict do nothing
    returning kind, company_id, item_id, threshold`,
  );
}

/** The account holders of a company whose trial ends within 7 days, once per end date. */
function trialReminders(tx: Db, today: string) {
  return queryRows<{ kind: NotificationKind }>(
    tx,
    sql`
    insert into notification (company_id, recipient_id, item_id, kind, threshold, data, in_app, mail_pending)
    select x.company_id, x.uid, null, 'trial_ending', x.end_date::text, '{"link": "/account"}'::jsonb, ch.in_app, ch.email = 'immediately'
    from (
      select bc.company_id, u.id as uid, bc.end_date
      from billing_contract bc
      join app_user u on u.company_id = bc.company_id and u.has_account
      where bc.lifecycle_status = 'InTrial' and bc.end_date - ${today}::date between 1 and 7
    ) x
    cross join lateral pc_notify_channel(x.uid, 'trial') ch
    where pc_notify_may_see(x.uid, x.company_id)
    on conflict do nothing
    returning kind`,
  );
}
