import type {
  TimeBudgetElement,
  TimeComparisonChart,
  TimeComparisonFilter,
  TimeComparisonPage,
  TimeComparisonQuery,
  TimeComparisonRow,
  TimeMonthSummary,
} from '@pc/shared';
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam, queryRows } from '../../db/types';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { readsProjectRates } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'companyId' | 'claims' | 'scopeCompanyIds'>;

/** The first day of the period a day falls in; weeks are ISO weeks (Monday). */
function periodOf(q: TimeComparisonFilter, d: SQL): SQL {
  switch (q.dateGrouping) {
    case 'Year':
      return sql`date_trunc('year', ${d})::date`;
    case 'Month':
      return sql`date_trunc('month', ${d})::date`;
    case 'Week':
      return sql`date_trunc('week', ${d})::date`;
    case 'Day':
      return sql`${d}::date`;
  }
}

/**
 * The comparison's grouped rows as the CTE `measured` (period, the grouping's keys, booked,
 * planned, future planned, budget and the project's whole plan), shared by the grid and the chart.
 */
function measuredRows(ctx: Ctx, q: TimeComparisonFilter, today: string): SQL {
  const scope = arrayParam(ctx.scopeCompanyIds);
  const byCompany = q.bookedFor !== 'Global';
  const byIssue = q.bookedFor === 'Issue';
  const byUser = q.bookedBy === 'User';
  // A plan belongs to a project and a month, not to a person or an issue.
  const withPlan = !byIssue && !byUser && !q.userId;
  const withBudget = q.bookedFor === 'Company' && q.dateGrouping === 'Month' && withPlan;

  const recordFilter: SQL[] = [];
  if (q.companyId) recordFilter.push(sql` and tr.company_id = ${q.companyId}`);
  if (q.projectId) recordFilter.push(sql` and tr.project_id = ${q.projectId}`);
  if (q.userId) recordFilter.push(sql` and tr.user_id = ${q.userId}`);
  const planFilter: SQL[] = [];
  if (q.companyId) planFilter.push(sql` and p.company_id = ${q.companyId}`);
  if (q.projectId) planFilter.push(sql` and p.id = ${q.projectId}`);

  const period = periodOf(q, sql`f.d`);
  const key = (on: boolean, col: string, table = 'f') => (on ? sql.raw(`${table}.${col}`) : sql`null::uuid`);
  const planned = withPlan
    ? sql`
      union all
      select g.d::date, p.company_id, p.id, null::uuid, null::uuid, null::numeric,
             ph.hours / extract(day from (ph.month + interval '1 month - 1 day'))::numeric
      from project_planned_hours ph
      join project p on p.id = ph.project_id
      cross join lateral generate_series(
        greatest(ph.month, ${q.from}::date)::timestamp,
        least((ph.month + interval '1 month - 1 day')::date, ${q.until}::date)::timestamp,
        interval '1 day') as g(d)
      where p.company_id = any(${scope}::uuid[])
        and ph.month <= ${q.until}::date and ph.month + interval '1 month' > ${q.from}::date
        ${sql.join(planFilter, sql``)}`
    : sql``;

  return sql`
    with facts (d, company_id, project_id, item_id, user_id, booked, planned) as (
      -- The day sums (time_record_day, kept by triggers: far fewer rows than records) summed per day
      -- and the grouping's keys first; the period is computed for the few sums (bench: 10⁶ records).
      select tr.day,
             ${key(byCompany, 'company_id', 'tr')}, ${key(byCompany, 'project_id', 'tr')},
             ${key(byIssue, 'item_id', 'tr')}, ${key(byUser, 'user_id', 'tr')},
             sum(tr.hours), null::numeric
      from time_record_day tr
      where tr.company_id = any(${scope}::uuid[]) and tr.day between ${q.from}::date and ${q.until}::date
        ${sql.join(recordFilter, sql``)}
      group by 1, 2, 3, 4, 5
      ${planned}
    ),
    grouped as (
      select ${period} as period,
             ${key(byCompany, 'company_id')} as company_id,
             ${key(byCompany, 'project_id')} as project_id,
             ${key(byIssue, 'item_id')} as item_id,
             ${key(byUser, 'user_id')} as user_id,
             coalesce(sum(f.booked), 0) as booked,
             sum(f.planned) as planned,
             case when count(f.planned) > 0 then coalesce(sum(f.planned) filter (where f.d > ${today}::date), 0) end as future
      from facts f
      group by 1, 2, 3, 4, 5
    ),
    project_plan as (
      select project_id, sum(hours) as total from project_planned_hours
      where company_id = any(${scope}::uuid[]) group by project_id
    ),
    measured as (
      select r.*,
             ${withBudget ? sql`case when bp.budget_period = 'Month' and bp.valid_from <= (r.period + interval '1 month - 1 day')::date and (bp.valid_until is null or bp.valid_until >= r.period) then bp.budget_hours end` : sql`null::numeric`} as budget,
             pp.total as project_planned
      from grouped r
      left join project bp on bp.id = r.project_id
      left join project_plan pp on pp.project_id = r.project_id
    )`;
}

/**
 * The time comparison, computed in one SQL statement with GROUP BY:
 * booked hours (one fact per record) and planned hours (each planned month spread evenly over its
 * days, one fact per project and day in the range) are grouped by period and by the chosen keys;
 * the formulas are in docs/decisions/0023-time-comparison.md. `today` is the product's time zone's
 * date: planned hours of later days are future planned.
 */
export async function queryTimeComparison(ctx: Ctx, q: TimeComparisonQuery, today: string): Promise<TimeComparisonPage> {
  const readable = typeArray(readableItemTypes(ctx.claims));
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`
    ${measuredRows(ctx, q, today)}
    select m.period::text as "referenceDate",
           ${q.dateGrouping === 'Week' ? sql`extract(isoyear from m.period)` : sql`extract(year from m.period)`}::int as "year",
           ${q.dateGrouping === 'Year' ? sql`null::int` : sql`extract(month from m.period)::int`} as "month",
           ${q.dateGrouping === 'Week' || q.dateGrouping === 'Day' ? sql`extract(week from m.period)::int` : sql`null::int`} as "week",
           m.company_id as "companyId", c.name as "companyName", pc.id as "parentCompanyId", pc.name as "parentCompanyName",
           m.project_id as "projectId", p.name as "projectName",
           m.item_id as "issueId", i.number_label as "issueNumber", i.name as "issueName",
           m.user_id as "userId", ${fullName('u')} as "userName",
           round(m.budget, 2)::float8 as "budget",
           round(m.planned, 2)::float8 as "plannedTime",
           round(m.future, 2)::float8 as "futurePlannedTime",
           round(m.booked, 2)::float8 as "bookedTime",
           round(m.booked + coalesce(m.future, 0), 2)::float8 as "projectedTime",
           round(m.planned - m.booked, 2)::float8 as "delta",
           round(m.planned - (m.booked + coalesce(m.future, 0)), 2)::float8 as "projectedDelta",
           round(100 * m.booked / nullif(m.planned, 0), 1)::float8 as "bookedPlannedPercentage",
           round(100 * m.planned / nullif(m.budget, 0), 1)::float8 as "plannedBudgetPercentage",
           round(100 * m.booked / nullif(m.budget, 0), 1)::float8 as "bookedBudgetPercentage",
           round(100 * m.booked / nullif(m.project_planned, 0), 1)::float8 as "bookedTimeOfPlannedHoursByProject",
           count(*) over ()::int as "total",
           round(sum(m.budget) over (), 2)::float8 as "sumBudget",
           round(sum(m.planned) over (), 2)::float8 as "sumPlanned",
           round(sum(m.future) over (), 2)::float8 as "sumFuture",
           round(sum(m.booked) over (), 2)::float8 as "sumBooked"
    from measured m
    left join company c on c.id = m.company_id
    left join company pc on pc.id = c.parent_id
    left join project p on p.id = m.project_id
    left join item i on i.id = m.item_id and i.type = any(${readable}::text[])
    left join app_user u on u.id = m.user_id
    order by m.period, c.name nulls first, p.name nulls first, i.number nulls first, u.lastname nulls first, u.firstname, m.user_id
    limit ${q.pageSize} offset ${q.page * q.pageSize}`,
  );
  // Past the last page the window count and sums have no row to ride on; the first page's answer them.
  if (!rows.length && q.page > 0) {
    const { total, sums } = await queryTimeComparison(ctx, { ...q, page: 0, pageSize: 1 }, today);
    return { items: [], total, sums };
  }
  const first = rows[0] as Record<string, unknown> | undefined;
  const num = (v: unknown) => (v == null ? null : Number(v));
  const sums = {
    budget: num(first?.sumBudget),
    plannedTime: num(first?.sumPlanned),
    futurePlannedTime: num(first?.sumFuture),
    bookedTime: num(first?.sumBooked) ?? 0,
  };
  const items = rows.map(
    ({ total: _t, sumBudget: _b, sumPlanned: _p, sumFuture: _f, sumBooked: _s, ...r }) => r as unknown as TimeComparisonRow,
  );
  return { items, total: first ? Number(first.total) : 0, sums };
}

/** How many companies or persons the chart names; the others are summed in one series. */
export const CHART_SERIES = 6;

/**
 * The comparison's chart: the same grouped rows as the grid (every page), summed per period and
 * per company (or per person when grouped by person); the CHART_SERIES with the most booked hours
 * keep their name, the rest are one series without a key. Budgets exist only where the grid has them.
 */
export async function queryTimeComparisonChart(ctx: Ctx, q: TimeComparisonFilter, today: string): Promise<TimeComparisonChart> {
  const stackedBy = q.bookedBy === 'User' ? 'User' : q.bookedFor === 'Global' ? 'Global' : 'Company';
  const groupKey = stackedBy === 'User' ? sql`m.user_id` : stackedBy === 'Company' ? sql`m.company_id` : sql`null::uuid`;
  const rows = await queryRows<{
    referenceDate: string;
    year: number;
    month: number | null;
    week: number | null;
    key: string | null;
    label: string | null;
    booked: number;
    planned: number | null;
    budget: number | null;
  }>(
    ctx.db,
    sql`
    ${measuredRows(ctx, q, today)},
    per_group as (
      select m.period, ${groupKey} as gkey, sum(m.booked) as booked, sum(m.planned) as planned, sum(m.budget) as budget
      from measured m group by 1, 2
    ),
    top as (
      select gkey from per_group where gkey is not null group by gkey
      order by sum(booked) desc, sum(planned) desc nulls last, gkey limit ${CHART_SERIES}
    ),
    summed as (
      select g.period, t.gkey, sum(g.booked) as booked, sum(g.planned) as planned, sum(g.budget) as budget
      from per_group g left join top t on t.gkey = g.gkey group by 1, 2
    )
    select s.period::text as "referenceDate",
           ${q.dateGrouping === 'Week' ? sql`extract(isoyear from s.period)` : sql`extract(year from s.period)`}::int as "year",
           ${q.dateGrouping === 'Year' ? sql`null::int` : sql`extract(month from s.period)::int`} as "month",
           ${q.dateGrouping === 'Week' || q.dateGrouping === 'Day' ? sql`extract(week from s.period)::int` : sql`null::int`} as "week",
           s.gkey as "key",
           ${stackedBy === 'User' ? fullName('u') : sql`c.name`} as "label",
           round(s.booked, 2)::float8 as "booked", round(s.planned, 2)::float8 as "planned", round(s.budget, 2)::float8 as "budget"
    from summed s
    left join company c on c.id = s.gkey
    left join app_user u on u.id = s.gkey
    order by s.period, s.gkey is null, 6, s.gkey`,
  );
  const periods: TimeComparisonChart['periods'] = [];
  const index = new Map<string, number>();
  for (const r of rows) {
    if (index.has(r.referenceDate)) continue;
    index.set(r.referenceDate, periods.length);
    periods.push({ referenceDate: r.referenceDate, year: r.year, month: r.month, week: r.week });
  }
  const series = new Map<string, TimeComparisonChart['series'][number]>();
  for (const r of rows) {
    const id = r.key ?? '';
    let s = series.get(id);
    if (!s) {
      s = {
        key: r.key,
        label: r.label,
        booked: periods.map(() => 0),
        planned: periods.map(() => null),
        budget: periods.map(() => null),
      };
      series.set(id, s);
    }
    const i = index.get(r.referenceDate)!;
    s.booked[i] = Number(r.booked);
    s.planned[i] = r.planned == null ? null : Number(r.planned);
    s.budget[i] = r.budget == null ? null : Number(r.budget);
  }
  // Named series by name, the rest last.
  const ordered = [...series.values()].sort(
    (a, b) => Number(a.key === null) - Number(b.key === null) || (a.label ?? '').localeCompare(b.label ?? '', 'de'),
  );
  return { stackedBy, periods, series: ordered };
}

/**
 * The dashboard's tile: this month's Global × Month row of the time comparison for
 * the scope, so the figure is the comparison's own. Without `ownOnly` the booked hours are
 * everyone's; with it they are the caller's (the same query filtered by person, which carries no
 * plan), and the scope's plan comes from the unfiltered row.
 */
export async function queryMonthSummary(
  ctx: Ctx & Pick<RequestContext, 'userId'>,
  today: string,
  ownOnly: boolean,
): Promise<TimeMonthSummary> {
  const month = today.slice(0, 7);
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const until = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const q: TimeComparisonQuery = {
    bookedFor: 'Global',
    bookedBy: 'Global',
    dateGrouping: 'Month',
    from,
    until,
    page: 0,
    pageSize: 1,
  };
  const all = (await queryTimeComparison(ctx, q, today)).items[0];
  const own = ownOnly ? (await queryTimeComparison(ctx, { ...q, userId: ctx.userId }, today)).items[0] : all;
  const [projects] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from project
        where company_id = any(${arrayParam(ctx.scopeCompanyIds)}::uuid[]) and is_active`,
  );
  return {
    month,
    ownOnly,
    activeProjects: projects?.n ?? 0,
    bookedTime: own?.bookedTime ?? 0,
    plannedTime: all?.plannedTime ?? null,
    bookedPlannedPercentage: ownOnly ? null : (all?.bookedPlannedPercentage ?? null),
  };
}

/**
 * Time budget elements: every project of the scope with its budget, flat rate and
 * hourly rate, one row per person-specific rate (or one row without a person when it has none).
 */
export async function queryTimeBudgetElements(ctx: Ctx): Promise<TimeBudgetElement[]> {
  const rows = await queryRows<TimeBudgetElement & { companyId: string }>(
    ctx.db,
    sql`
    select p.id as "projectId", p.company_id::text as "companyId", c.name as "companyName", p.name as "projectName",
           p.budget_hours::float8 as "budget", p.flat_rate::float8 as "flatRate",
           ${fullName('u')} as "fullname",
           p.hourly_rate::float8 as "hourlyRate", r.hourly_rate::float8 as "personSpecificHourlyRate"
    from project p
    join company c on c.id = p.company_id
    left join project_rate r on r.project_id = p.id
    left join app_user u on u.id = r.user_id
    where p.company_id = any(${arrayParam(ctx.scopeCompanyIds)}::uuid[])
    order by c.name, p.name, p.id, u.lastname, u.firstname`,
  );
  // The amounts only where the caller may see the project's terms (policy.ts); the rows stay.
  return rows.map(({ companyId, budget, flatRate, hourlyRate, personSpecificHourlyRate, ...row }) =>
    readsProjectRates(ctx.claims, ctx.companyId, companyId)
      ? { ...row, budget, flatRate, hourlyRate, personSpecificHourlyRate }
      : row,
  );
}
