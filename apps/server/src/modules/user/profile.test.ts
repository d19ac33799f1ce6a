import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail, multipart, userId } from '../../test/helpers';
import { emailHash } from './profile-service';

describe('profile', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.tokenFor('reader@demo.local');
  });
  afterAll(() => t.close());

  it('changes name and language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: t.auth(token),
      payload: { firstname: 'Ralf', lastname: 'Lesemann', language: 'en' },
    });
    expect(res.json()).toMatchObject({ lastname: 'Lesemann', language: 'en' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/profile',
          headers: t.auth(token),
          payload: { firstname: '', lastname: 'x', language: 'fr' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('changes the e-mail only after confirmation through a link sent to the new address', async () => {
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/user/email-change',
      headers: t.auth(token),
      payload: { email: 'ralf.neu@demo.local' },
    });
    expect(req.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).json().email).toBe('reader@demo.local');
    const mail = (await lastMail(t, 'ralf.neu@demo.local'))!;
    expect(mail.subject).toContain('confirm');
    const m = /confirmEmail=([^&\s]+)&user=([0-9a-f-]{36})/.exec(mail.body)!;
    const tokenValue = decodeURIComponent(m[1]!);
    // The same token cannot be used to set a password.
    const abuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { userId: m[2], token: tokenValue, password: 'Gehackt-1!', passwordRepeated: 'Gehackt-1!' },
    });
    expect(abuse.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/email-change/confirm',
      payload: { userId: m[2], token: tokenValue },
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.login('ralf.neu@demo.local')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/email-change/confirm',
          payload: { userId: m[2], token: tokenValue },
        })
      ).statusCode,
    ).toBe(400);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/user/email-change',
      headers: t.auth(token),
      payload: { email: 'ADMIN@demo.local' },
    });
    expect(dup.json().fields.email).toEqual(['validation.duplicate']);
  });

  it('turns security notices off and on', async () => {
    expect((await t.app.inject({ url: '/api/user/notifications', headers: t.auth(token) })).json()).toMatchObject({
      securityNotices: true,
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: t.auth(token),
      payload: { securityNotices: false },
    });
    expect((await t.app.inject({ url: '/api/user/notifications', headers: t.auth(token) })).json()).toMatchObject({
      securityNotices: false,
    });
  });

  it('serves avatars by e-mail hash: initials, then the uploaded picture; nothing for other tenants', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const url = `/api/avatar/${emailHash('admin@demo.local')}?size=64`;
    const initials = await t.app.inject({ url, headers: t.auth(admin) });
    expect(initials.headers['content-type']).toContain('image/svg+xml');
    expect(initials.body).toContain('>AA<');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const avatar = multipart('me.png', 'image/png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...t.auth(admin), ...avatar.headers },
      payload: avatar.payload,
    });
    expect(up.statusCode).toBe(204);
    const pic = await t.app.inject({ url, headers: t.auth(admin) });
    expect(pic.headers['content-type']).toBe('image/png');
    expect((await sharp(pic.rawPayload).metadata()).width).toBe(64);
    const other = await t.tokenFor('other@demo.local');
    expect((await t.app.inject({ url, headers: t.auth(other) })).statusCode).toBe(404);
    expect(await userId(t, 'admin@demo.local')).toBeTruthy();
  });

  it('refuses an empty picture with a clear 422 and keeps the avatar (it used to answer 500)', async () => {
    const other = await t.tokenFor('other@demo.local');
    for (const mime of ['image/png', 'image/jpeg', 'image/gif']) {
      const empty = multipart('leer.png', mime, Buffer.alloc(0));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/avatar',
        headers: { ...t.auth(other), ...empty.headers },
        payload: empty.payload,
      });
      expect(res.statusCode, mime).toBe(422);
      expect(res.json().fields.file).toEqual(['validation.fileEmpty']);
    }
    const url = `/api/avatar/${emailHash('other@demo.local')}?size=64`;
    expect((await t.app.inject({ url, headers: t.auth(other) })).headers['content-type']).toContain('image/svg+xml');
  });
});
