import { itemTypes, privacyRequestDeadline } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

describe('item statistics follow the read claims', () => {
  let t: TestApp;
  let bakery: string;
  const stats = async (token: string) =>
    (await t.app.inject({ url: '/api/item/statistics', headers: t.auth(token, { 'x-tenant': bakery }) })).json() as {
      itemType: string;
      total: number;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    for (const [type, data] of [
      ['issue', { priority: 'Low' }],
      ['process', { role: 'controller' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: t.auth(admin, { 'x-tenant': bakery }),
        payload: { name: `Zählbar ${type}`, data },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => t.close());

  it('answers every type, in menu order, to a user who reads them all', async () => {
    const all = await stats(await t.tokenFor('admin@demo.local'));
    expect(all.map((s) => s.itemType)).toEqual(itemTypes.map((x) => x.key));
    expect(all.find((s) => s.itemType === 'process')!.total).toBe(1);
  });

  it('leaves out the types a user may not read', async () => {
    await addUserWithClaims(t, { email: 'issues-only@demo.local', companyId: bakery, claims: ['Issue.Read', 'Hr.Read'] });
    const some = await stats(await t.tokenFor('issues-only@demo.local'));
    expect(some.map((s) => s.itemType)).toEqual(['issue', 'hr']);
    expect(some.find((s) => s.itemType === 'issue')!.total).toBe(1);
  });

  it('answers an empty list to a user without any read claim', async () => {
    await addUserWithClaims(t, { email: 'no-reads@demo.local', companyId: bakery, claims: ['Appointment.Read'] });
    expect(await stats(await t.tokenFor('no-reads@demo.local'))).toEqual([]);
  });
});

describe('urgent counts: open and due within 24 hours', () => {
  let t: TestApp;
  let bakery: string;
  let token: string;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const urgentOf = async (type: string) => {
    const all = (await t.app.inject({ url: '/api/item/statistics', headers: t.auth(token, { 'x-tenant': bakery }) })).json() as {
      itemType: string;
      open: number;
      urgent: number;
    }[];
    const s = all.find((x) => x.itemType === type)!;
    return { open: s.open, urgent: s.urgent };
  };
  const create = async (type: string, data: Record<string, unknown>, status = 0) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: t.auth(token, { 'x-tenant': bakery }),
      payload: { name: `Dringend ${type}`, status, data },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  /** A received date whose answer is due on `due` (one month later, or three when extended). */
  const receivedFor = (due: string) => {
    for (const extended of [false, true])
      for (let back = 20; back < 100; back++) {
        const receivedDate = addDays(due, -back);
        if (privacyRequestDeadline(receivedDate, extended) === due) return { receivedDate, extended };
      }
    throw new Error(`no received date is due on ${due}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(token) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  it('counts a breach whose 72-hour deadline passes within 24 hours, to the hour, until it is notified', async () => {
    await create('data-breach', { discoveredAt: hoursAgo(60) }); // deadline in 12 h
    await create('data-breach', { discoveredAt: hoursAgo(48.5) }); // in 23.5 h
    await create('data-breach', { discoveredAt: hoursAgo(47.5) }); // in 24.5 h
    await create('data-breach', { discoveredAt: hoursAgo(100) }); // overdue
    await create('data-breach', { discoveredAt: hoursAgo(100), notifiedAt: hoursAgo(90) });
    await create('data-breach', { discoveredAt: hoursAgo(100) }, 4); // done
    expect(await urgentOf('data-breach')).toEqual({ open: 5, urgent: 3 });
  });

  it("counts a privacy request whose deadline's day ends within 24 hours, and overdue ones", async () => {
    const today = todayIn(t.config.timeZone);
    const base = { requestType: 'access', requester: 'Frau Muster' };
    await create('privacy-request', { ...base, ...receivedFor(today) });
    await create('privacy-request', { ...base, ...receivedFor(addDays(today, -3)) });
    // Due tomorrow: its day ends more than 24 hours from now.
    await create('privacy-request', { ...base, ...receivedFor(addDays(today, 1)) });
    await create('privacy-request', { ...base, ...receivedFor(addDays(today, -3)) }, 4);
    expect(await urgentOf('privacy-request')).toEqual({ open: 3, urgent: 2 });
  });
});
