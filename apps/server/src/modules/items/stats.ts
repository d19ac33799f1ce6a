import { BREACH_NOTIFICATION_HOURS, DUE_SOON_DAYS, itemTypeDefs, type PdcaCycleData, pdcaProgress } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/types';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { addDays, dateIn, todayIn } from '../../platform/dates';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { inScopeSql } from '../../platform/tenancy';
import type { ItemCtx, ItemDeps } from './service';

/**
 * Status categories for every type the caller may read, in one grouped query over the
 * trigger-kept item_stat (one statistics request per scope, not one per tile). Counts of a
 * register the caller may not open are left out, not zeroed: a zero would be a false answer.
 * Open = not closed (status < 3); red = open and due before today; yellow = open and due within
 * DUE_SOON_DAYS; urgent = open and due within the next 24 hours or overdue (see urgentSql).
 */
export async function statistics(d: ItemDeps, ctx: ItemCtx & Pick<RequestContext, 'claims'>) {
  const types = readableItemTypes(ctx.claims);
  if (types.length === 0) return [];
  const today = todayIn(d.timeZone, d.now());
  const soon = addDays(today, DUE_SOON_DAYS);
  // A due date's day ends at midnight after it: that is within 24 hours when it is before the date 24 hours from now.
  const dayIn24h = dateIn(d.timeZone, new Date(d.now().getTime() + URGENT_HOURS * 3_600_000));
  const rows = await queryRows<{ type: string; total: number; open: number; red: number; yellow: number; urgent: number }>(
    ctx.db,
    sql`select type,
                 sum(n)::int as total,
                 coalesce(sum(n) filter (where status < 3), 0)::int as open,
                 coalesce(sum(n) filter (where status < 3 and due_date < ${today}::date), 0)::int as red,
                 coalesce(sum(n) filter (where status < 3 and due_date >= ${today}::date and due_date <= ${soon}::date), 0)::int as yellow,
                 coalesce(sum(n) filter (where status < 3 and due_date < ${dayIn24h}::date), 0)::int as urgent
          from item_stat where ${inScopeSql(sql`company_id`, ctx.scopeCompanyIds)}
            and type = any(${typeArray(types)}::text[])
          group by type`,
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  if (types.includes('data-breach')) {
    const breach = byType.get('data-breach');
    if (breach) breach.urgent = await urgentBreaches(d, ctx);
  }
  return types.map((key) => {
    const r = byType.get(key);
    const total = Number(r?.total ?? 0);
    const open = Number(r?.open ?? 0);
    return {
      itemType: key,
      type: itemTypeDefs[key].prefix,
      total,
      open,
      red: Number(r?.red ?? 0),
      yellow: Number(r?.yellow ?? 0),
      urgent: Number(r?.urgent ?? 0),
      closedPercent: total === 0 ? 0 : Math.round(((total - open) / total) * 1000) / 10,
    };
  });
}

/** "Due within 24 hours": the sidebar's red badge counts what is open and due before this much time has passed. */
const URGENT_HOURS = 24;

/**
 * Open data breaches not yet notified whose authority deadline (discovery + 72 hours, to the
 * instant, not the day) has passed or passes within URGENT_HOURS. The due date kept in item_stat
 * is only the deadline's day, so these few rows are counted from the items themselves.
 */
async function urgentBreaches(d: ItemDeps, ctx: ItemCtx): Promise<number> {
  const latestDiscovery = new Date(d.now().getTime() + (URGENT_HOURS - BREACH_NOTIFICATION_HOURS) * 3_600_000);
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from item
          where type = 'data-breach' and status < 3 and ${inScopeSql(sql`company_id`, ctx.scopeCompanyIds)}
            and coalesce(data->>'notifiedAt', '') = '' and coalesce(data->>'discoveredAt', '') <> ''
            and (data->>'discoveredAt')::timestamptz < ${latestDiscovery.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Open issues with a due date, soonest first. */
export async function dueIssues(ctx: ItemCtx, limit = 50) {
  return queryRows<{
    id: string;
    priority: 'High' | 'Low';
    number: string;
    companyName: string;
    name: string;
    assignedUserId: string | null;
    assignedUserName: string | null;
    ownerId: string | null;
    ownerName: string | null;
    dueDate: string | null;
    assignedDueDate: string | null;
  }>(
    ctx.db,
    sql`select i.id::text, coalesce(i.data->>'priority', 'Low') as "priority", i.number_label as number,
                 c.name as "companyName", i.name,
                 i.assignee_id::text as "assignedUserId", ${fullName('a')} as "assignedUserName",
                 i.owner_id::text as "ownerId", ${fullName('o')} as "ownerName",
                 to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.data->>'assignedDueDate' as "assignedDueDate"
          from item i join company c on c.id = i.company_id
          left join app_user a on a.id = i.assignee_id left join app_user o on o.id = i.owner_id
          where i.type = 'issue' and i.status < 3 and i.due_date is not null
            and ${inScopeSql(sql`i.company_id`, ctx.scopeCompanyIds)}
          order by i.due_date asc, i.number asc limit ${limit}`,
  );
}

export async function pdcaProgressOf(d: ItemDeps, ctx: ItemCtx) {
  const rows = await queryRows<{ data: PdcaCycleData | string }>(
    ctx.db,
    sql`select data from item where type = 'pdca-list' and ${inScopeSql(sql`company_id`, ctx.scopeCompanyIds)}`,
  );
  const cycles = rows.map((r) => (typeof r.data === 'string' ? (JSON.parse(r.data) as PdcaCycleData) : r.data));
  return pdcaProgress(cycles, d.now());
}
