import {
  type ItemTypeKey,
  itemTypeDefs,
  type Language,
  type ManagementReportQuery,
  progressTileTypes,
  type SummaryReport,
  type TrendPoint,
} from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { company } from '../../db/schema/index';
import { arrayParam, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { addDays, todayIn } from '../../platform/dates';
import { forbidden, notFound } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import type { Storage } from '../../platform/storage';
import { placeholderValues } from '../dynamic-document/service';
import type { ItemDeps } from '../items/service';
import { itemTrend, previousQuarter } from '../items/trend';
import { reportCompanies, type SummaryCtx, summaryReport } from '../summary/service';
import { queryTimeComparison } from '../time/comparison';
import { logoOf } from './data';

type Ctx = SummaryCtx & Pick<RequestContext, 'locale'>;

export interface RadarEntry {
  type: ItemTypeKey;
  total: number;
  /** Share of closed items (done or not applicable), 0–100 with one decimal; as the dashboard's radar. */
  closedPercent: number;
  /** The same share at the end of the previous quarter (the radar's comparison); null when the register had no items then. */
  previousPercent: number | null;
}

export interface MonthTime {
  /** YYYY-MM-01 */
  month: string;
  booked: number;
  planned: number | null;
  budget: number | null;
}

export interface ManagementReport {
  locale: Language;
  company: { name: string; dpoName: string; dpoEmail: string };
  /** Names of the child companies the figures include (a group's report). */
  children: string[];
  from: string;
  until: string;
  /** YYYY-MM-DD in the product's time zone. */
  today: string;
  generatedAt: string;
  radar: RadarEntry[];
  /** The radar's registers' open and overdue items at the last 12 weekly points up to now, as the dashboard's tiles. */
  trend: { type: ItemTypeKey; weeks: TrendPoint[] }[];
  /** The previous quarter's last day, whose end the radar's comparison shows. */
  previousQuarterUntil: string;
  summary: SummaryReport;
  /** Measures whose status became done or not applicable within the period; null without Measure.Read. */
  measuresDone: { number: string; name: string; closedOn: string }[] | null;
  /** Time per month of the period; null without TimeRecords.ReadAll. */
  time: MonthTime[] | null;
  logo: Buffer | null;
}

/** The radar's registers: the progress tiles and the agreements (with clients only for a processor), as the dashboard. */
function radarTypes(claims: ReadonlySet<string>, isDataProcessor: boolean): ItemTypeKey[] {
  const readable = new Set(readableItemTypes(claims));
  const wanted: ItemTypeKey[] = [
    ...progressTileTypes,
    'service-agreement-with-provider',
    'service-agreement-with-shared-responsibility',
    ...(isDataProcessor ? (['service-agreement-with-client'] as const) : []),
  ];
  return wanted.filter((t) => readable.has(t));
}

/**
 * Closed share per register, from the trigger-kept item_stat (today's state, as the dashboard shows
 * it), beside the share at the end of the previous quarter (by the dashboard radar's rule).
 */
async function radar(d: ItemDeps, ctx: Ctx, companies: readonly string[], types: ItemTypeKey[]) {
  const scoped = { ...ctx, scopeCompanyIds: [...companies] };
  const previous = await previousQuarter(d, scoped, types);
  if (types.length === 0) return { entries: [] as RadarEntry[], until: previous.until };
  const rows = await queryRows<{ type: string; total: number; open: number }>(
    ctx.db,
    sql`select type, sum(n)::int as total, coalesce(sum(n) filter (where status < 3), 0)::int as open
        from item_stat where company_id = any(${arrayParam(companies)}::uuid[]) and type = any(${typeArray(types)}::text[])
        group by type`,
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  const previousOf = (type: ItemTypeKey) => {
    const then = previous.types.find((x) => x.itemType === type);
    return then && then.total > 0 ? then.closedPercent : null;
  };
  const entries = types.map((type): RadarEntry => {
    const total = Number(byType.get(type)?.total ?? 0);
    const open = Number(byType.get(type)?.open ?? 0);
    return {
      type,
      total,
      closedPercent: total === 0 ? 0 : Math.round(((total - open) / total) * 1000) / 10,
      previousPercent: previousOf(type),
    };
  });
  return { entries, until: previous.until };
}

/** Measures closed in the period: the first recorded change to done or not applicable within it. */
async function measuresDone(ctx: Ctx, companies: readonly string[], q: ManagementReportQuery, timeZone: string) {
  const start = sql`(${q.from}::timestamp at time zone ${timeZone})`;
  const end = sql`(${addDays(q.until, 1)}::timestamp at time zone ${timeZone})`;
  const rows = await queryRows<{ number: string; name: string; closedOn: string }>(
    ctx.db,
    sql`select i.number_label as number, i.name,
               to_char(min(h.at) at time zone ${timeZone}, 'YYYY-MM-DD') as "closedOn"
        from item i join item_history h on h.item_id = i.id
        where i.company_id = any(${arrayParam(companies)}::uuid[]) and i.type = 'measure' and i.status >= 3
          and h.at >= ${start} and h.at < ${end}
          and (h.changes->'status'->>'to')::int >= 3 and coalesce((h.changes->'status'->>'from')::int, -1) < 3
        group by i.id, i.number_label, i.name
        order by min(h.at), i.number_label`,
  );
  return rows;
}

/** Booked, planned and budget hours per month: the time comparison's Company × Month rows of the report's companies, summed. */
async function timePerMonth(d: ItemDeps, ctx: Ctx, companies: readonly string[], q: ManagementReportQuery) {
  const today = todayIn(d.timeZone, d.now());
  const scoped = { ...ctx, scopeCompanyIds: [...companies] };
  const months = new Map<string, MonthTime>();
  const add = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
  for (let page = 0; ; page++) {
    const { items, total } = await queryTimeComparison(
      scoped,
      { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Month', from: q.from, until: q.until, page, pageSize: 500 },
      today,
    );
    for (const r of items) {
      const month = r.referenceDate.slice(0, 10);
      const m = months.get(month) ?? { month, booked: 0, planned: null, budget: null };
      m.booked += r.bookedTime ?? 0;
      m.planned = add(m.planned, r.plannedTime);
      m.budget = add(m.budget, r.budget);
      months.set(month, m);
    }
    if ((page + 1) * 500 >= total) break;
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Everything the management report shows of one company of the scope (with its child companies)
 * for a period; registers the caller may not read are left out, never shown as empty.
 */
export async function loadManagementReport(
  d: ItemDeps & { storage: Storage },
  ctx: Ctx,
  q: ManagementReportQuery,
): Promise<ManagementReport> {
  if (!ctx.claims.has('Summary.Read')) throw forbidden();
  if (!ctx.scopeCompanyIds.includes(q.companyId)) throw notFound();
  const [c] = await ctx.db.select().from(company).where(eq(company.id, q.companyId));
  if (!c) throw notFound();
  const today = todayIn(d.timeZone, d.now());
  const values = placeholderValues(c, { number: '', name: '' }, today);
  const companies = await reportCompanies(ctx.db, ctx, q.companyId);
  const children = companies.length > 1 ? await childNames(ctx, companies, q.companyId) : [];
  const types = radarTypes(ctx.claims, c.isDataProcessor);
  const [summary, radarEntries, trend, measures, time, logo] = await Promise.all([
    summaryReport(d, ctx, { from: q.from, until: q.until, companyId: q.companyId }),
    radar(d, ctx, companies, types),
    itemTrend(d, { ...ctx, scopeCompanyIds: [...companies] }),
    ctx.claims.has('Measure.Read') ? measuresDone(ctx, companies, q, d.timeZone) : null,
    ctx.claims.has('TimeRecords.ReadAll') ? timePerMonth(d, ctx, companies, q) : null,
    logoOf(d.storage, ctx, q.companyId, c.logoHash !== null),
  ]);
  return {
    locale: ctx.locale === 'en' ? 'en' : 'de',
    company: { name: c.name, dpoName: values['dpo.name'], dpoEmail: values['dpo.email'] },
    children,
    from: q.from,
    until: q.until,
    today,
    generatedAt: summary.generatedAt,
    radar: radarEntries.entries,
    previousQuarterUntil: radarEntries.until,
    trend: types.map((type) => ({ type, weeks: trend.find((x) => x.itemType === type)?.weeks ?? [] })),
    summary,
    measuresDone: measures,
    time,
    logo,
  };
}

async function childNames(ctx: Ctx, companies: readonly string[], companyId: string) {
  const rows = await queryRows<{ name: string }>(
    ctx.db,
    sql`select name from company where id = any(${arrayParam(companies)}::uuid[]) and id <> ${companyId}::uuid order by name`,
  );
  return rows.map((r) => r.name);
}

/** The register's name as the menu shows it. */
export const registerKey = (type: ItemTypeKey) => `section.${type}` as const;
export const typePrefix = (type: ItemTypeKey) => itemTypeDefs[type].prefix;
