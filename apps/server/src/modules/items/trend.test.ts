import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { addDays, todayIn } from '../../platform/dates';
import { createTestApp, type TestApp } from '../../test/harness';
import { quarterStart, zonedMidnight } from './trend';

type Trend = { itemType: string; weeks: { day: string; open: number; overdue: number }[] }[];
type Quarter = { until: string; types: { itemType: string; total: number; open: number; closedPercent: number }[] };

/**
 * The dashboard trend and the radar's previous quarter from items whose creation and status
 * changes are backdated (their item_event rows): the figures before and after adding them differ
 * by exactly what those items were at each point (the demo's own items stay as they were).
 */
describe('item trend and previous quarter', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  const DAY = 86_400_000;
  const tz = 'Europe/Berlin';
  let before: Trend;
  let quarterBefore: Quarter;
  const trend = async () => {
    const res = await t.app.inject({ url: '/api/item/trend', headers: t.auth(admin, { 'x-tenant': bakery }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Trend;
  };
  const quarter = async () => {
    const res = await t.app.inject({ url: '/api/item/previous-quarter', headers: t.auth(admin, { 'x-tenant': bakery }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quarter;
  };
  const issue = (x: Trend) => x.find((e) => e.itemType === 'issue')!.weeks;

  /** A new issue of a company, through the API (its insert event is written now). */
  async function createIssue(companyId: string, name: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': companyId }),
      payload: { name, data: { priority: 'Low' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /**
   * An issue created `createdDaysAgo` days ago whose status changed as listed (days ago, to): each
   * change is made now and its events (item_event, by the trigger) are moved to when it happened.
   */
  async function backdated(name: string, createdDaysAgo: number, dueInDays: number | null, changes: [number, number][]) {
    const id = await createIssue(bakery, name);
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const due = dueInDays === null ? null : addDays(todayIn(tz), dueInDays);
    const moveFresh = (days: number) =>
      t.db.execute(
        sql`update item_event set at = ${ago(days)}::timestamptz where item_id = ${id} and at > now() - interval '10 minutes'`,
      );
    await t.db.execute(
      sql`update item set created_at = ${ago(createdDaysAgo)}::timestamptz, due_date = ${due}::date where id = ${id}`,
    );
    await moveFresh(createdDaysAgo);
    for (const [daysAgo, to] of changes) {
      await t.db.execute(sql`update item set status = ${to} where id = ${id}`);
      await moveFresh(daysAgo);
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    bakery = await t.companyIdOf('Bäckerei Schmidt');
    before = await trend();
    quarterBefore = await quarter();
    // A: created 70½ days ago, done 28½ days ago, due 42 days ago.
    await backdated('Trend A', 70.5, -42, [[28.5, 3]]);
    // B: created 21½ days ago, still open, due 10 days ago.
    await backdated('Trend B', 21.5, -10, []);
    // C: old, done 50½ days ago, reopened 14½ days ago, due 100 days ago.
    await backdated('Trend C', 200, -100, [
      [50.5, 3],
      [14.5, 1],
    ]);
    // D: old and untouched since, open, without a due date.
    await backdated('Trend D', 300, null, []);
    // E: created 30½ days ago, open, deleted just now: counted before its deletion only.
    const e = await backdated('Trend E', 30.5, null, []);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/issue/${e}`, headers: t.auth(admin, { 'x-tenant': bakery }) });
    expect(del.statusCode, del.body).toBe(204);
  });
  afterAll(() => t.close());

  it('answers 12 weekly points per readable type, a week apart, the last today', async () => {
    const after = await trend();
    expect(after.map((e) => e.itemType)).toEqual(before.map((e) => e.itemType));
    const days = issue(after).map((w) => w.day);
    expect(days).toHaveLength(12);
    expect(days.at(-1)).toBe(todayIn(tz));
    expect(days).toEqual(days.map((_, k) => addDays(todayIn(tz), -7 * (11 - k))));
  });

  it('counts each backdated item open and overdue exactly at the weeks it was', async () => {
    const after = issue(await trend());
    const base = issue(before);
    // Points are k = 0 … 11, the age in weeks is 11 − k.
    const inAges = (ages: number[]) => Array.from({ length: 12 }, (_, k) => (ages.includes(11 - k) ? 1 : 0));
    const add = (...xs: number[][]) => xs.reduce((a, b) => a.map((v, i) => v + b[i]!));
    const open = add(
      inAges([5, 6, 7, 8, 9, 10]),
      inAges([0, 1, 2, 3]),
      inAges([0, 1, 2, 8, 9, 10, 11]),
      inAges([...Array(12).keys()]),
      inAges([1, 2, 3, 4]),
    );
    const overdue = add(inAges([5]), inAges([0, 1]), inAges([0, 1, 2, 8, 9, 10, 11]));
    expect(after.map((w, k) => w.open - base[k]!.open)).toEqual(open);
    expect(after.map((w, k) => w.overdue - base[k]!.overdue)).toEqual(overdue);
  });

  it('gives the radar the closed share at the end of the previous quarter by the same rule', async () => {
    const q = await quarter();
    const start = quarterStart(todayIn(tz));
    expect(q.until).toBe(addDays(start, -1));
    // What each backdated item was at the quarter's end (midnight in the product's zone), `at` days ago.
    const at = (Date.now() - zonedMidnight(start, tz).getTime()) / DAY;
    const existed = (created: number) => created > at;
    const items = [
      { exists: existed(70.5), open: at > 28.5 },
      { exists: existed(21.5), open: true },
      { exists: true, open: at > 50.5 || at < 14.5 },
      { exists: true, open: true },
      // E was deleted now, after the quarter's end: it counts there if it existed.
      { exists: existed(30.5), open: true },
    ];
    const was = quarterBefore.types.find((x) => x.itemType === 'issue')!;
    const now = q.types.find((x) => x.itemType === 'issue')!;
    expect(now.total - was.total).toBe(items.filter((i) => i.exists).length);
    expect(now.open - was.open).toBe(items.filter((i) => i.exists && i.open).length);
    expect(now.closedPercent).toBe(now.total === 0 ? 0 : Math.round(((now.total - now.open) / now.total) * 1000) / 10);
  });

  it("leaves no events of a deleted company behind (its items' deletion records none)", async () => {
    const handel = await t.companyIdOf('Beispiel Handel GmbH');
    await createIssue(handel, 'Vergänglich');
    const other = { id: handel };
    const [before] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from item_event where company_id = ${handel}`,
    );
    expect(before?.n).toBe(1);
    await t.db.execute(sql`delete from company where id = ${other!.id}`);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from item_event where company_id = ${other!.id}`,
    );
    expect(left?.n).toBe(0);
  });

  it('finds the quarter a day is in and the instant a day starts in a zone', () => {
    expect(zonedMidnight('2026-10-01', tz).toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(zonedMidnight('2026-03-29', tz).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedMidnight('2026-12-01', tz).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(['2026-01-01', '2026-03-31', '2026-04-01', '2026-11-28', '2026-12-31'].map(quarterStart)).toEqual([
      '2026-01-01',
      '2026-01-01',
      '2026-04-01',
      '2026-10-01',
      '2026-10-01',
    ]);
  });
});
