import { type Language, NOTIFICATION_CATEGORIES } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/types';
import { addDays, todayIn } from '../../platform/dates';
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

interface Line {
  uid: string;
  email: string;
  language: Language;
  firstname: string;
  lastname: string;
  home: string;
  company: string;
  id: string;
  type: string;
  number: string;
  name: string;
  due: string;
}

const categories = sql.raw(`array[${NOTIFICATION_CATEGORIES.map((c) => `'${c}'`).join(', ')}]::text[]`);

/**
 * One batch of users (after `cursor`) of the week's digest: to each user with at least one
 * category in the digest and at least one open item they own or are assigned, due within 14 days
 * or overdue, in a company they still see. The digest's own notification row (kind
 * weekly_digest, the Monday as threshold, not shown in the app) is the exactly-once key: the mail
 * is queued in the same transaction as the row that won the insert. Answers the last user id of
 * the batch (null at the end) and how many mails it queued.
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
  const ids = `{${users.map((u) => u.id).join(',')}}`;
  const until = addDays(o.week, DIGEST_DAYS);
  const lines = await queryRows<Line>(
    tx,
    sql`
    with wanted as (
      select u.id, u.email, u.language, u.firstname, u.lastname, u.company_id
      from app_user u
      where u.id = any(${ids}::uuid[]) and u.is_active and (u.valid_until is null or u.valid_until > now())
        and exists (select 1 from unnest(${categories}) c(cat) cross join lateral pc_notify_channel(u.id, c.cat) ch
                    where ch.email = 'digest')
    ), mine as (
      select w.id as uid, i.id as item_id from wanted w join item i on i.owner_id = w.id where i.status < 3
      union
      select w.id, i.id from wanted w join item i on i.assignee_id = w.id where i.status < 3
    )
    select w.id as uid, w.email, w.language, w.firstname, w.lastname, w.company_id as home, c.name as company,
           i.id, i.type, i.number_label as number, i.name, d.due::text as due
    from mine m
    join wanted w on w.id = m.uid
    join item i on i.id = m.item_id
    join company c on c.id = i.company_id
    cross join lateral (select min(x) as due from (values (i.due_date),
      (case when i.type = 'issue' and i.data->>'assignedDueDate' ~ '^\\d{4}-\\d{2}-\\d{2}$'
            then (i.data->>'assignedDueDate')::date end)) v(x)) d
    where d.due <= ${until}::date and pc_notify_may_see(w.id, i.company_id)
    order by w.id`,
  );
  // Companies as people sort them (the database's collation may put "Bä" after "Be").
  const collator = new Intl.Collator('de');
  lines.sort((a, b) => collator.compare(a.company, b.company) || a.due.localeCompare(b.due) || a.number.localeCompare(b.number));
  const byUser = new Map<string, Line[]>();
  for (const l of lines) byUser.set(l.uid, [...(byUser.get(l.uid) ?? []), l]);
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
    await mailer.send(
      { db: tx, afterCommit: o.afterCommit },
      {
        to: first.email,
        template: 'notification-digest',
        locale: first.language,
        vars: {
          name: `${first.firstname} ${first.lastname}`.trim() || first.email,
          days: mine.length,
          summary: digestText(mine, first.language, o.week, mailer),
          link: mailer.link('/notification'),
        },
      },
    );
    mailed++;
  }
  return { last: users[users.length - 1]!.id, mailed };
}

/** The digest's lines grouped by company: number, name, due date (overdue marked) and link. */
export function digestText(lines: readonly Line[], locale: Language, today: string, mailer: Pick<Mailer, 'link'>) {
  const out: string[] = [];
  let company = '';
  for (const l of lines) {
    if (l.company !== company) {
      if (company) out.push('');
      company = l.company;
      out.push(l.company);
    }
    const overdue = l.due < today;
    const due =
      locale === 'de'
        ? `fällig am ${day(l.due, locale)}${overdue ? ' (überfällig)' : ''}`
        : `due on ${day(l.due, locale)}${overdue ? ' (overdue)' : ''}`;
    out.push(`- ${l.number} ${l.name}, ${due}`, `  ${mailer.link(itemLink(l.type, l.id))}`);
  }
  return out.join('\n');
}
