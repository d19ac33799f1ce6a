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
 * Per readable type: how many items existed, were open and were overdue at each instant (instants
 * ascending). Counted backwards from now, set-based in one statement over two trigger-kept tables:
 * today's counts from item_stat, the overdue ones bucketed by which instants' dates their due date
 * lies before; minus the signed events of item_event at or after each instant (an item created,
 * closed, reopened, moved to another due date or deleted since). An event counts at an instant when
 * it happened before it; before item_event existed, an item had its status of that day since its
 * creation: docs/decisions/0073.
 */
export async function itemStatesAt(ctx: Ctx, types: ItemTypeKey[], instants: Instant[]): Promise<Map<string, State[]>> {
  const out = new Map<string, State[]>(types.map((t) => [t, instants.map(() => ({ total: 0, open: 0, overdue: 0 }))]));
  if (types.length === 0 || instants.length === 0) return out;
  const ats = arrayParam(instants.map((i) => i.at.toISOString()));
  const days = arrayParam(instants.map((i) => i.day));
  const typeList = typeArray(types);
  const scope = inScopeSql(sql`company_id`, ctx.scopeCompanyIds);
  // kind 'now': today's counts in due bucket q (how many instants' dates are on or before the due
  // date; null without one or when closed): overdue at instants q … n-1. kind 'undo': the events in
  // bucket b (how many instants are at or before them) with due bucket q.
  const rows = await queryRows<{
    kind: 'now' | 'undo';
    type: string;
    b: number | null;
    q: number | null;
    total: number;
    open: number;
  }>(
    ctx.db,
    sql`
    with p as (select ${ats}::timestamptz[] as ats, ${days}::date[] as days)
    select 'now' as kind, type, null::int as b,
           case when status < 3 and due_date is not null then width_bucket(due_date, p.days) end as q,
           sum(n)::int as total, coalesce(sum(n) filter (where status < 3), 0)::int as open
    from item_stat cross join p
    where ${scope} and type = any(${typeList}::text[])
    group by 2, 4
    union all
    select 'undo', type, width_bucket(at, p.ats),
           case when due_date is not null then width_bucket(due_date, p.days) end,
           sum(d_total)::int, sum(d_open)::int
    from item_event cross join p
    where ${scope} and at >= ${instants[0]!.at.toISOString()}::timestamptz and type = any(${typeList}::text[])
    group by 2, 3, 4`,
  );
  const n = instants.length;
  for (const r of rows) {
    const states = out.get(r.type);
    if (!states) continue;
    const total = Number(r.total ?? 0);
    const open = Number(r.open ?? 0);
    for (let k = 0; k < n; k++) {
      const s = states[k]!;
      // Overdue at instant k: open and due before its date, i.e. in a due bucket q ≤ k.
      const overdueThere = r.q !== null && r.q <= k;
      if (r.kind === 'now') {
        s.total += total;
        s.open += open;
        if (overdueThere) s.overdue += open;
      } else if (r.b !== null && k < r.b) {
        // Instants 0 … b-1 are at or before the event: it had not happened yet there, so undo it.
        s.total -= total;
        s.open -= open;
        if (overdueThere) s.overdue -= open;
      }
    }
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
