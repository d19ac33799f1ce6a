import { type ItemTypeKey, itemTypeDefs, itemTypes } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';

/**
 * Every register, not just one: another tenant's administrator can neither read, list, change,
 * delete nor look at the history of an item, and cannot borrow its company as scope.
 */
describe('tenant isolation of every item type', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let bakery: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  describe.each(itemTypes.map((x) => x.key))('%s', (type: ItemTypeKey) => {
    it('stays invisible and unchangeable for another tenant', async () => {
      const data = sampleData(itemTypeDefs[type].fields);
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: t.auth(admin, { 'x-tenant': bakery }),
        payload: { name: `Vertraulich ${type}`, data },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json();
      const foreign = t.auth(other);

      expect((await t.app.inject({ url: `/api/${type}/${id}`, headers: foreign })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/${type}/${id}/history`, headers: foreign })).statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/${type}/${id}`,
        headers: foreign,
        payload: { name: 'übernommen', data },
      });
      expect(put.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/${type}/${id}`, headers: foreign })).statusCode).toBe(404);
      const list = (await t.app.inject({ url: `/api/${type}?pageSize=500`, headers: foreign })).json();
      expect(list.items.some((i: { id: string }) => i.id === id)).toBe(false);
      // The agency's company as scope is refused outright.
      const scoped = await t.app.inject({ url: `/api/${type}`, headers: t.auth(other, { 'x-tenant': bakery }) });
      expect(scoped.statusCode).toBe(403);

      const mine = (await t.app.inject({ url: `/api/${type}/${id}`, headers: t.auth(admin) })).json();
      expect(mine.name).toBe(`Vertraulich ${type}`);
    });
  });
});
