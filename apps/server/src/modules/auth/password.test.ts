import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail, userId } from '../../test/helpers';

const linkIn = (body: string) => {
  const m = /\/reset-password\/([0-9a-f-]{36})\?token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!m) throw new Error(`no reset link in: ${body}`);
  return { userId: m[1]!, token: decodeURIComponent(m[2]!) };
};

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RESET_TOKEN_MINUTES: '60' });
  });
  afterAll(() => t.close());

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
  const validate = async (body: { userId: string; token: string }) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/validate', payload: body })).json().valid;

  it('answers 204 for known and unknown addresses alike; only a known one gets a mail', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    expect((await forgot('nobody@demo.local')).statusCode).toBe(204);
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
    expect((await forgot('reader@demo.local')).statusCode).toBe(204);
    const mail = await lastMail(t, 'reader@demo.local');
    expect(mail?.template).toBe('password-reset');
    expect(mail?.subject).toContain('Passwort zurücksetzen');
  });

  it('validates the e-mail address', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.email).toBeDefined();
  });

  it('resets with a valid link once, ends every session, and the link then stops working', async () => {
    const old = await t.tokenFor('reader@demo.local');
    await forgot('reader@demo.local');
    const link = linkIn((await lastMail(t, 'reader@demo.local'))!.body);
    expect(link.userId).toBe(await userId(t, 'reader@demo.local'));
    expect(await validate(link)).toBe(true);
    // The valid link names its address, for the login that follows; an invalid one names none.
    const status = async (body: { userId: string; token: string }) =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/validate', payload: body })).json();
    expect(await status(link)).toEqual({ valid: true, email: 'reader@demo.local' });
    expect(await status({ ...link, token: `${link.token.slice(0, -2)}xx` })).toEqual({ valid: false });

    const weak = await reset({ ...link, password: 'kurz', passwordRepeated: 'kurz' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().fields.password).toEqual(
      expect.arrayContaining([
        'password.criteria.minLength',
        'password.criteria.uppercase',
        'password.criteria.digit',
        'password.criteria.special',
      ]),
    );
    const mismatch = await reset({ ...link, password: 'Neu-Pass1!', passwordRepeated: 'Neu-Pass2!' });
    expect(mismatch.json().fields.passwordRepeated).toEqual(['password.mismatch']);
    expect(await validate(link)).toBe(true);

    expect((await reset({ ...link, password: 'Neu-Pass1!', passwordRepeated: 'Neu-Pass1!' })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(old) })).statusCode).toBe(401);
    expect((await t.login('reader@demo.local')).statusCode).toBe(400);
    expect((await t.login('reader@demo.local', 'Neu-Pass1!')).statusCode).toBe(200);

    expect(await validate(link)).toBe(false);
    const again = await reset({ ...link, password: 'Noch-Neuer2!', passwordRepeated: 'Noch-Neuer2!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('ungültig');
  });

  it('a link expires', async () => {
    await forgot('other@demo.local');
    const link = linkIn((await lastMail(t, 'other@demo.local'))!.body);
    t.clock.advance(61 * 60_000);
    expect(await validate(link)).toBe(false);
    expect((await reset({ ...link, password: 'Neu-Pass1!', passwordRepeated: 'Neu-Pass1!' })).statusCode).toBe(400);
    expect((await t.login('other@demo.local')).statusCode).toBe(200);
  });

  it('a token for one user does not work for another', async () => {
    await forgot('other@demo.local');
    const link = linkIn((await lastMail(t, 'other@demo.local'))!.body);
    expect(await validate({ userId: await userId(t, 'admin@demo.local'), token: link.token })).toBe(false);
  });
});

describe('change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (token: string, body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/user/change-password', headers: t.auth(token), payload: body });

  it('checks the existing password and the policy, and changes nothing on error', async () => {
    const token = await t.tokenFor('admin@demo.local');
    const wrong = await change(token, { existingPassword: 'x', newPassword: 'Neu-Pass1!', newPasswordRepeated: 'Neu-Pass1!' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields.existingPassword).toEqual(['password.wrongExisting']);
    const mismatch = await change(token, {
      existingPassword: 'Demo1234!',
      newPassword: 'Neu-Pass1!',
      newPasswordRepeated: 'Neu-Pass2!',
    });
    expect(mismatch.json().fields.newPasswordRepeated).toEqual(['password.mismatch']);
    const same = await change(token, {
      existingPassword: 'Demo1234!',
      newPassword: 'Demo1234!',
      newPasswordRepeated: 'Demo1234!',
    });
    expect(same.json().fields.newPassword).toEqual(['password.sameAsOld']);
    expect((await t.login('admin@demo.local')).statusCode).toBe(200);
  });

  it('changes the password, keeps the current session, ends the others and mails a notice with an unsubscribe link', async () => {
    const current = await t.tokenFor('admin@demo.local');
    const otherSession = await t.tokenFor('admin@demo.local');
    const res = await change(current, {
      existingPassword: 'Demo1234!',
      newPassword: 'Neu-Pass1!',
      newPasswordRepeated: 'Neu-Pass1!',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(current) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(otherSession) })).statusCode).toBe(401);
    expect((await t.login('admin@demo.local', 'Neu-Pass1!')).statusCode).toBe(200);

    const mail = (await lastMail(t, 'admin@demo.local'))!;
    expect(mail.template).toBe('password-changed');
    const m = /\/unsubscribe\/([^?\s]+)\?c=([a-z-]+)&s=([A-Za-z0-9_-]+)/.exec(mail.body)!;
    const email = decodeURIComponent(m[1]!);

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { email: 'reader@demo.local', category: m[2], signature: m[3] },
    });
    expect(tampered.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { email, category: m[2], signature: m[3] },
    });
    expect(ok.statusCode).toBe(204);

    // Opted out: the next optional notice is not sent, a required mail still is.
    const token = (await t.login('admin@demo.local', 'Neu-Pass1!')).json().access_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: t.auth(token),
      payload: { existingPassword: 'Neu-Pass1!', newPassword: 'Neu-Pass2!', newPasswordRepeated: 'Neu-Pass2!' },
    });
    expect((await lastMail(t, 'admin@demo.local'))!.id).toBe(mail.id);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'admin@demo.local' } });
    expect((await lastMail(t, 'admin@demo.local'))!.template).toBe('password-reset');
  });
});

describe('mail over SMTP', () => {
  const received: { to: string; body: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, cb) {
        let body = '';
        stream.on('data', (c) => {
          body += c;
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://cockpit.example' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the reset mail, marks it sent, and its link resets the password', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reader@demo.local' } });
    // Delivery runs after the answer (see password-reset.ts); wait for it.
    await t.app.mailer.idle();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('reader@demo.local');
    // Quoted-printable may wrap long lines; undo it before looking for the link.
    const body = received[0]!.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('https://cockpit.example/reset-password/');
    const link = linkIn(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { ...link, password: 'Per-Mail1!', passwordRepeated: 'Per-Mail1!' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.login('reader@demo.local', 'Per-Mail1!')).statusCode).toBe(200);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'reader@demo.local'));
    expect(row!.sentAt).not.toBeNull();
  });
});
