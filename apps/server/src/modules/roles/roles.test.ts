import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

type RoleRow = { id: string; key: string | null; name: string; builtIn: boolean; rights: { write: boolean; delete: boolean } };

describe('role rights', () => {
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

  const roles = async (token: string) => (await t.app.inject({ url: '/api/role', headers: t.auth(token) })).json() as RoleRow[];

  it('a built-in role can be neither changed nor deleted; a custom one can, with Role.Write', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/role',
      headers: t.auth(admin),
      payload: { name: 'Eigene Rolle', claims: ['Issue.Read'], companyId: bakery },
    });
    expect(created.statusCode, created.body).toBe(201);
    const all = await roles(admin);
    for (const r of all.filter((x) => x.builtIn)) expect(r.rights).toEqual({ write: false, delete: false });
    expect(all.find((x) => x.id === created.json().id)!.rights).toEqual({ write: true, delete: true });
    const builtIn = all.find((x) => x.key === 'reader')!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/role/${builtIn.id}`, headers: t.auth(admin) })).statusCode).toBe(
      409,
    );
  });

  it('a user who may only read users sees every role without rights', async () => {
    await addUserWithClaims(t, { email: 'leser-admin@demo.local', companyId: bakery, claims: ['User.Read'] });
    const token = await t.tokenFor('leser-admin@demo.local');
    const all = await roles(token);
    expect(all.some((x) => !x.builtIn)).toBe(true);
    for (const r of all) expect(r.rights).toEqual({ write: false, delete: false });
    // The reader of the demo may not list roles at all.
    expect((await t.app.inject({ url: '/api/role', headers: t.auth(await t.tokenFor('reader@demo.local')) })).statusCode).toBe(
      403,
    );
  });
});
