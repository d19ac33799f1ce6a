import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, multipart } from '../../test/helpers';

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
    // A match in the name ranks above a match in the description only.
    expect(names.indexOf('Vertrag prüfen')).toBeLessThan(names.indexOf('Vertragsverwaltung'));
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
    // More words than file names are searched by (eight) answer like any query, and so does a
    // query of 200 characters, however long its percent-encoding.
    const words = Array.from({ length: 12 }, (_, i) => `W${i}x`).join(' ');
    expect((await search(words)).json()).toEqual([]);
    const long = await search('Überprüfung '.repeat(16).slice(0, 200));
    expect(long.statusCode, long.body).toBe(200);
    const tooLong = await search('ü'.repeat(201));
    expect(tooLong.statusCode).toBe(422);
    expect((await search('\\')).statusCode).toBe(200);
  });
});

describe('search ranking and reach (docs/decisions/0014)', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  const ids: Record<string, string> = {};
  const h = (token: string) => t.auth(token, { 'x-tenant': bakery });
  const create = async (key: string, type: string, body: Record<string, unknown>, token = admin, daysAgo = 0) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${type}`, headers: h(token), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
    // Ages fixed by hand, so that "newer first" does not depend on the clock's resolution.
    await t.db.execute(sql`update item set updated_at = now() - make_interval(days => ${daysAgo}) where id = ${ids[key]}::uuid`);
    return res.json();
  };
  const search = async (q: string, token = admin, scoped = true) => {
    const headers = scoped ? h(token) : t.auth(token);
    const res = await t.app.inject({ url: `/api/searchable-item/search/${encodeURIComponent(q)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; name: string; type: string; parentId: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const issue = (name: string, description = '') => ({ name, description, data: { priority: 'Low' } });
    const process = (name: string, description = '', data: Record<string, unknown> = {}) => ({
      name,
      description,
      data: { role: 'controller', ...data },
    });
    // The exact name is the oldest, and a description-only match the newest: neither age decides.
    await create('exact', 'issue', issue('Zollamt'), admin, 5);
    await create('descOld', 'process', process('Meldung an Behörden', 'Abstimmung mit dem Zollamt'), admin, 4);
    await create('nameOld', 'issue', issue('Zollamt Anfrage Januar'), admin, 3);
    await create('nameNew', 'issue', issue('Anfrage beim Zollamt, Februar'), admin, 2);
    await create('descNew', 'issue', issue('Einfuhr', 'Rückfrage vom Zollamt'), admin, 1);
    await create('training', 'training', { name: 'Datenschutzschulung für Auszubildende' });
    const labelled = await create('labelled', 'issue', issue('Kassenprüfung'), admin, 9);
    ids.label = labelled.number;
    await create('mentions', 'issue', issue('Nachtrag', `Ergänzt ${labelled.number} um die Belege`));
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: h(admin),
      payload: { name: 'Leiharbeitnehmer' },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    await create('tagged', 'process', process('Einsatzplanung', '', { personGroups: [tag.json().id] }));
    const m = multipart('Auftragsverarbeitung_Druckerei.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/issue/${ids.exact}/attachment`,
      payload: m.payload,
      headers: { ...t.auth(admin), ...m.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    ids.attachment = up.json().id;
  });
  afterAll(() => t.close());

  it('ranks the exact name first, then name matches, then description matches, newer first among equals', async () => {
    const got = (await search('Zollamt')).map((r) => r.id);
    expect(got).toEqual([ids.exact, ids.nameNew, ids.nameOld, ids.descNew, ids.descOld]);
    // The same order for another case and an inflected form of the exact name.
    expect((await search('zollamt')).map((r) => r.id)[0]).toBe(ids.exact);
  });

  it('finds German inflections and tolerates typos', async () => {
    await create('vertrag', 'issue', { name: 'Vertrag mit der Spedition', data: { priority: 'Low' } });
    expect((await search('Verträge')).map((r) => r.id)).toContain(ids.vertrag);
    expect((await search('Datenschtz')).map((r) => r.id)).toContain(ids.training);
  });

  it('finds an item by its number label first, before items that mention it', async () => {
    const got = (await search(ids.label!)).map((r) => r.id);
    expect(got[0]).toBe(ids.labelled);
    expect(got).toContain(ids.mentions);
    // Lower case and a prefix of the label find it as well.
    expect((await search(ids.label!.toLowerCase())).map((r) => r.id)[0]).toBe(ids.labelled);
  });

  it('finds an item by the name of a tag it carries, and an attachment by its file name', async () => {
    expect((await search('Leiharbeitnehmer')).map((r) => r.id)).toContain(ids.tagged);
    const docs = (await search('Druckerei')).filter((r) => r.type === 'document');
    expect(docs).toMatchObject([{ id: ids.attachment, name: 'Auftragsverarbeitung_Druckerei.pdf', parentId: ids.exact }]);
  });

  it('finds a file by the words of the query, in any order and whatever separates them in its name', async () => {
    const docs = async (q: string) => (await search(q)).filter((r) => r.type === 'document').map((r) => r.id);
    expect(await docs('Auftragsverarbeitung Druckerei')).toEqual([ids.attachment]);
    expect(await docs('druckerei  auftrag')).toEqual([ids.attachment]);
    expect(await docs('Druckerei.pdf')).toEqual([ids.attachment]);
    // Every word must occur: one that does not leaves the file out.
    expect(await docs('Druckerei Zollamt')).toEqual([]);
  });

  it('finds its own matches when another tenant holds hundreds of items with the same word', async () => {
    // Candidates are bounded per index: taken across every tenant, the other tenant's rows would
    // fill the bound and the caller's own matches would be cut off before the policy filter.
    await t.db.execute(sql`
      insert into item (company_id, type, number, number_label, name, description, status, data)
      select u.company_id, 'issue', 10000 + n, 'AU-' || (10000 + n), 'Zollamt Sammelmeldung ' || n, 'Zollamt', 0, '{"priority":"Low"}'::jsonb
      from app_user u, generate_series(1, 300) n where u.email = 'other@demo.local'`);
    // Stored after them, so an index or a scan meets the other tenant's rows first.
    await create('late', 'issue', { name: 'Zollamt Nachmeldung', data: { priority: 'Low' } });
    const got = (await search('Zollamt', admin, false)).map((r) => r.id);
    expect(got[0]).toBe(ids.exact);
    expect(got).toContain(ids.late);
    expect(got).toContain(ids.descOld);
    await t.db.execute(sql`delete from item where number >= 10000 and name like 'Zollamt Sammelmeldung %'`);
  });

  it('lists description matches after the name matches until twenty are shown, and none beyond', async () => {
    // When the name candidates alone fill the answer, the description index is not read (migration
    // 0026): the description match must still appear while there is room for it.
    const names = (from: number, to: number) => sql`
      insert into item (company_id, type, number, number_label, name, description, status, data, updated_at)
      select ${bakery}::uuid, 'issue', 20000 + n, 'AU-' || (20000 + n), 'Hafenlogistik ' || n, '', 0, '{"priority":"Low"}'::jsonb,
             now() - make_interval(days => 10 + n)
      from generate_series(${from}::int, ${to}::int) n`;
    await t.db.execute(names(1, 19));
    await create('harbourDesc', 'issue', { name: 'Umschlag', description: 'Hafenlogistik am Kai', data: { priority: 'Low' } });
    let got = await search('Hafenlogistik');
    expect(got).toHaveLength(20);
    expect(got.at(-1)?.id).toBe(ids.harbourDesc);
    expect(got.slice(0, 19).every((r) => r.name.startsWith('Hafenlogistik'))).toBe(true);
    await t.db.execute(names(20, 20));
    got = await search('Hafenlogistik');
    expect(got).toHaveLength(20);
    expect(got.map((r) => r.id)).not.toContain(ids.harbourDesc);
    await t.db.execute(sql`delete from item where number >= 20000 and name like 'Hafenlogistik %'`);
  });

  it('ranks the same over a scope of more than 32 companies (joined by hash) and leaves the planner as it was', async () => {
    const [{ id: group } = { id: '' }] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text from company where name = 'Beispiel Gruppe'`,
    );
    await t.db.execute(sql`
      insert into company (name, parent_id, city) select 'Hafen ' || c, ${group}::uuid, 'Kiel' from generate_series(1, 40) c`);
    await t.db.execute(sql`
      insert into item (company_id, type, number, number_label, name, description, status, data, updated_at)
      select c.id, 'issue', 30000 + n, 'AU-' || (30000 + n), 'Hafenmeisterei ' || n, '', 0, '{"priority":"Low"}'::jsonb,
             now() - make_interval(days => n)
      from generate_series(1, 40) n join company c on c.name = 'Hafen ' || n`);
    await t.db.execute(sql`
      insert into item (company_id, type, number, number_label, name, description, status, data, updated_at)
      select c.id, 'issue', 30100, 'AU-30100', 'Hafenmeisterei', '', 0, '{"priority":"Low"}'::jsonb, now() - interval '90 days'
      from company c where c.name = 'Hafen 40'`);
    const res = await t.app.inject({
      url: `/api/searchable-item/search/${encodeURIComponent('Hafenmeisterei')}`,
      headers: t.auth(admin, { 'x-tenant': group }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { name: string }[]).map((r) => r.name);
    // The exact name first although it is the oldest, then the newest name matches.
    expect(names).toEqual(['Hafenmeisterei', ...Array.from({ length: 19 }, (_, i) => `Hafenmeisterei ${i + 1}`)]);

    // The join setting holds for the candidate statements alone, not for the rest of the transaction.
    const setting = await t.db.transaction(async (tx) => {
      const companies = await queryRows<{ id: string }>(tx, sql`select id::text from company where parent_id = ${group}::uuid`);
      expect(companies.length).toBeGreaterThan(32);
      const list = companies.map((c) => c.id).join(',');
      await tx.execute(sql`select set_config('app.company_ids', ${list}, true)`);
      const [found] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int n from pc_search_candidates('Hafenmeisterei', ${`{${list}}`}::uuid[], '{issue}', '{}', 100, 20) where kind = 'item'`,
      );
      expect(found!.n).toBe(41);
      return (await queryRows<{ v: string }>(tx, sql`select current_setting('enable_nestloop') v`))[0]!.v;
    });
    expect(setting).toBe('on');
    await t.db.execute(sql`delete from company where name like 'Hafen %'`);
  });

  it('never answers items of another tenant or of types the caller may not read', async () => {
    const other = await t.tokenFor('other@demo.local');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(other),
      payload: { name: 'Zollamt', data: { priority: 'Low' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await search('Zollamt')).map((r) => r.id)).not.toContain(res.json().id);
    expect((await search('Zollamt', admin, false)).map((r) => r.id)).not.toContain(res.json().id);
    expect(await search('Druckerei', other, false)).toEqual([]);
    expect((await search('Zollamt', other, false)).map((r) => r.id)).toEqual([res.json().id]);
    await addUserWithClaims(t, { email: 'processes@demo.local', companyId: bakery, claims: ['Process.Read'] });
    const processes = await t.tokenFor('processes@demo.local');
    expect((await search('Zollamt', processes)).map((r) => r.id)).toEqual([ids.descOld]);
    // The attachment hangs on an issue, which this caller may not read.
    expect(await search('Druckerei', processes)).toEqual([]);
  });
});
