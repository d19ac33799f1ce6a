import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';

describe('forced pages (HTTP 412)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (token: string) => t.app.inject({ url: '/api/company/list-items', headers: t.auth(token) });
  const me = async (token: string) => (await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).json();

  it('PasswordExpired by company policy: 412 everywhere but me and change-password, until changed', async () => {
    const foreignId = await t.companyIdOf('Fremdfirma AG');
    await t.db.update(company).set({ passwordExpiryDays: 30 }).where(eq(company.id, foreignId));
    await t.db
      .update(appUser)
      .set({ passwordChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(appUser.email, 'other@demo.local'));
    const token = await t.tokenFor('other@demo.local');
    const locked = await list(token);
    expect(locked.statusCode).toBe(412);
    expect(locked.json()).toMatchObject({ code: 'precondition_failed', reason: 'PasswordExpired' });
    expect((await me(token)).lockReason).toBe('PasswordExpired');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: t.auth(token),
      payload: { existingPassword: 'Demo1234!', newPassword: 'Neu-Pass1!', newPasswordRepeated: 'Neu-Pass1!' },
    });
    expect(change.statusCode).toBe(204);
    expect((await list(token)).statusCode).toBe(200);
    expect((await me(token)).lockReason).toBeNull();
  });

  it('PasswordExpired when an administrator forces a change', async () => {
    await t.db.update(appUser).set({ mustChangePassword: true }).where(eq(appUser.email, 'reader@demo.local'));
    const token = await t.tokenFor('reader@demo.local');
    expect((await list(token)).json().reason).toBe('PasswordExpired');
    await t.db.update(appUser).set({ mustChangePassword: false }).where(eq(appUser.email, 'reader@demo.local'));
  });

  it('AccountExpired after the valid-until date; even change-password is refused', async () => {
    await t.db
      .update(appUser)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(appUser.email, 'reader@demo.local'));
    const token = await t.tokenFor('reader@demo.local');
    expect((await list(token)).json().reason).toBe('AccountExpired');
    expect((await me(token)).lockReason).toBe('AccountExpired');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: t.auth(token),
      payload: { existingPassword: 'Demo1234!', newPassword: 'Neu-Pass1!', newPasswordRepeated: 'Neu-Pass1!' },
    });
    expect(change.statusCode).toBe(412);
    await t.db.update(appUser).set({ validUntil: null }).where(eq(appUser.email, 'reader@demo.local'));
    expect((await list(token)).statusCode).toBe(200);
  });

  it('TermsOfUseConsentRequired after a new version until the user consents; a newer version asks again', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const none = await t.app.inject({ url: '/api/terms-of-use/current', headers: t.auth(admin) });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const publish = (releaseDate: string, text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/terms-of-use',
        headers: t.auth(admin),
        payload: { releaseDate, contentDe: `# Nutzungsbedingungen\n${text}`, contentEn: `# Terms of use\n${text}` },
      });
    const v1 = await publish(new Date(Date.now() - 1000).toISOString(), 'Fassung 1');
    expect(v1.statusCode).toBe(201);

    const reader = await t.tokenFor('reader@demo.local');
    expect((await list(reader)).json().reason).toBe('TermsOfUseConsentRequired');
    const current = await t.app.inject({
      url: '/api/terms-of-use/current',
      headers: t.auth(reader, { 'accept-language': 'en' }),
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ id: v1.json().id, content: '# Terms of use\nFassung 1' });
    const consent = await t.app.inject({
      method: 'POST',
      url: `/api/terms-of-use/${v1.json().id}/consent`,
      headers: t.auth(reader),
    });
    expect(consent.statusCode).toBe(204);
    expect((await list(reader)).statusCode).toBe(200);

    // A version released in the future does not lock anyone yet.
    await publish(new Date(Date.now() + 86_400_000).toISOString(), 'Zukunft');
    expect((await list(reader)).statusCode).toBe(200);

    // The admin is locked too, but can still read the list after consenting.
    expect((await t.app.inject({ url: '/api/terms-of-use', headers: t.auth(admin) })).statusCode).toBe(412);
    await t.app.inject({ method: 'POST', url: `/api/terms-of-use/${v1.json().id}/consent`, headers: t.auth(admin) });
    const v2 = await publish(new Date().toISOString(), 'Fassung 2');
    expect(v2.statusCode).toBe(201);
    expect((await list(reader)).json().reason).toBe('TermsOfUseConsentRequired');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/terms-of-use/${v1.json().id}/consent`,
      headers: t.auth(reader),
    });
    expect(stale.statusCode).toBe(409);
    await t.app.inject({ method: 'POST', url: `/api/terms-of-use/${v2.json().id}/consent`, headers: t.auth(reader) });
    expect((await list(reader)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/terms-of-use/${v2.json().id}/consent`, headers: t.auth(admin) });
    const versions = (await t.app.inject({ url: '/api/terms-of-use', headers: t.auth(admin) })).json();
    expect(versions.find((v: { id: string }) => v.id === v2.json().id).agreements).toBe(2);
    expect(versions.find((v: { id: string }) => v.id === v1.json().id).agreements).toBe(2);
  });

  it('only administrators publish terms', async () => {
    const reader = await t.tokenFor('reader@demo.local');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/terms-of-use',
      headers: t.auth(reader),
      payload: { releaseDate: new Date().toISOString(), contentDe: 'x', contentEn: 'y' },
    });
    expect([403, 412]).toContain(res.statusCode);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/terms-of-use',
      headers: t.auth((await t.login('other@demo.local', 'Neu-Pass1!')).json().access_token),
      payload: { releaseDate: 'gestern', contentDe: '', contentEn: 'y' },
    });
    expect([412, 422]).toContain(bad.statusCode);
  });
});

describe('security log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records logins with user and IP, shows administrators only their tenants, and refuses readers', async () => {
    await t.login('reader@demo.local', 'falsch');
    await t.login('reader@demo.local');
    await t.login('other@demo.local');
    const admin = await t.tokenFor('admin@demo.local');
    const log = (await t.app.inject({ url: '/api/security-log', headers: t.auth(admin) })).json();
    const types = log.items.map((e: { type: string; email: string }) => `${e.type} ${e.email}`);
    expect(types).toContain('login.failure reader@demo.local');
    expect(types).toContain('login.success reader@demo.local');
    expect(types.some((s: string) => s.includes('other@demo.local'))).toBe(false);
    expect(log.items[0].ip).toBeTruthy();
    expect(log.total).toBe(log.items.length);

    const other = await t.tokenFor('other@demo.local');
    const theirs = (await t.app.inject({ url: '/api/security-log', headers: t.auth(other) })).json();
    expect(theirs.items.every((e: { email: string }) => e.email === 'other@demo.local')).toBe(true);

    const reader = await t.tokenFor('reader@demo.local');
    expect((await t.app.inject({ url: '/api/security-log', headers: t.auth(reader) })).statusCode).toBe(403);
  });
});
