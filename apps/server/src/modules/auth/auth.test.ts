import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('POST /api/auth/token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues tokens for the right password and sets the httpOnly refresh cookie', async () => {
    const res = await t.login('admin@demo.local');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.mfa_required).toBe('none');
    expect(body.expires_in).toBe(15 * 60);
    const cookie = res.cookies.find((c) => c.name === 'pc_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/api/auth');
    const me = await t.app.inject({ url: '/api/user/me', headers: t.auth(body.access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('accepts the e-mail in any case', async () => {
    expect((await t.login('ADMIN@Demo.Local')).statusCode).toBe(200);
  });

  it('answers login_failed for a wrong password and the same for an unknown user', async () => {
    const wrong = await t.login('admin@demo.local', 'Falsch123!');
    const unknown = await t.login('nobody@demo.local', 'Falsch123!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'login_failed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects missing fields and unknown grants in OAuth2 shape', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'password', username: 'a' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/token', ...form({ grant_type: 'client_credentials' }) });
    expect(unknown.json().error).toBe('unsupported_grant_type');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/token' });
    expect(empty.statusCode).toBe(400);
  });

  it('rotates refresh tokens and revokes the session when a used one comes back', async () => {
    const first = (await t.login('admin@demo.local')).json();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(rotated.access_token) })).statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error_description).toBe('login_failed');
    // The whole session is gone: neither the newest access nor refresh token works any more.
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(rotated.access_token) })).statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token }),
    });
    expect(after.statusCode).toBe(400);
  });

  it('refreshes from the cookie alone, as the browser does', async () => {
    const res = await t.login('reader@demo.local');
    const cookie = res.cookies.find((c) => c.name === 'pc_refresh')!;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token' }),
      cookies: { pc_refresh: cookie.value },
    });
    expect(refreshed.statusCode).toBe(200);
    const without = await t.app.inject({ method: 'POST', url: '/api/auth/token', ...form({ grant_type: 'refresh_token' }) });
    expect(without.statusCode).toBe(400);
  });

  it('logout revokes the session for access and refresh tokens alike', async () => {
    const tokens = (await t.login('admin@demo.local')).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(tokens.access_token) });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(tokens.access_token) })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('refuses tampered and missing access tokens', async () => {
    const token = await t.tokenFor('admin@demo.local');
    const [body] = token.split('.');
    const forged = `${body}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(forged) })).statusCode).toBe(401);
    const none = await t.app.inject({ url: '/api/user/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 after too many token requests', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.login('admin@demo.local', 'wrong')).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('limits the public mail links per address as the reset link: invitation lookup and register, e-mail change confirm', async () => {
    const token = 'x'.repeat(40);
    const register = { companyName: 'Raten GmbH', password: 'Geheim123!x', passwordRepeated: 'Geheim123!x' };
    const calls = {
      lookup: (remoteAddress: string) => t.app.inject({ url: `/api/invitation/token/${token}`, remoteAddress }),
      register: (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: `/api/invitation/token/${token}/register`, payload: register, remoteAddress }),
      confirm: (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/email-change/confirm',
          payload: { userId: '00000000-0000-4000-8000-000000000000', token },
          remoteAddress,
        }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await call('203.0.113.7')).statusCode);
      expect(
        codes.slice(0, 3).every((c) => c !== 429),
        name,
      ).toBe(true);
      expect(codes[3], name).toBe(429);
      const refused = await call('203.0.113.7');
      expect(refused.json().code, name).toBe('rate_limited');
      // Another address still gets through.
      expect((await call('203.0.113.8')).statusCode, name).not.toBe(429);
    }
  });
});

describe('token rate limits at their defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '20' });
  });
  afterAll(() => t.close());

  const password = (username: string, pw: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress,
      ...form({ grant_type: 'password', username, password: pw }),
    });
  const refresh = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress,
      ...form({ grant_type: 'refresh_token', refresh_token: token }),
    });

  it('lets one session refresh 40 times within a minute, as reloads and tabs do', async () => {
    let token = (await password('admin@demo.local', 'Demo1234!', '198.51.100.1')).json().refresh_token;
    const codes = [];
    for (let i = 0; i < 40; i++) {
      const res = await refresh(token, '198.51.100.1');
      codes.push(res.statusCode);
      token = res.json().refresh_token;
    }
    expect(codes).toEqual(Array(40).fill(200));
  });

  it('lets 25 users behind one address each refresh, but stops a runaway session at 120 a minute', async () => {
    const homeId = await t.companyIdOf('Fremdfirma AG');
    const tokens: string[] = [];
    for (let i = 0; i < 25; i++) {
      const email = `office${i}@demo.local`;
      await addUserWithClaims(t, { email, companyId: homeId, claims: [] });
      // Logged in over the day from wherever; now all sit behind the office's one address.
      tokens.push((await password(email, 'Demo1234!', `192.0.2.${i + 1}`)).json().refresh_token);
    }
    const codes = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 25; i++) {
        const res = await refresh(tokens[i]!, '203.0.113.9');
        codes.push(res.statusCode);
        tokens[i] = res.json().refresh_token;
      }
    }
    expect(codes).toEqual(Array(75).fill(200));

    let token = tokens[0]!;
    for (let i = 0; i < 117; i++) token = (await refresh(token, '203.0.113.9')).json().refresh_token;
    const over = await refresh(token, '203.0.113.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before it was spent, so the session goes on once the minute is over.
    t.clock.advance(61_000);
    expect((await refresh(token, '203.0.113.9')).statusCode).toBe(200);
  });

  it('still stops 25 wrong passwords from one address, known accounts or not', async () => {
    const codes = [];
    for (let i = 0; i < 25; i++) codes.push((await password(`guess${i % 3}@demo.local`, 'Falsch!1', '203.0.113.50')).statusCode);
    expect(codes).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    // Another address is not affected.
    expect((await password('reader@demo.local', 'Demo1234!', '203.0.113.51')).statusCode).toBe(200);
    // Unknown refresh tokens name no session: they count for the address.
    const garbage = await refresh('not-a-token', '203.0.113.50');
    expect(garbage.statusCode).toBe(429);
    t.clock.advance(61_000);
  });

  it('stops 25 password guesses against one account from many addresses, and answers the same for an unknown one', async () => {
    for (const username of ['reader@demo.local', 'nobody@demo.local']) {
      const codes = [];
      for (let i = 0; i < 25; i++) codes.push((await password(username, 'Falsch!1', `10.9.${i}.1`)).statusCode);
      expect(codes).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    }
  });
});

describe('refresh cookie behind a TLS-terminating proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const loginWith = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: 'Demo1234!' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const cookieOf = (res: Awaited<ReturnType<typeof loginWith>>) => res.cookies.find((c) => c.name === 'pc_refresh')!;

  it('is Secure when the proxy says the request came over HTTPS, and not on plain HTTP', async () => {
    const https = await loginWith({ 'x-forwarded-proto': 'https' });
    expect(cookieOf(https).secure).toBe(true);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ grant_type: 'refresh_token' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      cookies: { pc_refresh: cookieOf(https).value },
    });
    expect(cookieOf(refreshed).secure).toBe(true);
    expect(cookieOf(await loginWith({})).secure).toBeFalsy();
    expect(cookieOf(await loginWith({ 'x-forwarded-proto': 'http' })).secure).toBeFalsy();
  });
});

describe('refresh cookie without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores a forwarded protocol that any client could send', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: 'Demo1234!' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies.find((c) => c.name === 'pc_refresh')!.secure).toBeFalsy();
  });
});
