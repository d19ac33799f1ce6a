import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('search, timeline, help, change log, dashboard settings, appointments', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  let handel: string;
  const h = (token: string, scope?: string) => t.auth(token, scope ? { 'x-tenant': scope } : {});
  const create = (type: string, scope: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/${type}`, headers: h(admin, scope), payload: body }).then((r) => r.json());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    handel = list.find((c: { name: string }) => c.name === 'Beispiel Handel GmbH').id;
    await create('service-agreement-with-provider', bakery, {
      name: 'Verträge mit dem Lohnbüro',
      data: { counterparty: 'Lohnbüro' },
    });
    await create('process', bakery, {
      name: 'Vertragsverwaltung',
      description: 'Jeder Vertrag und alle Verträge der Kunden',
      data: { role: 'controller' },
    });
    await create('issue', handel, { name: 'Vertrag prüfen', data: { priority: 'Low' } });
    await create('concept', bakery, { name: 'Berechtigungskonzept', data: { conceptType: 'authorisation' } });
  });
  afterAll(() => t.close());

  const search = (q: string, token = admin, scope?: string) =>
    t.app.inject({ url: `/api/searchable-item/search/${encodeURIComponent(q)}`, headers: h(token, scope) });

  it('finds German inflections, ranked, with company, number, type and status', async () => {
    const res = await search('Verträge');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Verträge mit dem Lohnbüro', 'Vertragsverwaltung', 'Vertrag prüfen']));
    const first = res.json()[0];
    expect(first).toMatchObject({ companyName: expect.any(String), number: expect.stringMatching(/^[A-Z]+-\d{4}$/), status: 0 });
    // Two mentions (description) rank above one (name).
    const vw = names.indexOf('Vertragsverwaltung');
    expect(vw).toBeLessThan(names.indexOf('Vertrag prüfen'));
  });

  it('tolerates typos through the trigram fallback', async () => {
    const names = (await search('Berechtigungskonzpet')).json().map((r: { name: string }) => r.name);
    expect(names).toContain('Berechtigungskonzept');
  });

  it('stays inside the scope and the tenant', async () => {
    expect((await search('Vertrag', admin, handel)).json().map((r: { name: string }) => r.name)).toEqual(['Vertrag prüfen']);
    const other = await t.tokenFor('other@demo.local');
    expect((await search('Vertrag', other)).json()).toEqual([]);
  });

  it('only searches types the caller may read', async () => {
    const reader = await t.tokenFor('reader@demo.local');
    expect((await search('Vertrag', reader)).json().map((r: { companyName: string }) => r.companyName)).toEqual([
      'Bäckerei Schmidt',
      'Bäckerei Schmidt',
    ]);
    expect((await search(' ', admin)).statusCode).toBe(422);
  });

  it('answers the timeline of what happened and what is due', async () => {
    const past = (await t.app.inject({ url: '/api/timeline/past', headers: h(admin, bakery) })).json();
    expect(past[0]).toMatchObject({
      hasHappened: true,
      action: 'created',
      userFullName: 'Anna Admin',
      companyName: 'Bäckerei Schmidt',
    });
    const long = 'L'.repeat(120);
    await create('issue', bakery, { name: long, dueDate: '2030-06-15', data: { priority: 'Low' } });
    const between = (
      await t.app.inject({ url: '/api/timeline/between/2030-06-01T00:00:00/2030-06-30T23:59:59', headers: h(admin, bakery) })
    ).json();
    expect(between).toHaveLength(1);
    expect(between[0]).toMatchObject({ hasHappened: false, action: 'due', entity: 'issue' });
    expect(between[0].name).toBe(`${'L'.repeat(80)}…`);
    expect((await t.app.inject({ url: '/api/timeline/between/gestern/heute', headers: h(admin) })).statusCode).toBe(422);
    const other = await t.tokenFor('other@demo.local');
    expect((await t.app.inject({ url: '/api/timeline/past', headers: h(other) })).json()).toEqual([]);
  });

  it('serves help by route and language, with an existence list, editable by the operator only', async () => {
    const de = (await t.app.inject({ url: '/api/help-content?route=/process&locale=de', headers: h(admin) })).json();
    expect(de.map((p: { index: number }) => p.index)).toEqual([0, 1]);
    expect(de[0].content).toContain('Art. 30');
    const routes = (await t.app.inject({ url: '/api/help-content/routes?locale=en', headers: h(admin) })).json();
    expect(routes).toEqual(expect.arrayContaining(['/home', '/process', '/data-breach']));
    expect((await t.app.inject({ url: '/api/help-content?route=/tag&locale=de', headers: h(admin) })).json()).toEqual([]);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/help-content',
      headers: h(admin),
      payload: { route: '/tag', locale: 'de', index: 0, content: '# Tags' },
    });
    expect(add.statusCode).toBe(201);
    const reader = await t.tokenFor('reader@demo.local');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/help-content/${add.json().id}`, headers: h(reader) })).statusCode,
    ).toBe(403);
    // Help is shared by every tenant: another tenant's administrator may not change it.
    const other = await t.tokenFor('other@demo.local');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/help-content/${add.json().id}`,
      headers: h(other),
      payload: { route: '/tag', locale: 'de', index: 0, content: '# Übernommen' },
    });
    expect(foreign.statusCode).toBe(403);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/terms-of-use',
      headers: h(other),
      payload: { releaseDate: new Date().toISOString(), contentDe: '# Neu', contentEn: '# New' },
    });
    expect(published.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/help-content?route=/tag&locale=de', headers: h(admin) })).json()[0].content).toBe(
      '# Tags',
    );
  });

  it('answers the change log and the latest version', async () => {
    const log = (await t.app.inject({ url: '/api/change-log', headers: h(admin) })).json();
    const latest = (await t.app.inject({ url: '/api/version/latest', headers: h(admin) })).json();
    expect(latest.version).toBe(log[0].version);
    expect(log[0].notes.de.length).toBeGreaterThan(0);
  });

  it('stores hidden dashboard tiles per user', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/dashboard-settings',
      headers: h(admin),
      payload: { hiddenTiles: ['changeLog', 'Timeline'] },
    });
    expect(put.json()).toEqual({ hiddenTiles: ['changeLog', 'Timeline'] });
    expect((await t.app.inject({ url: '/api/user/dashboard-settings', headers: h(admin) })).json().hiddenTiles).toEqual([
      'changeLog',
      'Timeline',
    ]);
    const reader = await t.tokenFor('reader@demo.local');
    expect((await t.app.inject({ url: '/api/user/dashboard-settings', headers: h(reader) })).json().hiddenTiles).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/dashboard-settings',
          headers: h(admin),
          payload: { hiddenTiles: ['nope'] },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('manages appointments in the scope and counts the upcoming ones', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const end = new Date(soon.getTime() + 3_600_000);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: h(admin, bakery),
      payload: { title: 'Datenschutz-Jour-fixe', start: soon.toISOString(), end: end.toISOString(), attendees: 'Frau Schmidt' },
    });
    expect(add.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/appointment/upcoming-count', headers: h(admin, bakery) })).json()).toEqual({
      count: 1,
    });
    const range = `from=${encodeURIComponent(new Date().toISOString())}&until=${encodeURIComponent(new Date(Date.now() + 30 * 86_400_000).toISOString())}`;
    expect((await t.app.inject({ url: `/api/appointment?${range}`, headers: h(admin, bakery) })).json()[0].title).toBe(
      'Datenschutz-Jour-fixe',
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: h(admin, bakery),
      payload: { title: 'x', start: end.toISOString(), end: soon.toISOString() },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.end).toEqual(['validation.endBeforeStart']);
    const other = await t.tokenFor('other@demo.local');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointment/${add.json().id}`, headers: h(other) })).statusCode,
    ).toBe(404);
    const reader = await t.tokenFor('reader@demo.local');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointment/${add.json().id}`, headers: h(reader) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointment/${add.json().id}`, headers: h(admin) })).statusCode,
    ).toBe(204);
  });

  it('takes % and _ in the query literally, in names and number labels alike', async () => {
    await create('issue', bakery, { name: 'Rabatt 100% prüfen', data: { priority: 'Low' } });
    expect((await search('%')).json().map((r: { name: string }) => r.name)).toEqual(['Rabatt 100% prüfen']);
    expect((await search('_')).json()).toEqual([]);
    expect((await search('-%')).json()).toEqual([]);
  });
});
