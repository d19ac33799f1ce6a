import type { ItemTrend, ItemTypeKey, PreviousQuarter } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { arrayParam, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { dateIn } from '../../platform/dates';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { inScopeSql } from '../../platform/tenancy';
import type { ItemCtx, ItemDeps } from './service';

type Ctx = ItemCtx & Pick<RequestContext, 'claims'>;

/** A moment to count at, and its calendar date in the product's time zone (an item is overdue then when due before it). */
interface Instant {
  at: Date;
  day: string;
}

type State = { total: number; open: number; overdue: number };

/**
 * Per readable type: how many of today's items existed, were open and were overdue at each instant.
 * One statement, set-based:
 * - every item as it is now, from the trigger-kept item_stat (its current status and due date);
 * - corrected for the few items with a history entry since the earliest instant: for those, the
 *   status at an instant is the `to` of the last recorded status change before it (before the
 *   first change, that change's `from`; without any, the current status), and an item counts
 *   only from its created_at on.
 * An item untouched since the earliest instant had its current status all along. Deleted items
 * count nowhere; the due date is the current one (its changes are not replayed): docs/decisions/0073.
 */
export async function itemStatesAt(ctx: Ctx, types: ItemTypeKey[], instants: Instant[]): Promise<Map<string, State[]>> {
  const out = new Map<string, State[]>(types.map((t) => [t, instants.map(() => ({ total: 0, open: 0, overdue: 0 }))]));
  if (types.length === 0 || instants.length === 0) return out;
  const ats = arrayParam(instants.map((i) => i.at.toISOString()));
  const days = arrayParam(instants.map((i) => i.day));
  const earliest = new Date(Math.min(...instants.map((i) => i.at.getTime()))).toISOString();
  const rows = await queryRows<{ type: string; k: number; total: number; open: number; overdue: number }>(
    ctx.db,
    sql`
    with pts as (
      select k::int - 1 as k, t, d from unnest(${ats}::timestamptz[], ${days}::date[]) with ordinality as p(t, d, k)
    ),
    stable as (
      select s.type, p.k, sum(s.n) as total,
             coalesce(sum(s.n) filter (where s.status < 3), 0) as open,
             coalesce(sum(s.n) filter (where s.status < 3 and s.due_date < p.d), 0) as overdue
      from item_stat s cross join pts p
      where ${inScopeSql(sql`s.company_id`, ctx.scopeCompanyIds)} and s.type = any(${typeArray(types)}::text[])
      group by s.type, p.k
    ),
    ch as (
      select i.id, i.type, i.status, i.due_date, i.created_at from item i
      where i.id in (
        select h.item_id from item_history h
        where ${inScopeSql(sql`h.company_id`, ctx.scopeCompanyIds)} and h.at >= ${earliest}::timestamptz
      )
        and i.type = any(${typeArray(types)}::text[]) and ${inScopeSql(sql`i.company_id`, ctx.scopeCompanyIds)}
    ),
    sc as (
      select h.item_id, h.at, (h.changes->'status'->>'from')::int as from_s, (h.changes->'status'->>'to')::int as to_s
      from item_history h join ch on ch.id = h.item_id
      where h.changes->'status' is not null
    ),
    spans as (
      select item_id, at as since, lead(at) over (partition by item_id order by at) as until, to_s as s from sc
      union all
      select item_id, '-infinity'::timestamptz, min(at), (array_agg(from_s order by at))[1] from sc group by item_id
    ),
    judged as (
      select ch.type, p.k, ch.status as now_s, ch.due_date, p.d, ch.created_at <= p.t as existed,
             coalesce(sp.s, ch.status) as then_s
      from ch cross join pts p
      left join spans sp on sp.item_id = ch.id and sp.since <= p.t and (sp.until is null or sp.until > p.t)
    ),
    corr as (
      select type, k,
             count(*) filter (where existed) - count(*) as total,
             count(*) filter (where existed and then_s < 3) - count(*) filter (where now_s < 3) as open,
             count(*) filter (where existed and then_s < 3 and due_date < d)
               - count(*) filter (where now_s < 3 and due_date < d) as overdue
      from judged group by type, k
    )
    select s.type, s.k,
           (s.total + coalesce(c.total, 0))::int as total,
           (s.open + coalesce(c.open, 0))::int as open,
           (s.overdue + coalesce(c.overdue, 0))::int as overdue
    from stable s left join corr c on c.type = s.type and c.k = s.k`,
  );
  for (const r of rows) {
    const states = out.get(r.type);
    if (states?.[r.k]) states[r.k] = { total: Number(r.total), open: Number(r.open), overdue: Number(r.overdue) };
  }
  return out;
}

/** How many weekly points the trend has: the last 12 weeks, the last point now. */
export const TREND_WEEKS = 12;

/** Open and overdue items per readable type now and 1 … 11 weeks ago (the same weekday and time). */
export async function itemTrend(d: ItemDeps, ctx: Ctx): Promise<ItemTrend[]> {
  const types = readableItemTypes(ctx.claims);
  const now = d.now().getTime();
  const instants = Array.from({ length: TREND_WEEKS }, (_, k) => {
    const at = new Date(now - (TREND_WEEKS - 1 - k) * 7 * 86_400_000);
    return { at, day: dateIn(d.timeZone, at) };
  });
  const states = await itemStatesAt(ctx, types, instants);
  return types.map((itemType) => ({
    itemType,
    weeks: states.get(itemType)!.map((s, k) => ({ day: instants[k]!.day, open: s.open, overdue: s.overdue })),
  }));
}

/** The first day of the quarter a date falls in (YYYY-MM-DD). */
export function quarterStart(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
}

/**
 * Each readable type's counts at the end of the previous quarter (midnight at the start of this
 * quarter in the product's time zone), by the rule of itemStatesAt; `types` narrows them.
 */
export async function previousQuarter(d: ItemDeps, ctx: Ctx, only?: readonly ItemTypeKey[]): Promise<PreviousQuarter> {
  const readable = readableItemTypes(ctx.claims);
  const types = only ? readable.filter((t) => only.includes(t)) : readable;
  const start = quarterStart(dateIn(d.timeZone, d.now()));
  const at = zonedMidnight(start, d.timeZone);
  const states = await itemStatesAt(ctx, types, [{ at, day: start }]);
  const until = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    until,
    types: types.map((itemType) => {
      const s = states.get(itemType)![0]!;
      return {
        itemType,
        total: s.total,
        open: s.open,
        closedPercent: s.total === 0 ? 0 : Math.round(((s.total - s.open) / s.total) * 1000) / 10,
      };
    }),
  };
}

/** The instant a day starts in a time zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment (twice, for a day that starts at a summer-time change).
  const offset = (ms: number) => {
    const local = new Date(ms).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T');
    return Date.parse(`${local}Z`) - ms;
  };
  const first = utc - offset(utc);
  return new Date(utc - offset(first));
}
