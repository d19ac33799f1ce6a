import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, passwordResetToken, securityEvent, ssoConfig, userRole } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, userId } from '../../test/helpers';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider';

describe('single sign-on (OpenID Connect)', () => {
  let t: TestApp;
  let idp: TestProvider;
  let admin: string;
  let companyId: string;
  let roleId: string;

  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
    res.cookies.find((c) => c.name === name)?.value;

  /** Start at our server, sign in at the provider, come back: the callback's answer. */
  async function signIn(email: string, login: string, tamper: (u: URL) => void = () => {}) {
    const start = await t.app.inject({ url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
    expect(start.statusCode).toBe(302);
    const pending = cookieOf(start, 'pc_sso');
    const back = await signInAtProvider(idp, start.headers.location as string, login);
    tamper(back);
    return t.app.inject({ url: `${back.pathname}${back.search}`, cookies: pending ? { pc_sso: pending } : {} });
  }

  async function sessionOf(res: Awaited<ReturnType<typeof signIn>>) {
    const refresh = cookieOf(res, 'pc_refresh');
    if (!refresh) return null;
    const tok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return tok.json() as { access_token: string; mfa_required: string };
  }

  const events = async (type: string) =>
    (await t.db.select().from(securityEvent).where(eq(securityEvent.type, type))).map((e) => e.detail as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    companyId = (await t.db.select({ c: appUser.companyId }).from(appUser).where(eq(appUser.email, 'admin@demo.local')))[0]!.c;
    const cfg = await t.app.inject({ url: '/api/account/sso', headers: t.auth(admin) });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().configured).toBe(false);
    roleId = cfg.json().roles.find((r: { name: string }) => r.name)!.id;
    idp = await startTestProvider({ redirectUri: cfg.json().redirectUri });
    idp.add({ sub: 'sub-anna', email: 'anna@sso.test', givenName: 'Anna', familyName: 'Berg' });
  });
  afterAll(async () => {
    await idp?.close();
    await t.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ['sso.test'],
    defaultRoleId: roleId,
    passwordLoginDisabled: false,
    ...over,
  });

  it('lets administrators configure it; the secret is write-only and stored sealed', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account/sso',
      headers: t.auth(admin),
      payload: form({ issuer: 'http://idp.example.com', domains: ['not a domain'] }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['domains.0']);
    const insecure = await t.app.inject({
      method: 'PUT',
      url: '/api/account/sso',
      headers: t.auth(admin),
      payload: form({ issuer: 'http://idp.example.com' }),
    });
    expect(insecure.statusCode).toBe(422);
    expect(insecure.json().fields.issuer).toEqual(['validation.ssoIssuer']);

    const res = await t.app.inject({ method: 'PUT', url: '/api/account/sso', headers: t.auth(admin), payload: form() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: true, issuer: idp.issuer, hasClientSecret: true, domains: ['sso.test'] });
    expect(JSON.stringify(res.json())).not.toContain(idp.clientSecret);
    const [row] = await t.db.select({ client_secret: ssoConfig.clientSecret }).from(ssoConfig);
    expect(row!.client_secret).toMatch(/^v1\./);
    expect(row!.client_secret).not.toContain(idp.clientSecret);

    // Saving without a secret keeps the stored one.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/account/sso',
      headers: t.auth(admin),
      payload: form({ clientSecret: undefined }),
    });
    expect(again.statusCode).toBe(200);
    const test = await t.app.inject({ method: 'POST', url: '/api/account/sso/test', headers: t.auth(admin) });
    expect(test.json()).toMatchObject({ ok: true, authorizationEndpoint: `${idp.issuer}/auth` });
    expect(await events('sso.configured')).toHaveLength(2);
  });

  it('is not for users without user administration', async () => {
    await addUserWithClaims(t, { email: 'ssoreader@demo.local', companyId, claims: ['Administration.Access'] });
    const reader = await t.tokenFor('ssoreader@demo.local');
    expect((await t.app.inject({ url: '/api/account/sso', headers: t.auth(reader) })).statusCode).toBe(403);
  });

  it('discovers by domain and answers unknown domains and addresses in the same shape', async () => {
    const known = await t.app.inject({ url: '/api/auth/sso/discover?email=nobody@sso.test' });
    expect(known.json()).toEqual({ sso: true, url: '/api/auth/sso/start?email=nobody%40sso.test' });
    const other = await t.app.inject({ url: '/api/auth/sso/discover?email=admin@demo.local' });
    expect(other.json()).toEqual({ sso: false });
    const start = await t.app.inject({ url: '/api/auth/sso/start?email=x@elsewhere.test' });
    expect(start.headers.location).toBe('/login?sso=unavailable');
  });

  it('redirects to the provider with PKCE, state and nonce', async () => {
    const start = await t.app.inject({ url: '/api/auth/sso/start?email=anna@sso.test' });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
  });

  it('creates an unknown user just in time with the configured role and signs them in', async () => {
    const res = await signIn('anna@sso.test', 'sub-anna');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso=done');
    const session = await sessionOf(res);
    expect(session?.mfa_required).toBe('none');
    const me = await t.app.inject({ url: '/api/user/me', headers: t.auth(session!.access_token) });
    expect(me.statusCode).toBe(200);
    const [u] = await t.db.select().from(appUser).where(eq(appUser.email, 'anna@sso.test'));
    expect(u).toMatchObject({ companyId, firstname: 'Anna', lastname: 'Berg', ssoSubject: 'sub-anna', passwordHash: null });
    expect((await t.db.select().from(userRole).where(eq(userRole.userId, u!.id))).map((r) => r.roleId)).toEqual([roleId]);
    expect(await events('sso.userCreated')).toHaveLength(1);
    // The second time the subject finds the same user; nobody new is created.
    const again = await signIn('anna@sso.test', 'sub-anna');
    expect(again.headers.location).toBe('/login?sso=done');
    expect(await events('sso.userCreated')).toHaveLength(1);
    expect((await events('sso.login')).length).toBe(2);
  });

  it('finds an existing user by verified e-mail and then by subject even after the address changes', async () => {
    const id = await addUserWithClaims(t, { email: 'bert@sso.test', companyId, claims: [] });
    idp.add({ sub: 'sub-bert', email: 'bert@sso.test' });
    expect((await signIn('bert@sso.test', 'sub-bert')).headers.location).toBe('/login?sso=done');
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, id));
    expect(u!.ssoSubject).toBe('sub-bert');
    idp.add({ sub: 'sub-bert', email: 'bert.new@sso.test' });
    expect((await signIn('bert@sso.test', 'sub-bert')).headers.location).toBe('/login?sso=done');
    expect(await t.db.select().from(appUser).where(eq(appUser.email, 'bert.new@sso.test'))).toHaveLength(0);
  });

  it('refuses an unverified address and one of a domain the account does not cover', async () => {
    idp.add({ sub: 'sub-carl', email: 'carl@sso.test', emailVerified: false });
    const unverified = await signIn('carl@sso.test', 'sub-carl');
    expect(unverified.headers.location).toBe('/login?sso=refused');
    expect(cookieOf(unverified, 'pc_refresh')).toBeUndefined();
    idp.add({ sub: 'sub-dora', email: 'admin@demo.local' });
    const foreign = await signIn('dora@sso.test', 'sub-dora');
    expect(foreign.headers.location).toBe('/login?sso=refused');
    expect((await events('sso.refused')).map((d) => d.reason)).toEqual(
      expect.arrayContaining(['email_not_verified', 'domain_not_covered']),
    );
  });

  it('refuses a deactivated user even though the provider says yes', async () => {
    await t.db.update(appUser).set({ isActive: false }).where(eq(appUser.email, 'anna@sso.test'));
    const res = await signIn('anna@sso.test', 'sub-anna');
    expect(res.headers.location).toBe('/login?sso=refused');
    expect(cookieOf(res, 'pc_refresh')).toBeUndefined();
    expect((await events('sso.refused')).some((d) => d.reason === 'inactive')).toBe(true);
    await t.db.update(appUser).set({ isActive: true }).where(eq(appUser.email, 'anna@sso.test'));
  });

  it('refuses a tampered state, nonce, pending cookie or ID token', async () => {
    const state = await signIn('anna@sso.test', 'sub-anna', (u) => u.searchParams.set('state', 'forged-state'));
    expect(state.headers.location).toBe('/login?sso=refused');

    // The nonce the provider puts into the ID token is not the one this browser started with.
    const start = await t.app.inject({ url: '/api/auth/sso/start?email=anna@sso.test' });
    const auth = new URL(start.headers.location as string);
    auth.searchParams.set('nonce', 'forged-nonce-forged-nonce-forged');
    const back = await signInAtProvider(idp, auth.href, 'sub-anna');
    const nonce = await t.app.inject({ url: `${back.pathname}${back.search}`, cookies: { pc_sso: cookieOf(start, 'pc_sso')! } });
    expect(nonce.headers.location).toBe('/login?sso=refused');

    const start2 = await t.app.inject({ url: '/api/auth/sso/start?email=anna@sso.test' });
    const back2 = await signInAtProvider(idp, start2.headers.location as string, 'sub-anna');
    const forged = `${cookieOf(start2, 'pc_sso')!.slice(0, -3)}AAA`;
    const cookie = await t.app.inject({ url: `${back2.pathname}${back2.search}`, cookies: { pc_sso: forged } });
    expect(cookie.headers.location).toBe('/login?sso=refused');

    idp.state.tamperIdToken = true;
    try {
      const token = await signIn('anna@sso.test', 'sub-anna');
      expect(token.headers.location).toBe('/login?sso=refused');
      expect(cookieOf(token, 'pc_refresh')).toBeUndefined();
    } finally {
      idp.state.tamperIdToken = false;
    }
    expect(await t.db.select().from(appUser).where(eq(appUser.email, 'mallory@sso.test'))).toHaveLength(0);
  });

  it('asks our second factor unless the provider reports multi-factor', async () => {
    const { enableTwoFactor } = await import('../../test/helpers');
    const id = await addUserWithClaims(t, { email: 'erik@sso.test', companyId, claims: [] });
    await enableTwoFactor(t, await t.tokenFor('erik@sso.test'));
    idp.add({ sub: 'sub-erik', email: 'erik@sso.test', amr: ['pwd'] });
    const single = await signIn('erik@sso.test', 'sub-erik');
    expect(single.headers.location).toBe('/login?sso=mfa');
    expect((await sessionOf(single))?.mfa_required).toBe('authenticator');
    idp.add({ sub: 'sub-erik', email: 'erik@sso.test', amr: ['pwd', 'mfa'] });
    const multi = await signIn('erik@sso.test', 'sub-erik');
    expect(multi.headers.location).toBe('/login?sso=done');
    expect((await sessionOf(multi))?.mfa_required).toBe('none');
    expect(id).toBeTruthy();
  });

  it('with password login off: SSO users cannot use a password or get reset mails; the account holder can', async () => {
    await addUserWithClaims(t, { email: 'fritz@sso.test', companyId, claims: [] });
    expect((await t.login('fritz@sso.test')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/sso',
      headers: t.auth(admin),
      payload: form({ clientSecret: undefined, domains: ['sso.test', 'demo.local'], passwordLoginDisabled: true }),
    });
    expect(res.statusCode).toBe(200);
    const refused = await t.login('fritz@sso.test');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: 'login_failed' });
    // The account holder keeps the password (and second factor) as the way in when the provider fails.
    const holder = await t.db.select().from(appUser).where(eq(appUser.hasAccount, true));
    const holderDemo = holder.find((u) => u.email.endsWith('@demo.local'));
    if (holderDemo) expect((await t.login(holderDemo.email)).statusCode).toBe(200);
    const fritz = await userId(t, 'fritz@sso.test');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'fritz@sso.test' } });
    const n = (await t.db.select().from(passwordResetToken).where(eq(passwordResetToken.userId, fritz))).length;
    expect(n).toBe(0);
  });

  it('keeps a domain to one account', async () => {
    const [other] = await t.db.insert(company).values({ name: 'Other' }).returning({ id: company.id });
    await addUserWithClaims(t, {
      email: 'boss@other.test',
      companyId: other!.id,
      claims: ['Administration.Access', 'User.Write'],
    });
    const boss = await t.tokenFor('boss@other.test');
    const cfg = await t.app.inject({ url: '/api/account/sso', headers: t.auth(boss) });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/sso',
      headers: t.auth(boss),
      payload: form({ domains: ['sso.test'], defaultRoleId: cfg.json().roles[0]?.id ?? roleId }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.domains).toEqual(['validation.ssoDomainTaken']);
  });
});
