import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, itemHistory } from '../../db/schema/index';
import { addDays, todayIn } from '../../platform/dates';
import { createTestApp, type TestApp } from '../../test/harness';

type Row = { type: string; created: number; closed: number; openAtEnd: number; overdue: number };

describe('summary report', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let bakery: string;
  let gruppe: string;
  let today: string;
  const ids: Record<string, string> = {};

  const as = (token: string, scope?: string) => t.auth(token, scope ? { 'x-tenant': scope } : {});
  const create = async (token: string, scope: string, type: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${type}`, headers: as(token, scope), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const report = (token: string, query: string, scope?: string) =>
    t.app.inject({ url: `/api/summary/report?${query}`, headers: as(token, scope) });
  const rowOf = (body: { types: Row[] }, type: string) => body.types.find((r) => r.type === type);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const id = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    bakery = id('Bäckerei Schmidt');
    gruppe = id('Beispiel Gruppe');
    today = todayIn(t.config.timeZone, t.clock.now());
    const now = t.clock.now().getTime();
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    // The breaches must fall on today in the app's time zone: within the first hour after
    // midnight, an hour back is yesterday and the "today only" reports would miss one.
    let span = 3_600_000;
    while (span > 6 && todayIn(t.config.timeZone, new Date(now - span)) !== today) span = Math.floor(span / 2);

    // Bakery: three issues (one overdue, one created already done), a measure closed later,
    // two breaches (one notified in time) and two requests (one answered).
    await create(admin, bakery, 'issue', { name: 'Überfällig', dueDate: addDays(today, -1), data: { priority: 'High' } });
    await create(admin, bakery, 'issue', { name: 'Offen', data: { priority: 'Low' } });
    await create(admin, bakery, 'issue', { name: 'Erledigt', status: 4, data: { priority: 'Low' } });
    const measure = await create(admin, bakery, 'measure', { name: 'Backup', data: { category: 'availability' } });
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/measure/${measure.id}`,
      headers: as(admin, bakery),
      payload: { ...measure, status: 4, data: measure.data },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const notified = await create(admin, bakery, 'data-breach', {
      name: 'Laptop verloren',
      data: { discoveredAt: iso(span), notifiedAt: iso(span / 2), riskLevel: 'risk' },
    });
    const pending = await create(admin, bakery, 'data-breach', { name: 'Fehlversand', data: { discoveredAt: iso(span / 6) } });
    const answered = await create(admin, bakery, 'privacy-request', {
      name: 'Auskunft Meier',
      data: { requestType: 'access', requester: 'Herr Meier', receivedDate: today, respondedDate: today },
    });
    const open = await create(admin, bakery, 'privacy-request', {
      name: 'Löschung Huber',
      data: { requestType: 'erasure', requester: 'Frau Huber', receivedDate: today },
    });
    Object.assign(ids, { notified: notified.id, pending: pending.id, answered: answered.id, open: open.id });

    // Another tenant's items never count for the agency.
    const foreign = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) })).json()[0].id;
    await create(other, foreign, 'issue', { name: 'Fremd', dueDate: addDays(today, -3), data: { priority: 'High' } });
    await create(other, foreign, 'data-breach', { name: 'Fremde Panne', data: { discoveredAt: iso(span / 6) } });
  });
  afterAll(() => t.close());

  const expectBakeryNumbers = (body: { types: Row[] }) => {
    expect(rowOf(body, 'issue')).toEqual({ type: 'issue', created: 3, closed: 1, openAtEnd: 2, overdue: 1 });
    expect(rowOf(body, 'measure')).toEqual({ type: 'measure', created: 1, closed: 1, openAtEnd: 0, overdue: 0 });
    expect(rowOf(body, 'data-breach')).toEqual({ type: 'data-breach', created: 2, closed: 0, openAtEnd: 2, overdue: 0 });
    expect(rowOf(body, 'privacy-request')).toMatchObject({ created: 2, closed: 0, openAtEnd: 2 });
    const rest = body.types.filter((r) => !['issue', 'measure', 'data-breach', 'privacy-request'].includes(r.type));
    expect(rest.every((r) => r.created + r.closed + r.openAtEnd + r.overdue === 0)).toBe(true);
  };

  it('counts exactly the items created, closed, open and overdue in the period, for the scope', async () => {
    const res = await report(admin, `from=${addDays(today, -7)}&until=${today}`, bakery);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: addDays(today, -7), until: today });
    expectBakeryNumbers(body);

    expect(body.dataBreaches.map((b: { id: string }) => b.id)).toEqual([ids.notified, ids.pending]);
    expect(body.dataBreaches[0]).toMatchObject({
      name: 'Laptop verloren',
      status: 0,
      notifiedWithin72h: true,
      riskLevel: 'risk',
    });
    expect(body.dataBreaches[0].number).toMatch(/^DP-\d{4}$/);
    expect(body.dataBreaches[1]).toMatchObject({ name: 'Fehlversand', notifiedAt: null, notifiedWithin72h: null });
    expect(body.privacyRequests).toHaveLength(2);
    expect(body.privacyRequests.find((r: { id: string }) => r.id === ids.answered)).toMatchObject({
      requestType: 'access',
      receivedDate: today,
      answeredInTime: true,
    });
    expect(body.privacyRequests.find((r: { id: string }) => r.id === ids.open)).toMatchObject({ answeredInTime: null });
  });

  it('gives the same numbers for all companies and for the company named, and never counts another tenant', async () => {
    expectBakeryNumbers((await report(admin, `from=${today}&until=${today}`)).json());
    const named = (await report(admin, `from=${today}&until=${today}&companyId=${bakery}`)).json();
    expectBakeryNumbers(named);
    expect(named.dataBreaches).toHaveLength(2);

    const foreign = (await report(other, `from=${today}&until=${today}`)).json();
    expect(rowOf(foreign, 'issue')).toEqual({ type: 'issue', created: 1, closed: 0, openAtEnd: 1, overdue: 1 });
    expect(rowOf(foreign, 'measure')?.created).toBe(0);
    expect(foreign.dataBreaches.map((b: { name: string }) => b.name)).toEqual(['Fremde Panne']);
    expect(foreign.privacyRequests).toEqual([]);
  });

  it('a company outside the scope or of another tenant is not found', async () => {
    expect((await report(admin, `from=${today}&until=${today}&companyId=${bakery}`, gruppe)).statusCode).toBe(404);
    expect((await report(other, `from=${today}&until=${today}&companyId=${bakery}`)).statusCode).toBe(404);
  });

  it('a period before the items existed is empty', async () => {
    const body = (await report(admin, 'from=2020-01-01&until=2020-12-31', bakery)).json();
    expect(body.types.every((r: Row) => r.created + r.closed + r.openAtEnd + r.overdue === 0)).toBe(true);
    expect(body.dataBreaches).toEqual([]);
    expect(body.privacyRequests).toEqual([]);
  });

  it('refuses a reversed period and impossible dates with 422', async () => {
    const reversed = await report(admin, `from=${today}&until=${addDays(today, -1)}`, bakery);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().fields.until).toEqual(['validation.periodOrder']);
    expect((await report(admin, 'from=2026-02-30&until=2026-03-01', bakery)).statusCode).toBe(422);
    expect((await report(admin, 'from=heute&until=2026-03-01', bakery)).statusCode).toBe(422);
    expect((await report(admin, 'until=2026-03-01', bakery)).statusCode).toBe(422);
  });

  // Runs last: it moves the measure's creation into the past.
  it('judges open and closed by the status recorded then, not the current one', async () => {
    const measureId = (await t.app.inject({ url: '/api/measure', headers: as(admin, bakery) })).json().items[0].id;
    const past = new Date(t.clock.now().getTime() - 10 * 86_400_000);
    await t.db.update(item).set({ createdAt: past }).where(eq(item.id, measureId));
    await t.db
      .update(itemHistory)
      .set({ at: past })
      .where(and(eq(itemHistory.itemId, measureId), eq(itemHistory.action, 'created')));
    const then = (await report(admin, `from=${addDays(today, -20)}&until=${addDays(today, -5)}`, bakery)).json();
    expect(rowOf(then, 'measure')).toEqual({ type: 'measure', created: 1, closed: 0, openAtEnd: 1, overdue: 0 });
    const now = (await report(admin, `from=${addDays(today, -20)}&until=${today}`, bakery)).json();
    expect(rowOf(now, 'measure')).toEqual({ type: 'measure', created: 1, closed: 1, openAtEnd: 0, overdue: 0 });
  });
});
