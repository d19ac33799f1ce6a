import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

describe('projects and time records', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let booker: string;
  let bookerId: string;
  let bakery: string;
  let project: { id: string; companyId: string };
  let closed: { id: string };

  const post = (token: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: t.auth(token), payload: payload as object });
  const put = (token: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: t.auth(token), payload: payload as object });
  const del = (token: string, url: string) => t.app.inject({ method: 'DELETE', url, headers: t.auth(token) });
  const page = async (token: string, q = '') => {
    const res = await t.app.inject({ url: `/api/time-record/page?${q}`, headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { id: string; hours: number; userId: string; description: string; rights: unknown }[];
      total: number;
      sumHours: number;
      sumBillableHours: number;
    };
  };
  const book = (token: string, extra: Record<string, unknown> = {}) =>
    post(token, '/api/time-record', { day: '2026-11-02', hours: 2, projectId: project.id, description: 'Beratung', ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    bookerId = await addUserWithClaims(t, {
      email: 'booker@demo.local',
      companyId: bakery,
      claims: ['TimeRecords.Read', 'TimeRecords.Write'],
    });
    booker = await t.tokenFor('booker@demo.local');
    const created = await post(admin, '/api/project', {
      companyId: bakery,
      name: 'DSB Bäckerei 2026',
      validFrom: '2026-01-01',
      budgetHours: 10,
      budgetPeriod: 'Month',
      flatRate: 450,
      hourlyRate: 95,
      rates: [{ userId: bookerId, hourlyRate: 80 }],
      plannedHours: [
        { month: '2026-11', hours: 8 },
        { month: '2026-12', hours: 6 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    project = created.json();
    const c = await post(admin, '/api/project', {
      companyId: bakery,
      name: 'Abgeschlossen',
      validFrom: '2026-01-01',
      validUntil: '2026-10-31',
    });
    expect(c.statusCode, c.body).toBe(201);
    closed = c.json();
  });
  afterAll(() => t.close());

  it('keeps a project with rates and planned hours; Projects.Write decides who changes it', async () => {
    expect(project).toMatchObject({
      companyName: 'Bäckerei Schmidt',
      budgetHours: 10,
      flatRate: 450,
      hourlyRate: 95,
      isActive: true,
      validUntil: null,
      rates: [{ userId: bookerId, hourlyRate: 80 }],
      plannedHours: [
        { month: '2026-11', hours: 8 },
        { month: '2026-12', hours: 6 },
      ],
      rights: { write: true, delete: true },
    });
    // The booker reads projects (to book on them) but may not change them.
    const asBooker = (await t.app.inject({ url: '/api/project', headers: t.auth(booker) })).json();
    expect(asBooker.find((p: { id: string }) => p.id === project.id).rights).toEqual({ write: false, delete: false });
    expect(
      (await put(booker, `/api/project/${project.id}`, { companyId: bakery, name: 'x', validFrom: '2026-01-01' })).statusCode,
    ).toBe(403);
    expect((await post(booker, '/api/project', { companyId: bakery, name: 'x', validFrom: '2026-01-01' })).statusCode).toBe(403);
    // Editing replaces the planned months.
    const edited = await put(admin, `/api/project/${project.id}`, {
      ...project,
      rates: [{ userId: bookerId, hourlyRate: 85 }],
      plannedHours: [{ month: '2026-11', hours: 12 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rates: [{ hourlyRate: 85 }], plannedHours: [{ month: '2026-11', hours: 12 }] });
    // Another tenant sees nothing and changes nothing.
    const other = await t.tokenFor('other@demo.local');
    expect((await t.app.inject({ url: '/api/project', headers: t.auth(other) })).json()).toEqual([]);
    expect(
      (await put(other, `/api/project/${project.id}`, { companyId: bakery, name: 'x', validFrom: '2026-01-01' })).statusCode,
    ).toBe(404);
    expect((await del(other, `/api/project/${project.id}`)).statusCode).toBe(404);
    // Bad project input.
    for (const bad of [
      { companyId: bakery, name: '', validFrom: '2026-01-01' },
      { companyId: bakery, name: 'x', validFrom: '0101-01-01' },
      { companyId: bakery, name: 'x', validFrom: '2026-02-01', validUntil: '2026-01-01' },
      { companyId: bakery, name: 'x', validFrom: '2026-01-01', budgetHours: -1 },
      { companyId: bakery, name: 'x', validFrom: '2026-01-01', plannedHours: [{ month: '2026-13', hours: 1 }] },
      {
        companyId: bakery,
        name: 'x',
        validFrom: '2026-01-01',
        rates: [{ userId: '00000000-0000-4000-8000-000000000000', hourlyRate: 1 }],
      },
    ]) {
      const res = await post(admin, '/api/project', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().fields ?? {}).length, res.body).toBeGreaterThan(0);
    }
  });

  it('books, edits and deletes own records; the list shows own records only without ReadAll', async () => {
    const mine = await book(booker, { day: '2026-11-03', startTime: '09:00', endTime: '10:45', hours: null, billable: false });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      hours: 1.75,
      startTime: '09:00',
      endTime: '10:45',
      userId: bookerId,
      rights: { write: true, delete: true },
    });
    const adminsRes = await book(admin, { day: '2026-11-03', hours: 3 });
    expect(adminsRes.statusCode, adminsRes.body).toBe(201);
    const admins = adminsRes.json();

    const range = 'from=2026-11-01&until=2026-11-30';
    const asBooker = await page(booker, range);
    expect(asBooker.items.map((r) => r.userId)).toEqual([bookerId]);
    expect(asBooker).toMatchObject({ total: 1, sumHours: 1.75, sumBillableHours: 0 });
    // The booker cannot touch another's record: it is not visible to them.
    expect((await del(booker, `/api/time-record/${admins.id}`)).statusCode).toBe(404);
    // The administrator (ReadAll) sees both, and may change the booker's record.
    const asAdmin = await page(admin, `${range}&companyId=${bakery}`);
    expect(asAdmin).toMatchObject({ total: 2, sumHours: 4.75, sumBillableHours: 3 });
    expect((await page(admin, `${range}&userId=${bookerId}`)).total).toBe(1);
    expect((await page(admin, `${range}&projectId=${closed.id}`)).total).toBe(0);
    expect((await page(admin, `${range}&sort=hours&dir=asc`)).items.map((r) => r.hours)).toEqual([1.75, 3]);
    const edited = await put(admin, `/api/time-record/${mine.json().id}`, {
      day: '2026-11-03',
      hours: 2.5,
      projectId: project.id,
      description: 'Schulung',
      billable: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The record stays the booker's; start and end are dropped when hours alone are booked.
    expect(edited.json()).toMatchObject({ userId: bookerId, hours: 2.5, startTime: null, description: 'Schulung' });
    // The reader (TimeRecords.Read only) sees none of them and books nothing.
    expect((await page(reader, range)).total).toBe(0);
    expect((await book(reader)).statusCode).toBe(403);
    // Another tenant: not found.
    const other = await t.tokenFor('other@demo.local');
    expect(
      (
        await put(other, `/api/time-record/${admins.id}`, {
          day: '2026-11-03',
          hours: 1,
          projectId: project.id,
          description: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await page(other, range)).total).toBe(0);

    expect((await del(booker, `/api/time-record/${mine.json().id}`)).statusCode).toBe(204);
    expect((await del(admin, `/api/time-record/${admins.id}`)).statusCode).toBe(204);
    expect((await del(admin, `/api/time-record/${admins.id}`)).statusCode).toBe(404);
    // A project with records cannot be deleted; one without can.
    const r = (await book(admin, { day: '2026-11-05' })).json();
    expect((await del(admin, `/api/project/${project.id}`)).statusCode).toBe(409);
    expect((await del(admin, `/api/time-record/${r.id}`)).statusCode).toBe(204);
  });

  it('keeps the day sums the comparison reads equal to the records through every kind of write', async () => {
    // time_record_day (migration 0027) against the records themselves, read on the owner connection.
    const drift = async () =>
      queryRows<Record<string, unknown>>(
        t.db,
        sql`with r as (select company_id, project_id, item_id, user_id, day, sum(hours) as hours, count(*)::int as records
                       from time_record group by 1, 2, 3, 4, 5)
            (select 'missing' as side, r.* from r except select 'missing', d.* from time_record_day d)
            union all
            (select 'extra', d.* from time_record_day d except select 'extra', r.* from r)`,
      );
    const issue = await post(admin, '/api/issue', {
      name: 'Zeiten an einer Maßnahme',
      companyId: bakery,
      data: { priority: 'Low' },
    });
    expect(issue.statusCode, issue.body).toBe(201);
    const a = (await book(admin, { day: '2026-11-10', hours: 1.5, itemId: issue.json().id })).json();
    const b = (await book(admin, { day: '2026-11-10', hours: 2, itemId: issue.json().id })).json();
    const c = (await book(booker, { day: '2026-11-11', hours: 0.25 })).json();
    expect(await drift()).toEqual([]);
    const [sum] = await queryRows<{ hours: string; records: number }>(
      t.db,
      sql`select hours::text, records from time_record_day where item_id = ${issue.json().id}::uuid`,
    );
    expect(sum).toEqual({ hours: '3.50', records: 2 });
    // An edit that moves a record to another day and drops its issue; one that only changes hours.
    const moved = await put(admin, `/api/time-record/${a.id}`, {
      day: '2026-11-12',
      hours: 4,
      projectId: project.id,
      description: 'x',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await put(booker, `/api/time-record/${c.id}`, { day: '2026-11-11', hours: 1, projectId: project.id, description: 'y' }))
        .statusCode,
    ).toBe(200);
    expect(await drift()).toEqual([]);
    // Deleting the issue sets the record's issue to null (a cascade update), then the records go.
    expect((await del(admin, `/api/issue/${issue.json().id}`)).statusCode).toBe(204);
    expect(await drift()).toEqual([]);
    for (const id of [a.id, b.id]) expect((await del(admin, `/api/time-record/${id}`)).statusCode).toBe(204);
    expect((await del(booker, `/api/time-record/${c.id}`)).statusCode).toBe(204);
    expect(await drift()).toEqual([]);
    // No empty sums are left behind, and the request role can read the sums but not write them.
    expect(await queryRows(t.db, sql`select 1 from time_record_day where records = 0`)).toEqual([]);
    const grants = await queryRows<{ privilege: string }>(
      t.db,
      sql`select privilege_type as privilege from information_schema.role_table_grants
          where grantee = 'pc_app' and table_name = 'time_record_day' order by 1`,
    );
    expect(grants).toEqual([{ privilege: 'SELECT' }]);
  });

  it('refuses more than 24 hours a day and a closed month, with field errors and nothing written', async () => {
    const day = '2026-11-10';
    expect((await book(booker, { day, hours: 20 })).statusCode).toBe(201);
    const over = await book(booker, { day, hours: 4.25 });
    expect(over.statusCode).toBe(422);
    expect(over.json().fields).toEqual({ hours: ['validation.dayOver24h'] });
    const overByTimes = await book(booker, { day, startTime: '08:00', endTime: '12:30', hours: null });
    expect(overByTimes.json().fields).toEqual({ endTime: ['validation.dayOver24h'] });
    // Exactly 24 passes; another person's day is their own.
    expect((await book(booker, { day, hours: 4 })).statusCode).toBe(201);
    expect((await book(admin, { day, hours: 8 })).statusCode).toBe(201);
    // Editing a record counts the others of the day, not itself.
    const [first] = (await page(booker, `from=${day}&until=${day}&sort=hours&dir=desc`)).items;
    expect(
      (await put(booker, `/api/time-record/${first!.id}`, { day, hours: 20, projectId: project.id, description: 'x' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(booker, `/api/time-record/${first!.id}`, { day, hours: 20.25, projectId: project.id, description: 'x' }))
        .statusCode,
    ).toBe(422);

    const late = await book(booker, { projectId: closed.id, day: '2026-11-02' });
    expect(late.statusCode).toBe(422);
    expect(late.json().fields).toEqual({ day: ['validation.monthClosed'] });
    expect((await book(booker, { projectId: closed.id, day: '2026-10-31' })).statusCode).toBe(201);
    const early = await book(booker, { projectId: closed.id, day: '2025-12-31' });
    expect(early.json().fields).toEqual({ day: ['validation.beforeProject'] });
    expect((await page(booker, `from=${day}&until=${day}`)).sumHours).toBe(24);
  });

  it('answers bad input with 422 and field errors, writing nothing', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from time_record`);
    const otherAdmin = await t.tokenFor('other@demo.local');
    const foreign = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(otherAdmin) })).json()[0].id;
    const foreignProject = await post(otherAdmin, '/api/project', { companyId: foreign, name: 'Fremd', validFrom: '2026-01-01' });
    expect(foreignProject.statusCode, foreignProject.body).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ hours: -1 }, 'hours'],
      [{ hours: 0.3 }, 'hours'],
      [{ hours: 25 }, 'hours'],
      [{ day: '0101-01-01' }, 'day'],
      [{ day: '2026-02-30' }, 'day'],
      [{ projectId: '00000000-0000-4000-8000-000000000000' }, 'projectId'],
      [{ projectId: foreignProject.json().id }, 'projectId'],
      [{ description: 'x'.repeat(10_000) }, 'description'],
      [{ description: '  ' }, 'description'],
      [{ hours: null }, 'hours'],
      [{ startTime: '10:00', endTime: '09:00', hours: null }, 'endTime'],
      [{ startTime: '25:00', endTime: '26:00', hours: null }, 'startTime'],
      [{ itemId: '00000000-0000-4000-8000-000000000000' }, 'itemId'],
    ];
    for (const [extra, field] of cases) {
      const res = await book(admin, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.json().fields), JSON.stringify(extra)).toContain(field);
    }
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from time_record`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // The same refused as a change: the record stays as it was.
    const kept = await book(admin, { day: '2026-11-03', hours: 1.5, description: 'Bleibt so' });
    expect(kept.statusCode, kept.body).toBe(201);
    const stored = () =>
      queryRows(
        t.db,
        sql`select day::text, hours::float8, project_id, description from time_record where id = ${kept.json().id}`,
      );
    const original = await stored();
    for (const [extra, field] of cases) {
      const res = await put(admin, `/api/time-record/${kept.json().id}`, {
        day: '2026-11-03',
        hours: 1.5,
        projectId: project.id,
        description: 'Bleibt so',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.json().fields), JSON.stringify(extra)).toContain(field);
    }
    expect(await stored()).toEqual(original);
    expect((await t.app.inject({ url: '/api/time-record/page?from=gestern', headers: t.auth(admin) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/time-record/page?sort=colour', headers: t.auth(admin) })).statusCode).toBe(422);
  });
});

describe("a project's terms (budget, flat rate, hourly rates) only for those who may see them", () => {
  let t: TestApp;
  const terms = ['budgetHours', 'flatRate', 'hourlyRate', 'rates'];
  const amounts = ['budget', 'flatRate', 'hourlyRate', 'personSpecificHourlyRate'];
  type Row = Record<string, unknown> & { id: string; name: string; companyId: string };
  const projects = async (token: string) => {
    const res = await t.app.inject({ url: '/api/project', headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  };
  const elements = async (token: string) => {
    const res = await t.app.inject({ url: '/api/time-comparison/query-time-budget-element', headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>[];
  };
  const dsb = (list: Row[]) => list.find((p) => p.name === 'Externer Datenschutzbeauftragter')!;

  beforeAll(async () => {
    t = await createTestApp({}, { demoItems: true });
  });
  afterAll(() => t.close());

  it('the agency administrator sees them', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    expect(dsb(await projects(admin))).toMatchObject({
      budgetHours: 64,
      flatRate: 4800,
      hourlyRate: 95,
      rates: expect.arrayContaining([expect.objectContaining({ hourlyRate: 75 }), expect.objectContaining({ hourlyRate: 85 })]),
    });
    expect((await elements(admin)).some((e) => e.personSpecificHourlyRate === 75)).toBe(true);
  });

  it('a consultant who only books (no TimeRecords.ReadAll) and the client’s reader get projects without them', async () => {
    for (const email of ['lea.lang@demo.local', 'reader@demo.local']) {
      const token = await t.tokenFor(email);
      const list = await projects(token);
      expect(list.length, email).toBeGreaterThan(0);
      for (const p of list) for (const key of terms) expect(p, `${email} ${p.name}`).not.toHaveProperty(key);
      const rows = await elements(token);
      expect(rows.length, email).toBeGreaterThan(0);
      for (const row of rows) for (const key of amounts) expect(row, email).not.toHaveProperty(key);
      expect(JSON.stringify(rows) + JSON.stringify(list), email).not.toMatch(/4800|"hourlyRate"/);
    }
  });

  it('never to the client’s own users, even with the claims; their change of a project keeps the terms', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const project = dsb(await projects(admin));
    await addUserWithClaims(t, {
      email: 'bakery.planner@demo.local',
      companyId: project.companyId,
      claims: ['TimeRecords.Read', 'TimeRecords.ReadAll', 'Projects.Write'],
    });
    const planner = await t.tokenFor('bakery.planner@demo.local');
    const seen = dsb(await projects(planner));
    for (const key of terms) expect(seen).not.toHaveProperty(key);
    for (const row of await elements(planner)) for (const key of amounts) expect(row).not.toHaveProperty(key);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/project/${project.id}`,
      headers: t.auth(planner),
      payload: { ...seen, name: 'DSB umbenannt', flatRate: 1, hourlyRate: 1, budgetHours: 1, rates: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const key of terms) expect(res.json()).not.toHaveProperty(key);
    const after = (await projects(admin)).find((p) => p.id === project.id)!;
    expect(after).toMatchObject({ name: 'DSB umbenannt', budgetHours: 64, flatRate: 4800, hourlyRate: 95 });
    expect(after.rates).toEqual(project.rates);
  });
});
