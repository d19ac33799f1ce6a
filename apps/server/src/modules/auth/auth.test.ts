import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

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
});
