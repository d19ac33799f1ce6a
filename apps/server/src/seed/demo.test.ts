import { itemTypes } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, item, tag } from '../db/schema/index';
import { queryRows } from '../db/types';
import { createTestApp, type TestApp } from '../test/harness';
import { DEMO_UNREAD } from './demo-notifications';

describe('demo data', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  beforeAll(async () => {
    t = await createTestApp({}, { demoItems: true });
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  it('fills every register of the bakery, with overdue and due-soon items', async () => {
    const stats = (await t.app.inject({ url: '/api/item/statistics', headers: t.auth(admin, { 'x-tenant': bakery }) })).json();
    for (const type of itemTypes) {
      expect(stats.find((s: { itemType: string }) => s.itemType === type.key).total, type.key).toBeGreaterThan(0);
    }
    expect(stats.reduce((n: number, s: { red: number }) => n + s.red, 0)).toBeGreaterThan(0);
    expect(stats.reduce((n: number, s: { yellow: number }) => n + s.yellow, 0)).toBeGreaterThan(0);
    const breach = (await t.app.inject({ url: '/api/data-breach', headers: t.auth(admin, { 'x-tenant': bakery }) })).json()
      .items[0];
    expect(breach.derived.overdue).toBe(false);
    const process = (await t.app.inject({ url: '/api/process?q=Lohn', headers: t.auth(admin, { 'x-tenant': bakery }) })).json()
      .items[0];
    expect(process.tags.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Stammdaten', 'Bankdaten', 'Beschäftigte', 'Personal']),
    );
  });

  it('starts the demo with a handful of unread notifications, the most pressing ones, and nothing waiting to be mailed', async () => {
    const count = (await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(admin) })).json().count;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(DEMO_UNREAD);
    const all = (await t.app.inject({ url: '/api/notification?pageSize=100', headers: t.auth(admin) })).json();
    expect(all.total).toBeGreaterThan(count);
    const unread = all.items.filter((n: { read: boolean }) => !n.read).map((n: { kind: string }) => n.kind);
    expect(unread).toContain('breach_deadline');
    const [pending] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from notification where mail_pending`);
    expect(pending!.n).toBe(0);
  });

  it('gives each company its own items: no name repeats across companies, the structure stays the same', async () => {
    const rows = await t.db
      .select({ company: company.name, type: item.type, name: item.name, status: item.status, due: item.dueDate })
      .from(item)
      .innerJoin(company, eq(company.id, item.companyId));
    const seeded = ['Bäckerei Schmidt', 'Beispiel Handel GmbH', 'Demo Unternehmen GmbH', 'Fremdfirma AG'];
    expect([...new Set(rows.map((r) => r.company))].sort()).toEqual([...seeded].sort());
    // Measures are named after the shared catalogue on purpose; everything else differs per company.
    const companiesOf = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => r.type !== 'measure')) {
      const key = `${r.type}: ${r.name}`;
      companiesOf.set(key, (companiesOf.get(key) ?? new Set()).add(r.company));
    }
    const repeated = [...companiesOf].filter(([, c]) => c.size > 1).map(([key, c]) => `${key} (${[...c].join(', ')})`);
    expect(repeated).toEqual([]);
    // Bäckerei Schmidt keeps its texts: browser tests search for them.
    const bakery = rows.filter((r) => r.company === 'Bäckerei Schmidt').map((r) => r.name);
    expect(bakery).toEqual(expect.arrayContaining(['Lohn- und Gehaltsabrechnung', 'Löschkonzept', 'Fehlversand Lohnabrechnung']));
    // Same types, counts, statuses and due dates: the full set twice, the subset twice.
    const shape = (name: string) =>
      rows
        .filter((r) => r.company === name)
        .map((r) => `${r.type} ${r.status} ${r.due}`)
        .sort();
    expect(shape('Demo Unternehmen GmbH')).toEqual(shape('Bäckerei Schmidt'));
    expect(shape('Fremdfirma AG')).toEqual(shape('Beispiel Handel GmbH'));
    expect(shape('Beispiel Handel GmbH').length).toBeLessThan(shape('Bäckerei Schmidt').length);
  });

  it('spreads the items over the last weeks, so that the dashboard trend has a shape, by the rules of the item events', async () => {
    const trend = (await t.app.inject({ url: '/api/item/trend', headers: t.auth(admin, { 'x-tenant': bakery }) })).json() as {
      itemType: string;
      weeks: { open: number; overdue: number }[];
    }[];
    const statistics = (
      await t.app.inject({ url: '/api/item/statistics', headers: t.auth(admin, { 'x-tenant': bakery }) })
    ).json() as { itemType: string; total: number; closedPercent: number }[];
    const sum = (pick: (w: { open: number; overdue: number }) => number, k: number) =>
      trend.reduce((n, x) => n + pick(x.weeks.at(k)!), 0);
    // Fewer items were open twelve weeks ago than now, some already then; the overdue ones change too.
    expect(sum((w) => w.open, 0)).toBeGreaterThan(0);
    expect(sum((w) => w.open, 0)).toBeLessThan(sum((w) => w.open, -1));
    expect(new Set(trend.flatMap((x) => x.weeks.map((w) => w.overdue))).size).toBeGreaterThan(1);
    // Now, the trend's last point is today's state of the registers (the events sum up to item_stat).
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from item where company_id = ${bakery} and status < 3`,
    );
    expect(sum((w) => w.open, -1)).toBe(open!.n);
    // Eleven weeks ago: the items created before then and not closed by then, read from the items and their history.
    const [then] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from item i
          where i.company_id = ${bakery} and i.created_at < now() - interval '77 days'
            and (i.status < 3 or exists (select 1 from item_history h where h.item_id = i.id and h.action = 'updated'
                                          and h.at > now() - interval '77 days'))`,
    );
    expect(sum((w) => w.open, 0)).toBe(then!.n);
    expect(statistics.reduce((n, s) => n + s.total, 0)).toBeGreaterThan(0);
    // Created within 120 days and never before their company; a closed one was closed after its
    // creation, as its history says (created in progress, then closed).
    const rows = await queryRows<{ company: string; ok: boolean; closings: number; status: number; createdTo: number }>(
      t.db,
      sql`select c.name as company,
                 i.created_at >= c.created_at and i.created_at > now() - interval '121 days' and i.created_at <= now() as ok,
                 (select count(*)::int from item_history h where h.item_id = i.id and h.action = 'updated'
                    and h.at > i.created_at and (h.changes->'status'->>'to')::int = i.status) as closings,
                 i.status,
                 (select (h.changes->'status'->>'to')::int from item_history h where h.item_id = i.id and h.action = 'created') as "createdTo"
          from item i join company c on c.id = i.company_id`,
    );
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    for (const r of rows) {
      expect(r.closings, JSON.stringify(r)).toBe(r.status >= 3 ? 1 : 0);
      expect(r.createdTo, JSON.stringify(r)).toBe(r.status >= 3 ? 1 : r.status);
    }
    // A company created today (the demo company) has no past to spread into.
    const demo = await t.companyIdOf('Demo Unternehmen GmbH');
    const [spread] = await queryRows<{ days: number }>(
      t.db,
      sql`select extract(epoch from max(created_at) - min(created_at))::int / 86400 as days from item where company_id = ${demo}`,
    );
    expect(spread!.days).toBe(0);
  });

  it("names nothing of the agency or its clients in the other tenant's items and tags", async () => {
    const foreignId = await t.companyIdOf('Fremdfirma AG');
    const items = await t.db
      .select({ name: item.name, description: item.description, data: item.data })
      .from(item)
      .where(eq(item.companyId, foreignId));
    const tags = await t.db.select({ name: tag.name }).from(tag).where(eq(tag.companyId, foreignId));
    expect(items.length).toBeGreaterThan(0);
    // As the browser test "another tenant sees nothing of the agency anywhere" checks the page.
    expect(JSON.stringify([items, tags]).match(/Muster|Beispiel|Bäckerei|Druckerei|Demo Unternehmen/g) ?? []).toEqual([]);
  });

  it('keeps the other tenant apart: its own items only', async () => {
    const other = await t.tokenFor('other@demo.local');
    const issues = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: t.auth(other) })).json();
    expect(issues.total).toBeGreaterThan(0);
    expect(issues.items.every((i: { companyName: string }) => i.companyName === 'Fremdfirma AG')).toBe(true);
  });

  it('books about 2,000 hours-records by three people over twelve months, so every grouping shows figures', async () => {
    const [{ n, people, months }] = await queryRows<{ n: number; people: number; months: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct user_id)::int as people,
                 count(distinct date_trunc('month', day))::int as months from time_record`,
    );
    expect(n).toBeGreaterThan(1800);
    expect(n).toBeLessThan(2200);
    expect(people).toBe(3);
    expect(months).toBeGreaterThanOrEqual(12);
    const today = new Date().toISOString().slice(0, 10);
    const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
    const query = async (q: string) => {
      const res = await t.app.inject({
        url: `/api/time-comparison/query?from=${from}&until=${today}&pageSize=500&${q}`,
        headers: t.auth(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Record<string, number | string | null>[];
    };
    const companyMonths = await query('bookedFor=Company&dateGrouping=Month');
    expect(new Set(companyMonths.map((r) => r.companyName))).toEqual(
      new Set(['Bäckerei Schmidt', 'Beispiel Handel GmbH', 'Beispiel Logistik GmbH']),
    );
    expect(companyMonths.filter((r) => r.budget !== null && r.bookedBudgetPercentage !== null).length).toBeGreaterThan(12);
    for (const q of [
      'bookedFor=Global&dateGrouping=Year',
      'bookedFor=Global&dateGrouping=Week',
      'bookedFor=Company&dateGrouping=Day',
      'bookedFor=Issue&dateGrouping=Month',
      'bookedFor=Global&bookedBy=User&dateGrouping=Month',
    ]) {
      expect(
        (await query(q)).some((r) => Number(r.bookedTime) > 0),
        q,
      ).toBe(true);
    }
    const issueRows = await query('bookedFor=Issue&dateGrouping=Year');
    expect(issueRows.some((r) => r.issueName !== null)).toBe(true);
    const users = await query('bookedFor=Global&bookedBy=User&dateGrouping=Year');
    expect(new Set(users.map((r) => r.userName))).toEqual(new Set(['Anna Admin', 'Jonas Berger', 'Lea Lang']));
    // The tile of this month: the figures of the comparison.
    const tile = (await t.app.inject({ url: '/api/time-comparison/this-month', headers: t.auth(admin) })).json();
    expect(tile.plannedTime).toBeGreaterThan(0);
    expect(tile.bookedTime).toBeGreaterThan(0);
  });
});
