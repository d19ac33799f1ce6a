import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

/**
 * Every grouping of the time comparison (3 booked-for × 2 booked-by × 4 periods) against figures
 * the test computes itself from the records it booked and the plans it set (docs/decisions/0023).
 * The range runs from December across the turn of the year into January (ISO week 53 of 2026
 * takes 1–3 January 2027). The clock stands at 2027-01-06 23:30 UTC, already the 7th in
 * Europe/Berlin: planned hours from the 8th on are future planned.
 */
describe('time comparison: every grouping against sums computed here', () => {
  let t: TestApp;
  let admin: string;
  let booker: string;
  const FROM = '2026-12-20';
  const UNTIL = '2027-01-12';
  const TODAY = '2027-01-07';

  type Fact = { day: string; companyId: string; projectId: string; itemId: string | null; userId: string; hours: number };
  type Project = {
    id: string;
    companyId: string;
    budgetHours: number | null;
    budgetPeriod: 'Month' | 'Project';
    plan: Record<string, number>;
  };
  const records: Fact[] = [];
  const projects: Project[] = [];

  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const daysBetween = (from: string, until: string) => {
    const out: string[] = [];
    for (let d = from; d <= until; d = addDays(d, 1)) out.push(d);
    return out;
  };
  const daysInMonth = (month: string) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m, 0)).getUTCDate();
  };
  /** The Monday of a day's ISO week. */
  const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  /** ISO week number and its year: the week's Thursday decides. */
  const isoWeek = (day: string) => {
    const thursday = addDays(monday(day), 3);
    const year = Number(thursday.slice(0, 4));
    const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / (7 * 86_400_000)) + 1;
    return { year, week };
  };
  const periodOf = (grouping: string, day: string) =>
    grouping === 'Year'
      ? `${day.slice(0, 4)}-01-01`
      : grouping === 'Month'
        ? `${day.slice(0, 7)}-01`
        : grouping === 'Week'
          ? monday(day)
          : day;
  /** PostgreSQL's round(): half away from zero. */
  const round = (x: number, digits: number) => (Math.sign(x) * Math.round(Math.abs(x) * 10 ** digits)) / 10 ** digits;
  const percent = (a: number, b: number | null) => (b === null || b === 0 ? null : round((100 * a) / b, 1));

  /** The comparison's rows as docs/decisions/0023 defines them, from this test's own data. */
  function expected(bookedFor: string, bookedBy: string, dateGrouping: string) {
    const byCompany = bookedFor !== 'Global';
    const byIssue = bookedFor === 'Issue';
    const byUser = bookedBy === 'User';
    const withPlan = !byIssue && !byUser;
    type Acc = {
      period: string;
      companyId: string | null;
      projectId: string | null;
      itemId: string | null;
      userId: string | null;
      booked: number;
      planned: number | null;
      future: number;
    };
    const rows = new Map<string, Acc>();
    const acc = (day: string, f: { companyId: string; projectId: string; itemId: string | null; userId: string | null }) => {
      const key = {
        period: periodOf(dateGrouping, day),
        companyId: byCompany ? f.companyId : null,
        projectId: byCompany ? f.projectId : null,
        itemId: byIssue ? f.itemId : null,
        userId: byUser ? f.userId : null,
      };
      const k = JSON.stringify(key);
      if (!rows.has(k)) rows.set(k, { ...key, booked: 0, planned: null, future: 0 });
      return rows.get(k)!;
    };
    for (const r of records) if (r.day >= FROM && r.day <= UNTIL) acc(r.day, r).booked += r.hours;
    if (withPlan) {
      for (const p of projects) {
        for (const [month, hours] of Object.entries(p.plan)) {
          for (const day of daysBetween(`${month}-01`, `${month}-${daysInMonth(month)}`)) {
            if (day < FROM || day > UNTIL) continue;
            const row = acc(day, { companyId: p.companyId, projectId: p.id, itemId: null, userId: null });
            const share = hours / daysInMonth(month);
            row.planned = (row.planned ?? 0) + share;
            if (day > TODAY) row.future += share;
          }
        }
      }
    }
    return [...rows.values()].map((r) => {
      const project = projects.find((p) => p.id === r.projectId);
      const future = r.planned === null ? null : r.future;
      const budget =
        bookedFor === 'Company' && dateGrouping === 'Month' && withPlan && project?.budgetPeriod === 'Month'
          ? project.budgetHours
          : null;
      const projectPlan = project ? Object.values(project.plan).reduce((a, b) => a + b, 0) : null;
      return {
        referenceDate: r.period,
        year: dateGrouping === 'Week' ? isoWeek(r.period).year : Number(r.period.slice(0, 4)),
        week: dateGrouping === 'Week' || dateGrouping === 'Day' ? isoWeek(r.period).week : null,
        companyId: r.companyId,
        projectId: r.projectId,
        issueId: r.itemId,
        userId: r.userId,
        bookedTime: round(r.booked, 2),
        plannedTime: r.planned === null ? null : round(r.planned, 2),
        futurePlannedTime: future === null ? null : round(future, 2),
        projectedTime: round(r.booked + (future ?? 0), 2),
        delta: r.planned === null ? null : round(r.planned - r.booked, 2),
        projectedDelta: r.planned === null ? null : round(r.planned - r.booked - (future ?? 0), 2),
        budget,
        bookedPlannedPercentage: r.planned === null ? null : percent(r.booked, r.planned),
        plannedBudgetPercentage: r.planned === null ? null : percent(r.planned, budget),
        bookedBudgetPercentage: percent(r.booked, budget),
        bookedTimeOfPlannedHoursByProject: projectPlan === null ? null : percent(r.booked, projectPlan),
      };
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.offsetMs = Date.parse('2027-01-06T23:30:00Z') - Date.now();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id as string;
    const handel = list.find((c: { name: string }) => c.name === 'Beispiel Handel GmbH').id as string;
    const bookerId = await addUserWithClaims(t, {
      email: 'sums@demo.local',
      companyId: bakery,
      claims: ['TimeRecords.Read', 'TimeRecords.Write'],
    });
    booker = await t.tokenFor('sums@demo.local');
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) })).json();
    // Plans with whole hours per day (62 h in 31 days), so the spread shares are exact.
    const defs: {
      companyId: string;
      name: string;
      budgetHours: number | null;
      budgetPeriod: 'Month' | 'Project';
      plan: Record<string, number>;
    }[] = [
      { companyId: bakery, name: 'P1', budgetHours: 40, budgetPeriod: 'Month', plan: { '2026-12': 62, '2027-01': 31 } },
      { companyId: handel, name: 'P2', budgetHours: 100, budgetPeriod: 'Project', plan: { '2027-01': 62 } },
      { companyId: handel, name: 'P3', budgetHours: null, budgetPeriod: 'Month', plan: {} },
    ];
    for (const d of defs) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: t.auth(admin),
        payload: {
          companyId: d.companyId,
          name: d.name,
          validFrom: '2026-12-01',
          budgetHours: d.budgetHours,
          budgetPeriod: d.budgetPeriod,
          plannedHours: Object.entries(d.plan).map(([month, hours]) => ({ month, hours })),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      projects.push({
        id: res.json().id,
        companyId: d.companyId,
        budgetHours: d.budgetHours,
        budgetPeriod: d.budgetPeriod,
        plan: d.plan,
      });
    }
    const issue = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Videoüberwachung prüfen', data: { priority: 'Low' } },
    });
    expect(issue.statusCode, issue.body).toBe(201);
    // 60 records over 24 days (and two outside the range), two people, a quarter of P1's with the issue.
    for (let i = 0; i < 62; i++) {
      const project = projects[i % 3]!;
      const byBooker = project.companyId === bakery && i % 2 === 1;
      const day = i >= 60 ? ['2026-12-19', '2027-01-13'][i - 60]! : addDays(FROM, (i * 7) % 24);
      const fact: Fact = {
        day,
        companyId: project.companyId,
        projectId: project.id,
        itemId: project.companyId === bakery && i % 4 === 0 ? issue.json().id : null,
        userId: byBooker ? bookerId : me.id,
        hours: 0.25 * (1 + ((i * 5) % 12)),
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/time-record',
        headers: t.auth(byBooker ? booker : admin),
        payload: {
          projectId: fact.projectId,
          day: fact.day,
          hours: fact.hours,
          itemId: fact.itemId,
          description: `Eintrag ${i}`,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      records.push(fact);
    }
  });
  afterAll(() => t.close());

  const groupings = ['Global', 'Company', 'Issue'].flatMap((bookedFor) =>
    ['Global', 'User'].flatMap((bookedBy) =>
      ['Year', 'Month', 'Week', 'Day'].map((dateGrouping) => ({ bookedFor, bookedBy, dateGrouping })),
    ),
  );

  it.each(groupings)('$bookedFor × $bookedBy × $dateGrouping', async (g) => {
    const res = await t.app.inject({
      url: `/api/time-comparison/query?${new URLSearchParams({ ...g, from: FROM, until: UNTIL, pageSize: '500' })}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json() as { items: Record<string, unknown>[]; total: number };
    const want = expected(g.bookedFor, g.bookedBy, g.dateGrouping);
    const key = (r: Record<string, unknown>) => [r.referenceDate, r.companyId, r.projectId, r.issueId, r.userId].join('|');
    expect(total).toBe(want.length);
    expect(items.map(key).sort()).toEqual(want.map(key).sort());
    for (const row of want) {
      const got = items.find((r) => key(r) === key(row))!;
      expect(got, key(row)).toMatchObject(row);
    }
  });

  it.each(groupings)(
    'chart $bookedFor × $bookedBy × $dateGrouping: the expected rows summed per period and company or person',
    async (g) => {
      const res = await t.app.inject({
        url: `/api/time-comparison/chart?${new URLSearchParams({ ...g, from: FROM, until: UNTIL })}`,
        headers: t.auth(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      const chart = res.json() as {
        stackedBy: string;
        periods: { referenceDate: string }[];
        series: { key: string | null; booked: number[]; planned: (number | null)[]; budget: (number | null)[] }[];
      };
      const want = expected(g.bookedFor, g.bookedBy, g.dateGrouping);
      const stackedBy = g.bookedBy === 'User' ? 'User' : g.bookedFor === 'Global' ? 'Global' : 'Company';
      expect(chart.stackedBy).toBe(stackedBy);
      expect(chart.periods.map((p) => p.referenceDate)).toEqual([...new Set(want.map((r) => r.referenceDate))].sort());
      // Two companies and two persons: every one keeps its own series (fewer than the chart names).
      const groupOf = (r: (typeof want)[number]) =>
        stackedBy === 'User' ? r.userId : stackedBy === 'Company' ? r.companyId : null;
      expect(chart.series.map((s) => s.key).sort()).toEqual([...new Set(want.map(groupOf))].sort());
      const sum = (xs: (number | null)[]) =>
        xs.every((x) => x === null)
          ? null
          : round(
              xs.reduce<number>((a, b) => a + (b ?? 0), 0),
              2,
            );
      for (const s of chart.series) {
        chart.periods.forEach((p, i) => {
          const rows = want.filter((r) => r.referenceDate === p.referenceDate && groupOf(r) === s.key);
          expect(s.booked[i], `${s.key} ${p.referenceDate}`).toBeCloseTo(sum(rows.map((r) => r.bookedTime)) ?? 0, 2);
          const planned = sum(rows.map((r) => r.plannedTime));
          if (planned === null) expect(s.planned[i]).toBeNull();
          else expect(s.planned[i]).toBeCloseTo(planned, 1);
          expect(s.budget[i]).toEqual(sum(rows.map((r) => r.budget)));
        });
      }
    },
  );

  it('checks the sums against real data: the range has booked and planned hours, future ones and an ISO week 53', () => {
    const rows = expected('Global', 'Global', 'Week');
    expect(rows.find((r) => r.referenceDate === '2026-12-28')).toMatchObject({ year: 2026, week: 53 });
    expect(rows.some((r) => (r.futurePlannedTime ?? 0) > 0)).toBe(true);
    expect(expected('Issue', 'Global', 'Day').some((r) => r.issueId !== null)).toBe(true);
  });
});
