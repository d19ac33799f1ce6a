import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { measureCatalogue } from './catalogue';

describe('add missing measures', () => {
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

  const add = (token = admin, companyId = bakery) =>
    t.app.inject({
      method: 'POST',
      url: '/api/measure/add-missing',
      headers: t.auth(token),
      payload: { companyId, options: null },
    });
  const count = async () =>
    (await t.app.inject({ url: '/api/measure?pageSize=500', headers: t.auth(admin, { 'x-tenant': bakery }) }))
      .json()
      .items.filter((i: { data: { catalogueKey?: string } }) => i.data.catalogueKey).length;

  it('creates the catalogue measures a company lacks, and only those, even when called twice at once', async () => {
    const before = await count();
    const [a, b] = await Promise.all([add(), add()]);
    expect(a.json().created + b.json().created).toBe(measureCatalogue.length - before);
    expect(await count()).toBe(measureCatalogue.length);
    expect((await add()).json()).toEqual({ created: 0 });
  });

  it('refuses companies of another tenant and readers', async () => {
    expect((await add(await t.tokenFor('other@demo.local'))).statusCode).toBe(404);
    expect((await add(await t.tokenFor('reader@demo.local'))).statusCode).toBe(403);
  });
});
