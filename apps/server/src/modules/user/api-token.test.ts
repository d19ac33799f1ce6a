import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { userId } from '../../test/helpers';

type Company = { id: string; name: string };

describe('personal API tokens', () => {
  let t: TestApp;
  let admin: string;
  let companies: Company[];
  let bakery: string;
  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
  const create = async (session: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/api-token', headers: t.auth(session), payload: body });
  const tokenOf = async (body: Record<string, unknown>, session = admin) => {
    const res = await create(session, { name: 'Skript', expiresAt: inDays(30), access: 'read', ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; token: string };
  };
  const securityEvents = async (type: string) =>
    queryRows<{ detail: { tokenId?: string; status?: number } }>(
      t.db,
      sql`select detail from security_event where type = ${type} order by created_at`,
    );

  beforeAll(async () => {
    t = await createTestApp({ API_TOKEN_RATE_LIMIT: '10' });
    admin = await t.tokenFor('admin@demo.local');
    companies = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
  });
  afterAll(() => t.close());

  it('is shown once with its prefix, kept as a hash, listed without it and logged', async () => {
    const { id, token } = await tokenOf({ name: 'Export' });
    expect(token).toMatch(/^pc_[A-Za-z0-9_-]{40,}$/);
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from api_token where id = ${id}`);
    expect(stored[0]!.token_hash).not.toContain(token.slice(3));
    const list = (await t.app.inject({ url: '/api/user/api-token', headers: t.auth(admin) })).json();
    const entry = list.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ name: 'Export', access: 'read', companyIds: null, lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(token);
    expect((await securityEvents('apiToken.created')).map((e) => e.detail.tokenId)).toContain(id);
    // Its first use is noted as "last used".
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/user/api-token', headers: t.auth(admin) })).json();
    expect(after.find((e: { id: string }) => e.id === id).lastUsedAt).not.toBeNull();
  });

  it('refuses an expiry in the past or beyond a year, and companies the user does not see', async () => {
    const past = await create(admin, { name: 'x', expiresAt: inDays(-1), access: 'read' });
    expect(past.statusCode).toBe(422);
    expect(past.json().fields).toEqual({ expiresAt: ['validation.apiToken.expiryPast'] });
    const late = await create(admin, { name: 'x', expiresAt: inDays(367), access: 'read' });
    expect(late.json().fields).toEqual({ expiresAt: ['validation.apiToken.expiryTooLate'] });
    const other = await t.tokenFor('other@demo.local');
    const foreign = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) })).json()[0].id;
    const unknown = await create(admin, { name: 'x', expiresAt: inDays(10), access: 'read', companyIds: [foreign] });
    expect(unknown.json().fields).toEqual({ companyIds: ['validation.apiToken.companyUnknown'] });
    const bad = await create(admin, { name: '', expiresAt: 'morgen', access: 'admin' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['access', 'expiresAt', 'name']);
  });

  it('reads with read access but writes only with write access', async () => {
    const read = await tokenOf({ access: 'read' });
    const tenant = { 'x-tenant': bakery };
    expect((await t.app.inject({ url: '/api/tag/person-groups', headers: t.auth(read.token, tenant) })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: t.auth(read.token, tenant),
      payload: { name: 'Per Skript' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await securityEvents('apiToken.refused')).map((e) => e.detail.tokenId)).toContain(read.id);
    const write = await tokenOf({ access: 'write' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: t.auth(write.token, tenant),
      payload: { name: 'Per Skript' },
    });
    expect(added.statusCode).toBe(201);
  });

  it('sees only the companies it is limited to', async () => {
    const limited = await tokenOf({ companyIds: [bakery] });
    const seen = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(limited.token) })).json();
    expect(seen.map((c: Company) => c.id)).toEqual([bakery]);
    expect(companies.length).toBeGreaterThan(1);
    const elsewhere = companies.find((c) => c.id !== bakery)!.id;
    const refused = await t.app.inject({
      url: '/api/tag/person-groups',
      headers: t.auth(limited.token, { 'x-tenant': elsewhere }),
    });
    expect(refused.statusCode).toBe(403);
    const detail = await t.app.inject({ url: `/api/company/${elsewhere}`, headers: t.auth(limited.token) });
    expect(detail.statusCode).toBe(404);
    // The scope last chosen in the browser is not the script's: outside its companies it is ignored.
    const scope = (companyId: string | null) =>
      t.app.inject({ method: 'PUT', url: '/api/user/scope', headers: t.auth(admin), payload: { companyId } });
    expect((await scope(elsewhere)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(limited.token) })).statusCode).toBe(200);
    await scope(null);
  });

  it('never manages tokens, passwords, the account or billing, and has no platform claims', async () => {
    const write = await tokenOf({ access: 'write' });
    const calls = [
      { method: 'GET' as const, url: '/api/user/api-token' },
      { method: 'POST' as const, url: '/api/user/api-token', payload: { name: 'x', expiresAt: inDays(5), access: 'write' } },
      { method: 'DELETE' as const, url: `/api/user/api-token/${write.id}` },
      { method: 'POST' as const, url: '/api/user/change-password', payload: { currentPassword: 'x', newPassword: 'y' } },
      { method: 'POST' as const, url: '/api/user/email-change', payload: { email: 'neu@example.com' } },
      { method: 'GET' as const, url: '/api/account/contract' },
      { method: 'GET' as const, url: '/api/billing/catalogue' },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: t.auth(write.token) });
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
    }
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(write.token) })).json();
    expect(me.claims).not.toContain('Platform.Manage');
    const inBrowser = (await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) })).json();
    expect(inBrowser.claims).toContain('Platform.Manage');
    // The token still works: none of the refused calls revoked it.
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(write.token) })).statusCode).toBe(200);
  });

  it('stops on the next request once revoked, expired or its user deactivated', async () => {
    const revoked = await tokenOf({});
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(revoked.token) })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/user/api-token/${revoked.id}`, headers: t.auth(admin) });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(revoked.token) })).statusCode).toBe(401);
    expect((await securityEvents('apiToken.revoked')).map((e) => e.detail.tokenId)).toContain(revoked.id);
    const refused = await securityEvents('apiToken.refused');
    expect(refused.some((e) => e.detail.tokenId === revoked.id && e.detail.status === 401)).toBe(true);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/user/api-token/${revoked.id}`, headers: t.auth(admin) });
    expect(again.statusCode).toBe(404);

    // Expiry is the database's clock: the token's end is moved into the past.
    const expired = await tokenOf({});
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(expired.token) })).statusCode).toBe(200);
    await t.db.execute(sql`update auth_session set expires_at = now() - interval '1 second'
                           where id = (select session_id from api_token where id = ${expired.id})`);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(expired.token) })).statusCode).toBe(401);

    const reader = await t.tokenFor('reader@demo.local');
    const readers = await tokenOf({}, reader);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(readers.token) })).statusCode).toBe(200);
    await t.db.execute(sql`update app_user set is_active = false where id = ${await userId(t, 'reader@demo.local')}`);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(readers.token) })).statusCode).toBe(401);

    // A made-up token is no login.
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth('pc_nonsense') })).statusCode).toBe(401);
  });

  it('ends with a password change of its user', async () => {
    const session = await t.tokenFor('other@demo.local');
    const token = await tokenOf({}, session);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(token.token) })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: t.auth(session),
      payload: { existingPassword: 'Demo1234!', newPassword: 'Neu-Pass1!x', newPasswordRepeated: 'Neu-Pass1!x' },
    });
    expect(changed.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(token.token) })).statusCode).toBe(401);
  });

  it('is rate limited per token', async () => {
    const one = await tokenOf({});
    const two = await tokenOf({});
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await t.app.inject({ url: '/api/user/me', headers: t.auth(one.token) })).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(two.token) })).statusCode).toBe(200);
    const refused = await securityEvents('apiToken.refused');
    expect(refused.some((e) => e.detail.tokenId === one.id && e.detail.status === 429)).toBe(true);
  });
});
