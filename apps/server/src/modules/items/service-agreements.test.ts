import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

type Page = { items: { id: string; type: string; name: string }[]; total: number };

describe('/api/service-agreement: the three kinds in one list', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    for (const type of [
      'service-agreement-with-client',
      'service-agreement-with-provider',
      'service-agreement-with-shared-responsibility',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: t.auth(admin, { 'x-tenant': bakery }),
        payload: { name: `Vertrag Zebra ${type.slice(18)}`, data: { counterparty: 'Zebra GmbH' } },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[type] = res.json().id;
    }
  });
  afterAll(() => t.close());

  const page = async (q: string, token = admin) => {
    const res = await t.app.inject({ url: `/api/service-agreement?${q}`, headers: t.auth(token, { 'x-tenant': bakery }) });
    return { status: res.statusCode, body: res.json() as Page };
  };

  it('lists every kind, sorted and paged in SQL, narrowed by kind and text', async () => {
    const all = await page('q=Zebra&sort=name&dir=asc');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((i) => i.type)).toEqual([
      'service-agreement-with-client',
      'service-agreement-with-provider',
      'service-agreement-with-shared-responsibility',
    ]);
    const second = await page('q=Zebra&sort=name&dir=asc&pageSize=1&page=1');
    expect(second.body.items.map((i) => i.id)).toEqual([ids['service-agreement-with-provider']]);
    const one = await page('q=Zebra&kind=service-agreement-with-client');
    expect(one.body.items.map((i) => i.id)).toEqual([ids['service-agreement-with-client']]);
    expect((await page('kind=process')).status).toBe(422);
  });

  it('shows only the kinds the caller may read; without any it refuses', async () => {
    await addUserWithClaims(t, {
      email: 'nur-kunden@demo.local',
      companyId: bakery,
      claims: ['ServiceAgreementWithClient.Read'],
    });
    const some = await t.tokenFor('nur-kunden@demo.local');
    const mine = await page('q=Zebra', some);
    expect(mine.body.items.map((i) => i.type)).toEqual(['service-agreement-with-client']);
    expect((await page('q=Zebra&kind=service-agreement-with-provider', some)).status).toBe(403);
    const detail = (id: string, token: string) =>
      t.app.inject({ url: `/api/service-agreement/${id}`, headers: t.auth(token, { 'x-tenant': bakery }) });
    expect((await detail(ids['service-agreement-with-client']!, some)).json().type).toBe('service-agreement-with-client');
    // A kind the caller may not read looks like a missing one.
    expect((await detail(ids['service-agreement-with-provider']!, some)).statusCode).toBe(404);

    await addUserWithClaims(t, { email: 'keine-avv@demo.local', companyId: bakery, claims: ['Issue.Read'] });
    const none = await t.tokenFor('keine-avv@demo.local');
    expect((await page('', none)).status).toBe(403);
    expect((await detail(ids['service-agreement-with-client']!, none)).statusCode).toBe(403);
  });

  it('finds one agreement by id whatever its kind; other tenants and other types get 404', async () => {
    const res = await t.app.inject({
      url: `/api/service-agreement/${ids['service-agreement-with-shared-responsibility']}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'service-agreement-with-shared-responsibility',
      name: 'Vertrag Zebra with-shared-responsibility',
    });
    const other = await t.tokenFor('other@demo.local');
    expect(
      (await t.app.inject({ url: `/api/service-agreement/${ids['service-agreement-with-client']}`, headers: t.auth(other) }))
        .statusCode,
    ).toBe(404);
    const issue = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Keine Vereinbarung' },
    });
    expect((await t.app.inject({ url: `/api/service-agreement/${issue.json().id}`, headers: t.auth(admin) })).statusCode).toBe(
      404,
    );
  });
});
