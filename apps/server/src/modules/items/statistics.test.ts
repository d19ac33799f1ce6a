import { itemTypes } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
