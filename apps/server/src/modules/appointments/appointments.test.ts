import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('appointments', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let bakery: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  const window = `from=${encodeURIComponent('2026-11-01T00:00:00Z')}&until=${encodeURIComponent('2026-11-30T23:59:59Z')}`;

  it('creates, edits and deletes; every appointment carries the caller’s rights', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { title: 'Audit-Termin', start: '2026-11-20T09:00:00Z', end: '2026-11-20T10:00:00Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a.rights).toEqual({ write: true, delete: true });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/appointment/${a.id}`,
      headers: t.auth(admin),
      payload: { title: 'Audit', start: '2026-11-20T09:00:00Z', end: '2026-11-20T11:00:00Z' },
    });
    expect(put.json()).toMatchObject({ title: 'Audit', rights: { write: true, delete: true } });

    const asAdmin = (await t.app.inject({ url: `/api/appointment?${window}`, headers: t.auth(admin) })).json();
    expect(asAdmin.find((x: { id: string }) => x.id === a.id).rights).toEqual({ write: true, delete: true });
    // The reader (read claims only, the bakery) sees it, without the right to change it.
    const asReader = (await t.app.inject({ url: `/api/appointment?${window}`, headers: t.auth(reader) })).json();
    expect(asReader.find((x: { id: string }) => x.id === a.id).rights).toEqual({ write: false, delete: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointment/${a.id}`, headers: t.auth(reader) })).statusCode).toBe(
      403,
    );

    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointment/${a.id}`, headers: t.auth(admin) })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointment/${a.id}`, headers: t.auth(admin) })).statusCode).toBe(
      404,
    );
  });

  it('another tenant neither sees nor changes an appointment', async () => {
    const a = (
      await t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        headers: t.auth(admin, { 'x-tenant': bakery }),
        payload: { title: 'Intern', start: '2026-11-21T09:00:00Z', end: '2026-11-21T10:00:00Z' },
      })
    ).json();
    const other = await t.tokenFor('other@demo.local');
    const theirs = (await t.app.inject({ url: `/api/appointment?${window}`, headers: t.auth(other) })).json();
    expect(theirs.some((x: { id: string }) => x.id === a.id)).toBe(false);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/appointment/${a.id}`,
      headers: t.auth(other),
      payload: { title: 'x', start: '2026-11-21T09:00:00Z', end: '2026-11-21T10:00:00Z' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('pages the list in SQL: range with open bounds, text filter, sort both ways, stable pages, other tenants unseen', async () => {
    const h = t.auth(admin, { 'x-tenant': bakery });
    const titles = ['Liste C 50%', 'Liste A', 'Liste B', 'Liste D'];
    for (const [i, title] of titles.entries()) {
      const day = String(10 + i).padStart(2, '0');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        headers: h,
        payload: {
          title,
          start: `2027-03-${day}T09:00:00Z`,
          end: `2027-03-${day}T10:00:00Z`,
          attendees: i === 3 ? 'Steuerbüro' : '',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = async (q: string, headers = h) => {
      const res = await t.app.inject({ url: `/api/appointment/page?${q}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { title: string }[]; total: number };
    };
    const march = `from=${encodeURIComponent('2027-03-01T00:00:00Z')}&until=${encodeURIComponent('2027-03-31T23:59:59Z')}`;
    const byStart = await page(`${march}&q=Liste`);
    expect(byStart.total).toBe(4);
    expect(byStart.items.map((a) => a.title)).toEqual(titles);
    const byTitle = await page(`${march}&sort=title&dir=desc&pageSize=2&page=1`);
    expect(byTitle.total).toBe(4);
    expect(byTitle.items.map((a) => a.title)).toEqual(['Liste B', 'Liste A']);
    // The text filter searches title and attendees; % is a character, not a wildcard.
    expect((await page(`${march}&q=${encodeURIComponent('50%')}`)).items.map((a) => a.title)).toEqual(['Liste C 50%']);
    expect((await page(`${march}&q=steuer`)).items.map((a) => a.title)).toEqual(['Liste D']);
    // An open lower bound reaches back; an upper bound before March excludes them all.
    expect((await page(`until=${encodeURIComponent('2027-03-11T23:00:00Z')}&q=Liste`)).total).toBe(2);
    expect((await page(`until=${encodeURIComponent('2027-02-28T00:00:00Z')}&q=Liste`)).total).toBe(0);
    const other = await t.tokenFor('other@demo.local');
    expect((await page(`${march}&q=Liste`, t.auth(other))).total).toBe(0);
    for (const bad of ['sort=colour', 'pageSize=501', 'page=-1', 'from=gestern']) {
      expect((await t.app.inject({ url: `/api/appointment/page?${bad}`, headers: h })).statusCode, bad).toBe(422);
    }
  });
});
