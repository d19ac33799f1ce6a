import type { SummaryReport, SummaryReportQuery } from '@pc/shared';
import { breachClock, type ItemTypeKey, privacyRequestDeadline } from '@pc/shared';
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam, type Db, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { addDays, todayIn } from '../../platform/dates';
import { notFound } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { scopeCompanyIds } from '../../platform/tenancy';
import type { ItemCtx, ItemDeps } from '../items/service';

export type SummaryCtx = ItemCtx & Pick<RequestContext, 'claims'>;

/** The report's companies: the whole scope, or one company of it with its child companies. */
export async function reportCompanies(tx: Db, ctx: SummaryCtx, companyId: string | undefined): Promise<readonly string[]> {
  if (!companyId) return ctx.scopeCompanyIds;
  if (!ctx.scopeCompanyIds.includes(companyId)) throw notFound();
  const rows = await queryRows<{ id: string; parentId: string | null }>(
    tx,
    sql`select id::text as id, parent_id::text as "parentId" from company
        where id = any(${arrayParam(ctx.scopeCompanyIds)}::uuid[])`,
  );
  return scopeCompanyIds(companyId, rows).filter((id) => ctx.scopeCompanyIds.includes(id));
}

interface Bounds {
  /** The first day; it starts at local midnight. */
  start: string;
  /** The day after the last one: the period ends when it starts. */
  end: string;
  /** Now. "Open at end" is judged at the earlier of the end and now, so a running period shows today's state. */
  asOf: string;
  /** Due dates before this day count as overdue at asOf (same rule as the dashboard's red alert). */
  overdueBefore: string;
}

function boundsOf(q: SummaryReportQuery, timeZone: string, now: Date): Bounds {
  const dayAfter = addDays(q.until, 1);
  const today = todayIn(timeZone, now);
  return {
    start: q.from,
    end: dayAfter,
    asOf: now.toISOString(),
    overdueBefore: dayAfter < today ? dayAfter : today,
  };
}

const local = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

/**
 * Per type: created in the period, closed in it, open at its end and overdue then. "Closed" and
 * "open at end" come from the status changes recorded in item_history, so a report for a past
 * period shows what was true then, not the items' current status; an item without a recorded
 * status change falls back to its current one.
 */
async function typeRows(tx: Db, companies: readonly string[], types: ItemTypeKey[], b: Bounds, timeZone: string) {
  const start = local(b.start, timeZone);
  const end = local(b.end, timeZone);
  const asOf = sql`least(${end}, ${b.asOf}::timestamptz)`;
  const rows = await queryRows<{ type: string; created: number; closed: number; openAtEnd: number; overdue: number }>(
    tx,
    sql`
    with scoped as (
      select id, type, status, due_date, created_at from item
      where company_id = any(${arrayParam(companies)}::uuid[]) and type = any(${typeArray(types)}::text[])
    ),
    changes as (
      select h.item_id, h.at,
             (h.changes->'status'->>'to')::int as to_status,
             (h.changes->'status'->>'from')::int as from_status
      from item_history h join scoped s on s.id = h.item_id
      where h.changes->'status' is not null and h.at < ${end}
    ),
    last_status as (
      select distinct on (item_id) item_id, to_status from changes
      where at < ${asOf} order by item_id, at desc
    ),
    closed as (
      select distinct item_id from changes
      where at >= ${start} and to_status >= 3 and coalesce(from_status, -1) < 3
    ),
    judged as (
      select s.type, s.created_at, s.due_date, coalesce(l.to_status, s.status) as status_then, c.item_id is not null as closed
      from scoped s
      left join last_status l on l.item_id = s.id
      left join closed c on c.item_id = s.id
    )
    select type,
           count(*) filter (where created_at >= ${start} and created_at < ${end})::int as created,
           count(*) filter (where closed)::int as closed,
           count(*) filter (where created_at < ${asOf} and status_then < 3)::int as "openAtEnd",
           count(*) filter (where created_at < ${asOf} and status_then < 3 and due_date < ${b.overdueBefore}::date)::int as overdue
    from judged group by type`,
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  return types.map((type) => {
    const r = byType.get(type);
    return {
      type,
      created: Number(r?.created ?? 0),
      closed: Number(r?.closed ?? 0),
      openAtEnd: Number(r?.openAtEnd ?? 0),
      overdue: Number(r?.overdue ?? 0),
    };
  });
}

interface ListedRow {
  id: string;
  number: string;
  name: string;
  status: number;
  companyName: string;
  data: Record<string, unknown>;
}

function listed(tx: Db, companies: readonly string[], type: ItemTypeKey, inPeriod: SQL, order: SQL) {
  return queryRows<ListedRow>(
    tx,
    sql`select i.id, i.number_label as number, i.name, i.status, c.name as "companyName", i.data
        from item i join company c on c.id = i.company_id
        where i.company_id = any(${arrayParam(companies)}::uuid[]) and i.type = ${type} and ${inPeriod}
        order by ${order}, i.number_label`,
  );
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Breaches discovered in the period, with whether the authority was told within 72 hours (Art. 33). */
async function breaches(tx: Db, companies: readonly string[], b: Bounds, timeZone: string, now: Date) {
  const discovered = sql`(i.data->>'discoveredAt')::timestamptz`;
  const rows = await listed(
    tx,
    companies,
    'data-breach',
    sql`${discovered} >= ${local(b.start, timeZone)} and ${discovered} < ${local(b.end, timeZone)}`,
    discovered,
  );
  return rows.map(({ data, ...r }) => {
    const discoveredAt = data.discoveredAt as string;
    const clock = breachClock({ discoveredAt, notifiedAt: str(data.notifiedAt) }, now)!;
    return {
      ...r,
      status: Number(r.status),
      discoveredAt: new Date(discoveredAt).toISOString(),
      deadline: clock.deadline.toISOString(),
      notifiedAt: str(data.notifiedAt),
      notifiedWithin72h: clock.notified ? !clock.overdue : null,
      riskLevel: str(data.riskLevel),
    };
  });
}

/** Data-subject requests received in the period, with whether they were answered in time (Art. 12(3)). */
async function requests(tx: Db, companies: readonly string[], b: Bounds) {
  const received = sql`(i.data->>'receivedDate')::date`;
  const rows = await listed(
    tx,
    companies,
    'privacy-request',
    sql`${received} >= ${b.start}::date and ${received} < ${b.end}::date`,
    received,
  );
  return rows.map(({ data, ...r }) => {
    const receivedDate = data.receivedDate as string;
    const deadline = privacyRequestDeadline(receivedDate, data.extended === true);
    const respondedDate = str(data.respondedDate);
    return {
      ...r,
      status: Number(r.status),
      requestType: str(data.requestType) ?? '',
      receivedDate,
      deadline,
      respondedDate,
      answeredInTime: respondedDate ? respondedDate <= deadline : null,
    };
  });
}

/** The DPO activity report of a period over the items the caller may read. */
export async function summaryReport(d: ItemDeps, ctx: SummaryCtx, q: SummaryReportQuery): Promise<SummaryReport> {
  const now = d.now();
  const types = readableItemTypes(ctx.claims);
  const b = boundsOf(q, d.timeZone, now);
  const tx = ctx.db;
  const companies = await reportCompanies(tx, ctx, q.companyId);
  // A list of a register the caller may not open is null, not empty: "none" would be a false answer.
  const listIf = <T>(type: ItemTypeKey, run: () => Promise<T[]>) => (types.includes(type) ? run() : null);
  const [rows, dataBreaches, privacyRequests] = await Promise.all([
    types.length ? typeRows(tx, companies, types, b, d.timeZone) : [],
    listIf('data-breach', () => breaches(tx, companies, b, d.timeZone, now)),
    listIf('privacy-request', () => requests(tx, companies, b)),
  ]);
  return { from: q.from, until: q.until, generatedAt: now.toISOString(), types: rows, dataBreaches, privacyRequests };
}
