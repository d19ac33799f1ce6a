import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, userCompany } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, form } from '../../test/helpers';

describe('deactivated companies and logins', () => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    ids = Object.fromEntries(list.map((c: { name: string; id: string }) => [c.name, c.id]));
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/token', ...form({ grant_type: 'refresh_token', refresh_token: token }) });
  const setActive = async (id: string, isActive: boolean) => {
    const detail = (await t.app.inject({ url: `/api/company/${id}`, headers: t.auth(admin) })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/company/${id}`,
      headers: t.auth(admin),
      payload: { ...detail, isActive },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  };

  it('refuses login and refresh to a user whose only company is deactivated, with the usual login_failed', async () => {
    const before = (await t.login('reader@demo.local')).json();
    await setActive(ids['Bäckerei Schmidt']!, false);
    try {
      const login = await t.login('reader@demo.local');
      expect(login.statusCode).toBe(400);
      expect(login.json()).toEqual({ error: 'invalid_grant', error_description: 'login_failed' });
      const refreshed = await refresh(before.refresh_token);
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json()).toEqual({ error: 'invalid_grant', error_description: 'login_failed' });
      // A wrong password answers the same, so the state of the company is not revealed.
      expect((await t.login('reader@demo.local', 'falsch')).json()).toEqual(login.json());
    } finally {
      await setActive(ids['Bäckerei Schmidt']!, true);
    }
    expect((await t.login('reader@demo.local')).statusCode).toBe(200);
  });

  it('lets in a user whose home company is inactive while they may still see an active one', async () => {
    const userId = await addUserWithClaims(t, {
      email: 'wechsel@demo.local',
      companyId: ids['Alte Druckerei KG']!,
      claims: ['Issue.Read'],
    });
    expect((await t.login('wechsel@demo.local')).json().error_description).toBe('login_failed');
    await t.db.insert(userCompany).values({ userId, companyId: ids['Beispiel Handel GmbH']! });
    const login = await t.login('wechsel@demo.local');
    expect(login.statusCode, login.body).toBe(200);
    expect((await refresh(login.json().refresh_token)).statusCode).toBe(200);
  });

  it('keeps an agency user working while the agency is inactive but its clients are not', async () => {
    const agency = ids['Muster Datenschutz GmbH']!;
    const session = (await t.login('admin@demo.local')).json();
    await t.db.update(company).set({ isActive: false }).where(eq(company.id, agency));
    try {
      expect((await t.login('admin@demo.local')).statusCode).toBe(200);
      expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    } finally {
      await t.db.update(company).set({ isActive: true }).where(eq(company.id, agency));
    }
  });

  it('ends access at the next request, not when the access token expires', async () => {
    const me = (token: string) => t.app.inject({ url: '/api/user/me', headers: t.auth(token) });
    // A logged-out session.
    const out = await t.tokenFor('reader@demo.local');
    expect((await me(out)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(out) });
    expect((await me(out)).statusCode).toBe(401);
    // A deactivated company: its only user is out at once, and back when it is active again.
    const reader = await t.tokenFor('reader@demo.local');
    await setActive(ids['Bäckerei Schmidt']!, false);
    try {
      expect((await me(reader)).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/issue', headers: t.auth(reader) })).statusCode).toBe(401);
    } finally {
      await setActive(ids['Bäckerei Schmidt']!, true);
    }
    expect((await me(reader)).statusCode).toBe(200);
    // A deactivated user.
    const users = (await t.app.inject({ url: '/api/user', headers: t.auth(admin) })).json();
    const readerUser = users.find((u: { email: string }) => u.email === 'reader@demo.local');
    const put = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${readerUser.id}`,
        headers: t.auth(admin),
        payload: { ...readerUser, isActive },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await me(reader)).statusCode).toBe(401);
    expect((await put(true)).statusCode).toBe(200);
  });
});
