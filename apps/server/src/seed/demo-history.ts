import { sql } from 'drizzle-orm';
import { arrayParam, type Db } from '../db/types';

/**
 * Gives freshly seeded demo items a past, so that the dashboard's 12-week trend and the
 * management report show a shape instead of everything appearing today. Set-based, over the
 * items `ids` (all created in this transaction, still exactly as inserted):
 * - each is created between 2 and 120 days before `now` (spread by a hash of its type and name,
 *   so that a reseed gives the same history); a data breach at its discovery, a request at its
 *   receipt; never before its company existed (a company created today keeps today);
 * - a closed one (done or not applicable) was created in progress and closed between its creation
 *   and now: its creation's history entry and event say so, and a history entry and the two events
 *   the item trigger writes for a closing (old state out, new state in) are added at that time.
 * Names, numbers, statuses, due dates and counts stay as seeded.
 */
export async function spreadDemoHistory(db: Db, ids: readonly string[], userId: string, now: Date, timeZone: string) {
  if (ids.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const day = (days: unknown) => sql`(${at} - make_interval(secs => (${days}) * 86400))`;
  const ageOf = (moment: unknown) => sql`extract(epoch from ${at} - (${moment})) / 86400`;
  // A share in [0, 1) from 28 bits of an md5 hash.
  const share = (salt: string) => sql`(('x' || substr(md5(${salt} || i.type || i.name), 1, 7))::bit(28)::int / 268435456.0)`;
  await db.execute(sql`
    with a as (
      select i.id, i.company_id, i.type, i.name, i.status, i.due_date,
             greatest(0, least(
               coalesce(
                 ${ageOf(sql`(i.data->>'discoveredAt')::timestamptz`)},
                 ${ageOf(sql`(i.data->>'receivedDate')::date::timestamp at time zone ${timeZone}`)},
                 2 + 118 * ${share('created')}),
               ${ageOf(sql`c.created_at`)})) as age,
             0.1 + 0.8 * ${share('closed')} as closed_share
      from item i join company c on c.id = i.company_id
      where i.id = any(${arrayParam(ids)}::uuid[])
    ),
    s as (
      select a.*, ${day(sql`a.age`)} as created,
             case when a.status >= 3 then ${day(sql`a.age * a.closed_share`)} end as closed
      from a
    ),
    item_created as (update item set created_at = s.created from s where item.id = s.id returning 1),
    history_created as (
      update item_history h
      set at = s.created,
          changes = case when s.closed is null then h.changes else jsonb_set(h.changes, '{status,to}', '1') end
      from s where h.item_id = s.id and h.action = 'created'
      returning 1
    ),
    history_closed as (
      insert into item_history (item_id, company_id, type, name, action, user_id, at, changes)
      select s.id, s.company_id, s.type, s.name, 'updated', ${userId}::uuid, s.closed,
             jsonb_build_object('status', jsonb_build_object('from', 1, 'to', s.status))
      from s where s.closed is not null
      returning 1
    ),
    event_created as (
      update item_event e set at = s.created, d_open = 1
      from s where e.item_id = s.id
      returning 1
    ),
    event_closed as (
      insert into item_event (company_id, item_id, type, at, due_date, d_total, d_open)
      select s.company_id, s.id, s.type, s.closed, s.due_date, x.d_total, x.d_open
      from s cross join (values (-1, -1), (1, 0)) as x(d_total, d_open)
      where s.closed is not null
      returning 1
    )
    select (select count(*) from item_created) + (select count(*) from history_created)
         + (select count(*) from history_closed) + (select count(*) from event_created)
         + (select count(*) from event_closed) as n`);
}
