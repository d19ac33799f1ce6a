import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

/**
 * Every formula of docs/decisions/0023 on small data whose figures are worked out here by hand.
 * The clock stands at 2027-01-15 23:30 UTC, which is already 16 January in Europe/Berlin: planned
 * hours count as future from the 17th on (in UTC it would be the 16th).
 */
describe('time comparison', () => {
  let t: TestApp;
  let admin: string;
  let booker: string;
  let bookerId: string;
  let a: string;
  let b: string;
  type Row = Record<string, unknown>;
  const query = async (q: string, token = admin) => {
    const res = await t.app.inject({ url: `/api/time-comparison/query?${q}`, headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Row[]; total: number; sums: Record<string, number | null> };
  };
  const book = async (token: string, projectId: string, day: string, hours: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/time-record',
      headers: t.auth(token),
      payload: { projectId, day, hours, description: 'Test' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.offsetMs = Date.parse('2027-01-15T23:30:00Z') - Date.now();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const handel = list.find((c: { name: string }) => c.name === 'Beispiel Handel GmbH').id;
    bookerId = await addUserWithClaims(t, {
      email: 'booker@demo.local',
      companyId: bakery,
      claims: ['TimeRecords.Read', 'TimeRecords.Write'],
    });
    booker = await t.tokenFor('booker@demo.local');
    const project = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/project', headers: t.auth(admin), payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    // A: 1 planned hour a day in January (31) and February (28), budget 10 h a month.
    a = await project({
      companyId: bakery,
      name: 'A',
      validFrom: '2027-01-01',
      budgetHours: 10,
      budgetPeriod: 'Month',
      plannedHours: [
        { month: '2027-01', hours: 31 },
        { month: '2027-02', hours: 28 },
      ],
    });
    // B: no plan, records around the turn of the year.
    b = await project({ companyId: handel, name: 'B', validFrom: '2026-01-01' });
    await book(admin, a, '2027-01-05', 2);
    await book(admin, a, '2027-01-20', 3);
    await book(booker, a, '2027-01-05', 1);
    await book(admin, a, '2027-02-10', 1.5);
    await book(admin, b, '2026-12-31', 1);
    await book(admin, b, '2027-01-01', 2);
    await book(admin, b, '2027-01-04', 4);
  });
  afterAll(() => t.close());

  it('company × month: booked, planned, future, projected, deltas, budget and every percentage', async () => {
    const res = await query(`bookedFor=Company&dateGrouping=Month&from=2027-01-01&until=2027-02-28&projectId=${a}`);
    expect(res.total).toBe(2);
    const [jan, feb] = res.items;
    // The hours over every matching row, for the grid's totals: January and February together.
    expect(res.sums).toEqual({ budget: 20, plannedTime: 59, futurePlannedTime: 43, bookedTime: 7.5 });
    // January: booked 2 + 3 + 1; planned 31; future = the 17th–31st = 15 days; plan of A overall 59.
    expect(jan).toMatchObject({
      referenceDate: '2027-01-01',
      year: 2027,
      month: 1,
      companyName: 'Bäckerei Schmidt',
      projectName: 'A',
      bookedTime: 6,
      plannedTime: 31,
      futurePlannedTime: 15,
      projectedTime: 6 + 15,
      delta: 31 - 6,
      projectedDelta: 31 - 21,
      budget: 10,
      bookedPlannedPercentage: Math.round((1000 * 6) / 31) / 10,
      plannedBudgetPercentage: 310,
      bookedBudgetPercentage: 60,
      bookedTimeOfPlannedHoursByProject: Math.round((1000 * 6) / 59) / 10,
    });
    expect(feb).toMatchObject({
      referenceDate: '2027-02-01',
      bookedTime: 1.5,
      plannedTime: 28,
      futurePlannedTime: 28,
      projectedTime: 29.5,
      delta: 26.5,
      projectedDelta: -1.5,
      budget: 10,
      bookedPlannedPercentage: Math.round((1000 * 1.5) / 28) / 10,
      plannedBudgetPercentage: 280,
      bookedBudgetPercentage: 15,
      bookedTimeOfPlannedHoursByProject: Math.round((1000 * 1.5) / 59) / 10,
    });
    // Paged: the second row alone, the count of all; past the end nothing, the same count.
    const second = await query(`bookedFor=Company&from=2027-01-01&until=2027-02-28&projectId=${a}&pageSize=1&page=1`);
    expect(second.items.map((r) => r.referenceDate)).toEqual(['2027-02-01']);
    expect(second.total).toBe(2);
    expect(second.sums).toEqual(res.sums);
    expect(await query(`bookedFor=Company&from=2027-01-01&until=2027-02-28&projectId=${a}&page=5`)).toEqual({
      items: [],
      total: 2,
      sums: res.sums,
    });
  });

  it('global × year sums both projects; the budget only shows for company × month', async () => {
    const { items } = await query('bookedFor=Global&dateGrouping=Year&from=2027-01-01&until=2027-02-28');
    // Booked in range: A 6 + 1.5, B 2 + 4 (2026-12-31 is outside); planned only A: 59, future 15 + 28.
    expect(items).toEqual([
      expect.objectContaining({
        referenceDate: '2027-01-01',
        year: 2027,
        month: null,
        companyId: null,
        projectId: null,
        bookedTime: 13.5,
        plannedTime: 59,
        futurePlannedTime: 43,
        projectedTime: 56.5,
        delta: 45.5,
        projectedDelta: 2.5,
        budget: null,
        bookedPlannedPercentage: Math.round((1000 * 13.5) / 59) / 10,
        plannedBudgetPercentage: null,
        bookedTimeOfPlannedHoursByProject: null,
      }),
    ]);
  });

  it('ISO weeks across the year boundary', async () => {
    const { items } = await query(`bookedFor=Global&dateGrouping=Week&from=2026-12-28&until=2027-01-10&projectId=${b}`);
    // 2026-12-31 and 2027-01-01 are in week 53 of 2026 (from Monday 28 December), 2027-01-04 opens week 1.
    expect(items.map((r) => [r.referenceDate, r.year, r.week, r.bookedTime, r.plannedTime])).toEqual([
      ['2026-12-28', 2026, 53, 3, null],
      ['2027-01-04', 2027, 1, 4, null],
    ]);
  });

  it('day and user groupings; a plan is not split by person', async () => {
    const day = await query(`bookedFor=Global&dateGrouping=Day&from=2027-01-05&until=2027-01-05&projectId=${a}`);
    expect(day.items).toEqual([
      expect.objectContaining({
        referenceDate: '2027-01-05',
        bookedTime: 3,
        plannedTime: 1,
        futurePlannedTime: 0,
        delta: -2,
        bookedPlannedPercentage: 300,
      }),
    ]);
    const byUser = await query(
      `bookedFor=Company&bookedBy=User&dateGrouping=Month&from=2027-01-01&until=2027-01-31&projectId=${a}`,
    );
    // The booker has no name: sorted first, named by id.
    const figures = Object.fromEntries(byUser.items.map((r) => [r.userId, [r.bookedTime, r.plannedTime, r.budget]]));
    expect(byUser.total).toBe(2);
    expect(figures[bookerId]).toEqual([1, null, null]);
    expect(byUser.items.find((r) => r.userName === 'Anna Admin')).toMatchObject({ bookedTime: 5, plannedTime: null });
  });

  it("answers the dashboard tile: this month's booked against planned hours; own hours only without ReadAll", async () => {
    const get = async (token: string) => {
      const res = await t.app.inject({ url: '/api/time-comparison/this-month', headers: t.auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // January (today is the 16th in Berlin): A 2 + 3 + 1 (booker) and B 2 + 4; only A has a plan, 31 h.
    expect(await get(admin)).toEqual({
      month: '2027-01',
      ownOnly: false,
      activeProjects: 2,
      bookedTime: 12,
      plannedTime: 31,
      bookedPlannedPercentage: Math.round((1000 * 12) / 31) / 10,
    });
    // The booker sees the bakery only: their own hour against the bakery's plan, no percentage.
    expect(await get(booker)).toEqual({
      month: '2027-01',
      ownOnly: true,
      activeProjects: 1,
      bookedTime: 1,
      plannedTime: 31,
      bookedPlannedPercentage: null,
    });
    // Another tenant without projects: nothing booked, no plan.
    expect(await get(await t.tokenFor('other@demo.local'))).toEqual({
      month: '2027-01',
      ownOnly: false,
      activeProjects: 0,
      bookedTime: 0,
      plannedTime: null,
      bookedPlannedPercentage: null,
    });
  });

  it('needs TimeRecords.ReadAll, shows no other tenant’s figures and refuses bad parameters', async () => {
    expect(
      (await t.app.inject({ url: '/api/time-comparison/query?from=2027-01-01&until=2027-01-31', headers: t.auth(booker) }))
        .statusCode,
    ).toBe(403);
    const other = await t.tokenFor('other@demo.local');
    expect(await query('from=2026-01-01&until=2027-12-31', other)).toEqual({
      items: [],
      total: 0,
      sums: { budget: null, plannedTime: null, futurePlannedTime: null, bookedTime: 0 },
    });
    for (const bad of [
      'from=2027-02-01&until=2027-01-01',
      'from=2027-01-01&until=2027-01-31&dateGrouping=Hour',
      'from=0101-01-01&until=2027-01-01',
      'until=2027-01-01',
    ]) {
      expect((await t.app.inject({ url: `/api/time-comparison/query?${bad}`, headers: t.auth(admin) })).statusCode, bad).toBe(
        422,
      );
    }
  });

  it("takes the grid's filter for the chart, without its page, and refuses a range that ends before it starts", async () => {
    const reversed = await t.app.inject({
      url: '/api/time-comparison/chart?from=2027-02-01&until=2027-01-01',
      headers: t.auth(admin),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().fields).toEqual({ until: ['validation.endBeforeStart'] });
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
    const grid = names('/api/time-comparison/query');
    expect(grid).toEqual(expect.arrayContaining(['page', 'pageSize', 'from', 'until']));
    expect(names('/api/time-comparison/chart')).toEqual(grid.filter((n: string) => n !== 'page' && n !== 'pageSize'));
  });

  it('lists time budget elements: one row per person-specific rate, other tenants unseen', async () => {
    const current = (await t.app.inject({ url: '/api/project', headers: t.auth(admin) }))
      .json()
      .find((p: { id: string }) => p.id === a);
    const withRate = { ...current, flatRate: 450, hourlyRate: 95, rates: [{ userId: bookerId, hourlyRate: 80 }] };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/project/${a}`, headers: t.auth(admin), payload: withRate })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ url: '/api/time-comparison/query-time-budget-element', headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    // Sorted by company name in the database's collation; compared here by project. The booker has no name.
    const rows = [...res.json()].sort((x, y) => x.projectName.localeCompare(y.projectName));
    expect(rows).toEqual([
      {
        projectId: a,
        companyName: 'Bäckerei Schmidt',
        projectName: 'A',
        budget: 10,
        flatRate: 450,
        fullname: null,
        hourlyRate: 95,
        personSpecificHourlyRate: 80,
      },
      {
        projectId: b,
        companyName: 'Beispiel Handel GmbH',
        projectName: 'B',
        budget: null,
        flatRate: null,
        fullname: null,
        hourlyRate: null,
        personSpecificHourlyRate: null,
      },
    ]);
    const other = await t.tokenFor('other@demo.local');
    expect(
      (await t.app.inject({ url: '/api/time-comparison/query-time-budget-element', headers: t.auth(other) })).json(),
    ).toEqual([]);
  });

  it('groups by the linked issue; the plan stays out of issue rows', async () => {
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const issue = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Löschkonzept prüfen', data: { priority: 'Low' } },
    });
    expect(issue.statusCode, issue.body).toBe(201);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/time-record',
      headers: t.auth(admin),
      payload: { projectId: a, day: '2027-01-06', hours: 2, description: 'Konzept', itemId: issue.json().id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { items } = await query(`bookedFor=Issue&dateGrouping=Day&from=2027-01-05&until=2027-01-06&projectId=${a}`);
    expect(items.map((r) => [r.referenceDate, r.issueId, r.issueName, r.bookedTime, r.plannedTime])).toEqual([
      ['2027-01-05', null, null, 3, null],
      ['2027-01-06', issue.json().id, 'Löschkonzept prüfen', 2, null],
    ]);
    // The record list filters by the linked item (the issue's drill-down).
    const records = await t.app.inject({ url: `/api/time-record/page?itemId=${issue.json().id}`, headers: t.auth(admin) });
    expect(records.json()).toMatchObject({ total: 1, sumHours: 2 });
  });
});
