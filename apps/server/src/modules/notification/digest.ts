import { type Language, NOTIFICATION_CATEGORIES } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { arrayParam, type Db, queryRows } from '../../db/types';
import { addDays, todayIn } from '../../platform/dates';
import { itemReadClaims } from '../../platform/item-access';
import type { Mailer } from '../../platform/mail/mailer';
import { day } from './mails';
import { itemLink } from './service';

/** The digest goes out on Monday from this hour on, in the installation's time zone. */
export const DIGEST_HOUR = 7;
/** It lists open items due within this many days, and all overdue ones. */
export const DIGEST_DAYS = 14;
const USER_BATCH = 200;

/**
 * The Monday whose digest is due at `now` (YYYY-MM-DD), or null: from 07:00 to midnight of a
 * Monday in the time zone. A server that was down at 07:00 sends it later that Monday, not on
 * another day (a Tuesday "weekly" digest would come with a stale week).
 */
export function digestWeek(timeZone: string, now: Date): string | null {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return parts.weekday === 'Mon' && Number(parts.hour) >= DIGEST_HOUR ? todayIn(timeZone, now) : null;
}

/** At most this many lines per company; the rest is counted and linked to the company. */
export const DIGEST_LINES_PER_COMPANY = 20;

export interface Line {
  uid: string;
  email: string;
  language: Language;
  firstname: string;
  lastname: string;
  home: string;
  companyId: string;
  company: string;
  /** The company's open items due for this user in all (not only the lines listed). */
  total: number;
  id: string;
  type: string;
  number: string;
  name: string;
  due: string;
}

const categories = sql.raw(`array[${NOTIFICATION_CATEGORIES.map((c) => `'${c}'`).join(', ')}]::text[]`);

/**
 * One batch of users (after `cursor`) of the week's digest: to each user with at least one
 * category in the digest, the open items due within 14 days or overdue in every company the
 * user sees (`pc_notify_may_see`: their visible companies, and those a live grant covers) of the
 * registers whose Read claim they hold there (`pc_notify_claim_holders`); nothing to those with
 * nothing due. One statement per batch, whatever the number of companies: per company and
 * register only the first 20 by due date are read (an index range) and the rest counted from
 * item_stat.
 * The digest's own notification row (kind weekly_digest, the Monday as threshold, not shown in
 * the app) is the exactly-once key: the mail is queued in the same transaction as the row that
 * won the insert. Answers the last user id of the batch (null at the end) and how many mails it
 * queued.
 */
export async function digestBatch(
  tx: Db,
  mailer: Mailer,
  o: { week: string; cursor: string; afterCommit: (fn: () => void) => void },
): Promise<{ last: string | null; mailed: number }> {
  const users = await queryRows<{ id: string }>(
    tx,
    sql`select u.id from app_user u where u.id > ${o.cursor}::uuid and u.is_active order by u.id limit ${USER_BATCH}`,
  );
  if (!users.length) return { last: null, mailed: 0 };
  const until = addDays(o.week, DIGEST_DAYS);
  // The statement's estimates (one lateral per company and register) reach the cost at which
  // PostgreSQL compiles it first (JIT): on 1,000,000 items compiling took 0.5-1.5 s, running it 0.3-0.7 s.
  await queryRows(tx, sql`set local jit = off`);
  const lines = await queryRows<Line>(tx, digestLines(arrayParam(users.map((u) => u.id)), until));
  // Companies as people sort them (the database's collation may put "Bä" after "Be"); within a
  // company the statement's order (due date, register, number) stays: the sort is stable.
  const collator = new Intl.Collator('de');
  lines.sort(
    (a, b) => a.uid.localeCompare(b.uid) || collator.compare(a.company, b.company) || a.companyId.localeCompare(b.companyId),
  );
  const byUser = new Map<string, Line[]>();
  for (const l of lines) {
    const mine = byUser.get(l.uid);
    if (mine) mine.push(l);
    else byUser.set(l.uid, [l]);
  }
  let mailed = 0;
  for (const [uid, mine] of byUser) {
    const first = mine[0]!;
    const won = await queryRows<{ id: string }>(
      tx,
      sql`insert into notification (company_id, recipient_id, item_id, kind, threshold, in_app)
          values (${first.home}::uuid, ${uid}::uuid, null, 'weekly_digest', ${o.week}, false)
          on conflict do nothing returning id`,
    );
    if (!won.length) continue;
    const totals = new Map(mine.map((l) => [l.companyId, l.total]));
    await mailer.send(
      { db: tx, afterCommit: o.afterCommit },
      {
        to: first.email,
        template: 'notification-digest',
        locale: first.language,
        vars: {
          name: `${first.firstname} ${first.lastname}`.trim() || first.email,
          days: [...totals.values()].reduce((a, b) => a + b, 0),
          companies: totals.size,
          summary: digestText(mine, first.language, o.week, mailer),
          link: mailer.link('/notification'),
        },
      },
    );
    mailed++;
  }
  return { last: users[users.length - 1]!.id, mailed };
}

/**
 * The digest's lines of a batch of users (`ids`, a uuid[] literal): per user and company, the
 * first 20 readable open items due by `until` (overdue first, then by due date) and how many
 * there are. Runs on the owner connection, across tenants.
 */
function digestLines(ids: string, until: string) {
  const types = arrayParam(itemReadClaims.map((t) => t.type));
  const claims = arrayParam(itemReadClaims.map((t) => t.claim));
  const cap = DIGEST_LINES_PER_COMPANY;
  return sql`
    with recursive wanted as (
      select u.id, u.email, u.language, u.firstname, u.lastname, u.company_id
      from app_user u
      where u.id = any(${ids}::uuid[]) and u.is_active and (u.valid_until is null or u.valid_until > now())
        and exists (select 1 from unnest(${categories}) c(cat) cross join lateral pc_notify_channel(u.id, c.cat) ch
                    where ch.email = 'digest')
    ), granted(uid, cid) as (
      -- A live grant covers its company and every company below it: those whose
      -- pc_notify_company_chain (parents and agencies upwards) reaches the granted one.
      select g.user_id, g.company_id from company_grant g
      where g.suspended_at is null and g.user_id in (select id from wanted)
      union
      select b.uid, c.id from granted b join company c on c.parent_id = b.cid or c.agency_id = b.cid
    ), seen as (
      -- pc_notify_may_see, for all of a user's companies at once.
      select w.id as uid, v.id as cid from wanted w cross join lateral pc_visible_companies(w.id) v
      union
      select uid, cid from granted
    ), companies as (
      select distinct cid from seen
    ), kinds as (
      select * from unnest(${types}::text[], ${claims}::text[]) as r(type, claim)
    ), counted as (
      -- How many open items each company has due by then, per register and status: item_stat
      -- keeps these counts, so a company with 100,000 overdue items costs no more than one with 10.
      select s.company_id, s.type, s.status, sum(s.n)::int as n
      from companies k join item_stat s on s.company_id = k.cid
      where s.status < 3 and s.due_date <= ${until}::date and s.n > 0
      group by 1, 2, 3
    ), assigned as (
      -- Issues are also due by the date their assignee was given: those not due by their own
      -- due date (a later one, or none) but by that one.
      select i.company_id, i.type, i.id, i.number, i.number_label, i.name, a.due
      from companies k
      join item i on i.type = 'issue' and i.company_id = k.cid and i.status < 3 and (i.due_date is null or i.due_date > ${until}::date)
      cross join lateral (select case when i.data->>'assignedDueDate' ~ '^\\d{4}-\\d{2}-\\d{2}$'
                                      then (i.data->>'assignedDueDate')::date end as due) a
      where a.due <= ${until}::date
    ), due as (
      -- The first 20 by due date of each company, register and status (one index range each;
      -- an issue shows and sorts by the earlier of its two dates among those read), and the
      -- issues due by their assigned date alone.
      select c.company_id, c.type, top.id, top.number, top.number_label, top.name, top.due
      from counted c
      cross join lateral (
        select i.id, i.number, i.number_label, i.name,
               least(i.due_date, case when i.type = 'issue' and i.data->>'assignedDueDate' ~ '^\\d{4}-\\d{2}-\\d{2}$'
                                      then (i.data->>'assignedDueDate')::date end) as due
        from item i
        where i.type = c.type and i.company_id = c.company_id and i.status = c.status and i.due_date <= ${until}::date
        order by i.due_date, i.number limit ${cap}) top
      union all
      select company_id, type, id, number, number_label, name, due from assigned
    ), readers as (
      -- Who may read each register with something due: the claim holders of that company.
      select z.company_id, z.type, z.n, pc_notify_claim_holders(z.company_id, r.claim) as holders
      from (select company_id, type, sum(n)::int as n
            from (select company_id, type, n from counted union all select company_id, type, 1 from assigned) x
            group by 1, 2) z
      join kinds r on r.type = z.type
    ), allowed as (
      select s.uid, r.company_id, r.type, r.n, sum(r.n) over (partition by s.uid, r.company_id)::int as total
      from seen s join readers r on r.company_id = s.cid and s.uid = any(r.holders)
    ), ranked as (
      select a.uid, a.company_id, a.total, d.id, d.type, d.number_label, d.name, d.due,
             row_number() over (partition by a.uid, a.company_id order by d.due, d.type, d.number) as pos
      from allowed a join due d on d.company_id = a.company_id and d.type = a.type
    )
    select w.id as uid, w.email, w.language, w.firstname, w.lastname, w.company_id as home,
           x.company_id as "companyId", c.name as company, x.total, x.id, x.type, x.number_label as number, x.name,
           x.due::text as due
    from ranked x
    join wanted w on w.id = x.uid
    join company c on c.id = x.company_id
    where x.pos <= ${cap}
    order by x.uid, x.company_id, x.pos`;
}

/**
 * The digest's lines grouped by company: number, name, due date (overdue marked) and link; after
 * a company's first 20 how many more there are, with a link to the company.
 */
export function digestText(lines: readonly Line[], locale: Language, today: string, mailer: Pick<Mailer, 'link'>) {
  const out: string[] = [];
  const more = (l: Line, shown: number) => {
    if (l.total <= shown) return;
    const n = l.total - shown;
    out.push(locale === 'de' ? `… und ${n} weitere` : `… and ${n} more`, `  ${mailer.link(`/company/${l.companyId}`)}`);
  };
  let prev: Line | undefined;
  let shown = 0;
  for (const l of lines) {
    if (l.companyId !== prev?.companyId) {
      if (prev) {
        more(prev, shown);
        out.push('');
      }
      prev = l;
      shown = 0;
      out.push(l.company);
    }
    shown++;
    const overdue = l.due < today;
    const due =
      locale === 'de'
        ? `fällig am ${day(l.due, locale)}${overdue ? ' (überfällig)' : ''}`
        : `due on ${day(l.due, locale)}${overdue ? ' (overdue)' : ''}`;
    out.push(`- ${l.number} ${l.name}, ${due}`, `  ${mailer.link(itemLink(l.type, l.id))}`);
  }
  if (prev) more(prev, shown);
  return out.join('\n');
}
