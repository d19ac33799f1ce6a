import { itemTypes } from '@pc/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

type Json = Record<string, unknown>;

/**
 * Two people edit one record: the save based on the version both loaded wins, the other one,
 * sent with that (now old) version as If-Match, changes nothing and answers 409 with the record
 * as it is now. Without If-Match an update still applies (API clients).
 */
describe('record versions (If-Match)', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());
  const h = (extra: Record<string, string> = {}) => t.auth(admin, { 'x-tenant': bakery, ...extra });

  const put = (url: string, payload: Json, ifMatch?: string) =>
    t.app.inject({ method: 'PUT', url, headers: h(ifMatch === undefined ? {} : { 'if-match': ifMatch }), payload });

  /**
   * The common walk. `load` reads the record (with its version), `field` is the one changed.
   * Returns the final record for checks of its own.
   */
  async function walk(opts: {
    url: string;
    load: () => Promise<Json>;
    input: (record: Json) => Json;
    field: string;
    values: [unknown, unknown, unknown];
  }) {
    const { url, load, input, field, values } = opts;
    const before = await load();
    const base = before.version as number;
    expect(base).toBeGreaterThanOrEqual(1);
    const [mine, theirs, later] = values;

    // Theirs first, based on the loaded version: applies, answers the next version as ETag.
    const first = await put(url, { ...input(before), [field]: theirs }, `"${base}"`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"${base + 1}"`);

    // Mine, based on the same (now old) version: refused, with the current state, nothing changed.
    const stale = await put(url, { ...input(before), [field]: mine }, `"${base}"`);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { [field]: theirs, version: base + 1 } });
    expect(stale.json().message).toMatch(/geöffnet/);
    expect(stale.headers.etag).toBe(`"${base + 1}"`);
    expect((await load())[field]).toEqual(theirs);

    // A weak or foreign tag never matches; `*` does.
    expect((await put(url, { ...input(before), [field]: mine }, `W/"${base + 1}"`)).statusCode).toBe(409);
    expect((await put(url, { ...input(before), [field]: mine }, 'nonsense')).statusCode).toBe(409);

    // Mine again, based on the current version: applies.
    const fresh = await put(url, { ...input(before), [field]: mine }, stale.headers.etag as string);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers.etag).toBe(`"${base + 2}"`);
    expect((await load())[field]).toEqual(mine);

    // No If-Match: applies to whatever is current (API clients that never read first).
    const blind = await put(url, { ...input(before), [field]: later });
    expect(blind.statusCode, blind.body).toBe(200);
    const after = await load();
    expect(after[field]).toEqual(later);
    expect(after.version).toBe(base + 3);
    return after;
  }

  const getJson = async (url: string) => {
    const res = await t.app.inject({ url, headers: h() });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const etagMatches = (res: LightMyRequestResponse) => expect(res.headers.etag).toBe(`"${res.json().version}"`);

  it('a processing activity: GET answers the ETag, a stale If-Match is refused with the current item', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: h(),
      payload: { name: 'Lohnabrechnung', description: 'A' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const url = `/api/process/${id}`;
    etagMatches(await getJson(url));
    const after = await walk({
      url,
      load: async () => (await getJson(url)).json(),
      input: (i) => ({ name: i.name, description: i.description, status: i.status }),
      field: 'description',
      values: ['mine', 'theirs', 'later'],
    });
    // The history keeps only the saves that applied.
    const history = (await getJson(`${url}/history`)).json() as { action: string }[];
    expect(history.filter((e) => e.action === 'updated')).toHaveLength(3);
    expect(after.name).toBe('Lohnabrechnung');
  });

  it('every register: GET answers the version as ETag, a stale If-Match is refused with the current item', async () => {
    for (const type of itemTypes) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/${type.key}`,
        headers: h(),
        payload: { name: `Versioned ${type.key}` },
      });
      expect(created.statusCode, `${type.key}: ${created.body}`).toBe(201);
      const id = created.json().id as string;
      const url = `/api/${type.key}/${id}`;
      const got = await getJson(url);
      etagMatches(got);
      const item = got.json();
      // The data as created (defaults the server filled in are not all valid input of their own).
      const input = { name: item.name, description: item.description, status: item.status };
      const theirs = await put(url, { ...input, name: `${item.name} (theirs)` }, got.headers.etag as string);
      expect(theirs.statusCode, `${type.key}: ${theirs.body}`).toBe(200);
      expect(theirs.headers.etag, type.key).toBe(`"${item.version + 1}"`);
      const stale = await put(url, { ...input, name: `${item.name} (mine)` }, got.headers.etag as string);
      expect(stale.statusCode, `${type.key}: ${stale.body}`).toBe(409);
      expect(stale.json().current, type.key).toMatchObject({ id, name: `${item.name} (theirs)` });
      expect((await getJson(url)).json().name, type.key).toBe(`${item.name} (theirs)`);
    }
    // The generic detail route of service agreements answers the ETag too.
    const avv = (
      await t.app.inject({
        method: 'POST',
        url: '/api/service-agreement-with-provider',
        headers: h(),
        payload: { name: 'Versioned AVV' },
      })
    ).json();
    etagMatches(await getJson(`/api/service-agreement/${avv.id}`));
  });

  it('two saves sent at once on the same version: one applies, the other is refused', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/process', headers: h(), payload: { name: 'Gleichzeitig' } });
    const { id, version } = created.json();
    const url = `/api/process/${id}`;
    const [a, b] = await Promise.all(
      ['A', 'B'].map((who) => put(url, { name: 'Gleichzeitig', description: who }, `"${version}"`)),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? 'A' : 'B';
    expect((await getJson(url)).json()).toMatchObject({ description: winner, version: version + 1 });
  });

  it('a company', async () => {
    const url = `/api/company/${bakery}`;
    etagMatches(await getJson(url));
    await walk({
      url,
      load: async () => (await getJson(url)).json(),
      input: (c) => c,
      field: 'city',
      values: ['Köln', 'Bonn', 'Berlin'],
    });
  });

  it('a user', async () => {
    const users = (await getJson('/api/user')).json() as { id: string; email: string }[];
    const user = users.find((u) => u.email !== 'admin@demo.local')!;
    const url = `/api/user/${user.id}`;
    etagMatches(await getJson(url));
    await walk({
      url,
      load: async () => (await getJson(url)).json(),
      input: (u) => u,
      field: 'firstname',
      values: ['Mine', 'Theirs', 'Later'],
    });
  });

  it('a role', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/role',
      headers: h(),
      payload: { name: 'Prüfer', claims: [], companyId: bakery },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/role/${id}`,
      load: async () => ((await getJson('/api/role')).json() as Json[]).find((r) => r.id === id)!,
      input: (r) => ({ name: r.name, claims: r.claims }),
      field: 'name',
      values: ['Prüfer (mine)', 'Prüfer (theirs)', 'Prüfer (later)'],
    });
  });

  it('a project', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: h(),
      payload: { companyId: bakery, name: 'Audit', validFrom: '2026-01-01' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/project/${id}`,
      load: async () => ((await getJson('/api/project')).json() as Json[]).find((p) => p.id === id)!,
      input: (p) => p,
      field: 'name',
      values: ['Audit (mine)', 'Audit (theirs)', 'Audit (later)'],
    });
  });

  it('a time record', async () => {
    const project = (
      await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: h(),
        payload: { companyId: bakery, name: 'Beratung', validFrom: '2026-01-01' },
      })
    ).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/time-record',
      headers: h(),
      payload: { day: '2026-03-02', hours: 1, projectId: project.id, description: 'Workshop' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/time-record/${id}`,
      load: async () =>
        ((await getJson('/api/time-record/page?from=2026-03-01&until=2026-03-31')).json().items as Json[]).find(
          (r) => r.id === id,
        )!,
      input: (r) => ({ day: r.day, hours: r.hours, projectId: r.projectId, description: r.description }),
      field: 'description',
      values: ['Workshop (mine)', 'Workshop (theirs)', 'Workshop (later)'],
    });
  });

  it('an appointment', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: h(),
      payload: { title: 'Audit', start: '2026-05-04T08:00:00.000Z', end: '2026-05-04T09:00:00.000Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/appointment/${id}`,
      load: async () =>
        ((await getJson('/api/appointment?from=2026-05-01T00:00:00.000Z&until=2026-05-31T00:00:00.000Z')).json() as Json[]).find(
          (a) => a.id === id,
        )!,
      input: (a) => ({ title: a.title, start: a.start, end: a.end, attendees: a.attendees }),
      field: 'title',
      values: ['Audit (mine)', 'Audit (theirs)', 'Audit (later)'],
    });
  });

  it('a text module', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/text-module', headers: h(), payload: { name: 'Gruß' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/text-module/${id}`,
      load: async () => ((await getJson('/api/text-module')).json() as Json[]).find((m) => m.id === id)!,
      input: (m) => ({ name: m.name }),
      field: 'name',
      values: ['Gruß (mine)', 'Gruß (theirs)', 'Gruß (later)'],
    });
  });

  it('a tag', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: h(),
      payload: { name: 'Bewerber' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await walk({
      url: `/api/tag/person-groups/${id}`,
      load: async () => ((await getJson('/api/tag/person-groups')).json() as Json[]).find((x) => x.id === id)!,
      input: (x) => ({ name: x.name, description: x.description }),
      field: 'description',
      values: ['mine', 'theirs', 'later'],
    });
  });

  it('a sign-in does not make a user form stale; a record of no one visible stays 404', async () => {
    const users = (await getJson('/api/user')).json() as { id: string; email: string; version: number }[];
    const me = users.find((u) => u.email === 'admin@demo.local')!;
    await t.tokenFor('admin@demo.local');
    expect((await getJson(`/api/user/${me.id}`)).json().version).toBe(me.version);
    const missing = await put('/api/process/00000000-0000-4000-8000-000000000000', { name: 'x' }, '"1"');
    expect(missing.statusCode).toBe(404);
  });

  it('the OpenAPI document names If-Match, the ETag header and the 409 body of every versioned update', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const puts = [
      '/api/process/{id}',
      '/api/company/{id}',
      '/api/user/{id}',
      '/api/role/{id}',
      '/api/project/{id}',
      '/api/time-record/{id}',
      '/api/appointment/{id}',
      '/api/text-module/{id}',
      '/api/tag/{type}/{id}',
    ];
    for (const path of puts) {
      const op = doc.paths[path].put;
      expect(
        op.parameters.find((p: { in: string; name: string }) => p.in === 'header'),
        path,
      ).toMatchObject({
        name: 'if-match',
        required: false,
      });
      expect(op.responses['200'].headers?.ETag, path).toBeDefined();
      expect(op.responses['409'].headers?.ETag, path).toBeDefined();
      const body = op.responses['409'].content['application/json'].schema;
      expect(body.required, path).toEqual(expect.arrayContaining(['code', 'message']));
      expect(body.properties.current, path).toBeDefined();
    }
    for (const path of ['/api/process/{id}', '/api/service-agreement/{id}', '/api/company/{id}', '/api/user/{id}'])
      expect(doc.paths[path].get.responses['200'].headers?.ETag, path).toBeDefined();
  });
});
