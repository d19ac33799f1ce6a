import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail } from '../../test/helpers';

describe('invitations', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, reader, other] = await Promise.all([
      t.tokenFor('admin@demo.local'),
      t.tokenFor('reader@demo.local'),
      t.tokenFor('other@demo.local'),
    ]);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });
  const invite = (token: string, purpose: 'AsDpo' | 'AsClient', recipient: string, message = '') =>
    call(token, 'POST', '/api/invitation', { purpose, recipient, message });
  const tokenIn = async (to: string) => {
    const mail = (await lastMail(t, to))!;
    const m = /\/invitation\/token\/([A-Za-z0-9_%-]+)/.exec(mail.body);
    return { mail, token: decodeURIComponent(m![1]!) };
  };
  const mine = async (token: string) => (await call(token, 'GET', '/api/invitation')).json() as { id: string }[];

  it('reports the invite rights per role and refuses senders without them; bad addresses and long messages are 422', async () => {
    // The demo data: one pending invitation to the bakery's reader, one sent by the agency.
    expect(await mine(reader)).toMatchObject([
      {
        role: 'Recipient',
        purpose: 'AsDpo',
        companyName: 'Fremdfirma AG',
        status: 'Pending',
        rights: { accept: true, decline: true },
      },
    ]);
    expect(await mine(admin)).toMatchObject([
      { role: 'Sender', purpose: 'AsClient', recipient: 'praxis@zahnarzt-weber.example' },
    ]);
    const me = async (token: string) => (await call(token, 'GET', '/api/user/me')).json();
    // The agency may invite both; the bakery's reader neither; the foreign company (not an agency) only a DPO.
    expect(await me(admin)).toMatchObject({ canInviteDpo: true, canInviteClient: true, hasAccount: true });
    expect(await me(reader)).toMatchObject({ canInviteDpo: false, canInviteClient: false, hasAccount: false });
    expect(await me(other)).toMatchObject({ canInviteDpo: true, canInviteClient: false, hasAccount: true });
    expect((await invite(reader, 'AsDpo', 'dsb@example.com')).statusCode).toBe(403);
    expect((await invite(other, 'AsClient', 'kunde@example.com')).statusCode).toBe(403);

    const bad = await invite(admin, 'AsDpo', 'keine-adresse');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.recipient).toEqual(['validation.email']);
    const empty = await invite(admin, 'AsDpo', '  ');
    expect(empty.json().fields.recipient).toEqual(['validation.required']);
    const long = await invite(admin, 'AsDpo', 'dsb@example.com', 'x'.repeat(100_000));
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.message).toEqual(['validation.tooLong']);
    const own = await invite(admin, 'AsDpo', 'ADMIN@demo.local');
    expect(own.json().fields.recipient).toEqual(['invitation.ownCompany']);
    expect((await call(admin, 'POST', '/api/invitation', { purpose: 'AsBoss', recipient: 'a@b.de' })).statusCode).toBe(422);
  });

  it('as client to a new address: the link sets up the access, the recipient accepts, the agency has the client; the token is then refused', async () => {
    const sent = await invite(admin, 'AsClient', 'chefin@neukunde.example', 'Wir freuen uns auf die Zusammenarbeit.');
    expect(sent.statusCode, sent.body).toBe(201);
    const inv = sent.json();
    expect(inv).toMatchObject({
      role: 'Sender',
      purpose: 'AsClient',
      companyName: 'Muster Datenschutz GmbH',
      sender: 'Anna Admin',
      recipient: 'chefin@neukunde.example',
      status: 'Pending',
      expired: false,
      rights: { accept: false, decline: false, resend: true, withdraw: true, delete: true },
    });
    expect(new Date(inv.expiresAt).getTime() - new Date(inv.sentDate).getTime()).toBe(14 * 86_400_000);
    // A second pending one to the same address is refused.
    expect((await invite(admin, 'AsClient', 'Chefin@Neukunde.example')).json().fields.recipient).toEqual([
      'invitation.duplicate',
    ]);

    const { mail, token } = await tokenIn('chefin@neukunde.example');
    expect(mail.subject).toContain('Einladung von Muster Datenschutz GmbH');
    expect(mail.body).toContain('Wir freuen uns auf die Zusammenarbeit.');
    const info = await t.app.inject({ url: `/api/invitation/token/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ purpose: 'AsClient', companyName: 'Muster Datenschutz GmbH', passwordRequired: true });
    expect((await t.app.inject({ url: `/api/invitation/token/${'x'.repeat(43)}` })).statusCode).toBe(404);

    const register = (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/invitation/token/${token}/register`, payload: body });
    const name = { firstname: 'Clara', lastname: 'Chefin' };
    const weak = await register({ ...name, companyName: 'Neukunde GmbH', password: 'kurz', passwordRepeated: 'kurz' });
    expect(weak.statusCode).toBe(422);
    // A person gives a name: without one the access is not set up.
    const nameless = await register({ companyName: 'Neukunde GmbH', password: 'Neu-Kunde1!', passwordRepeated: 'Neu-Kunde1!' });
    expect(nameless.statusCode).toBe(422);
    expect(Object.keys(nameless.json().fields).sort()).toEqual(['firstname', 'lastname']);
    expect(
      (await register({ ...name, companyName: 'Neukunde GmbH', password: 'Neu-Kunde1!', passwordRepeated: 'Neu-Kunde1!' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await register({ ...name, companyName: 'Zweite GmbH', password: 'Neu-Kunde1!', passwordRepeated: 'Neu-Kunde1!' }))
        .statusCode,
    ).toBe(409);
    expect((await t.app.inject({ url: `/api/invitation/token/${token}` })).json().passwordRequired).toBe(false);

    const chefin = (await t.login('chefin@neukunde.example', 'Neu-Kunde1!')).json().access_token as string;
    expect((await call(chefin, 'GET', '/api/user/me')).json()).toMatchObject({
      hasAccount: true,
      company: 'Neukunde GmbH',
      firstname: 'Clara',
      lastname: 'Chefin',
    });
    const incoming = (await mine(chefin)).find((i) => i.id === inv.id);
    expect(incoming).toMatchObject({
      role: 'Recipient',
      rights: { accept: true, decline: true, resend: false, withdraw: false, delete: false },
    });
    // The recipient is not the sender: the sender's actions do not exist for them.
    expect((await call(chefin, 'POST', `/api/invitation/${inv.id}/withdraw`)).statusCode).toBe(404);
    expect((await call(chefin, 'DELETE', `/api/invitation/${inv.id}`)).statusCode).toBe(404);
    // Another tenant cannot see, accept or delete it.
    expect((await mine(other)).some((i) => i.id === inv.id)).toBe(false);
    expect((await call(other, 'POST', `/api/invitation/${inv.id}/accept`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/invitation/${inv.id}`)).statusCode).toBe(404);
    // Nor can the sender accept their own.
    expect((await call(admin, 'POST', `/api/invitation/${inv.id}/accept`)).statusCode).toBe(404);

    const accepted = await call(chefin, 'POST', `/api/invitation/${inv.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ purpose: 'AsClient', companyName: 'Muster Datenschutz GmbH' });
    const clients = (await call(admin, 'GET', '/api/company/list-items')).json() as { name: string }[];
    expect(clients.map((c) => c.name)).toContain('Neukunde GmbH');
    expect((await mine(admin)).find((i) => i.id === inv.id)).toMatchObject({ status: 'Accepted', rights: { delete: false } });
    // The used link and a second answer are refused.
    const reused = await t.app.inject({ url: `/api/invitation/token/${token}` });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toContain('bereits beantwortet');
    expect((await call(chefin, 'POST', `/api/invitation/${inv.id}/accept`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/invitation/${inv.id}`)).statusCode).toBe(409);
  });

  it('as DPO to an existing user: accepting makes them the company DPO with access to it', async () => {
    const inv = (await invite(other, 'AsDpo', 'admin@demo.local')).json();
    expect(inv.status).toBe('Pending');
    const { mail } = await tokenIn('admin@demo.local');
    expect(mail.body).toContain('Datenschutzbeauftragte/r des Unternehmens Fremdfirma AG');
    const before = (await call(admin, 'GET', '/api/company/list-items')).json() as { name: string }[];
    expect(before.map((c) => c.name)).not.toContain('Fremdfirma AG');
    const res = await call(admin, 'POST', `/api/invitation/${inv.id}/accept`);
    expect(res.json()).toEqual({ purpose: 'AsDpo', companyName: 'Fremdfirma AG' });
    // The company is not one of the agency's: it is reached through the grant, as its own scope.
    const after = (await call(admin, 'GET', '/api/company/list-items')).json() as { id: string; name: string }[];
    expect(after.map((c) => c.name)).not.toContain('Fremdfirma AG');
    const granted = (await call(admin, 'GET', '/api/company/granted')).json() as { id: string; name: string }[];
    const foreign = granted.find((c) => c.name === 'Fremdfirma AG')!;
    expect(foreign).toBeDefined();
    const detail = (await call(other, 'GET', `/api/company/${foreign.id}`)).json();
    expect(detail.dataPrivacyAgentId ?? detail.dataPrivacyAgent?.id).toBe((await call(admin, 'GET', '/api/user/me')).json().id);
  });

  it('decline, withdraw, expiry, resend and delete follow the status; the answer is by role', async () => {
    const first = (await invite(admin, 'AsClient', 'other@demo.local')).json();
    expect((await call(other, 'POST', `/api/invitation/${first.id}/decline`)).statusCode).toBe(204);
    expect((await mine(admin)).find((i) => i.id === first.id)).toMatchObject({
      status: 'Declined',
      rights: { resend: false, withdraw: false, delete: true },
    });
    expect((await call(admin, 'POST', `/api/invitation/${first.id}/resend`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/invitation/${first.id}`)).statusCode).toBe(204);
    expect((await mine(admin)).some((i) => i.id === first.id)).toBe(false);

    const second = (await invite(admin, 'AsClient', 'other@demo.local')).json();
    const { token } = await tokenIn('other@demo.local');
    const withdrawn = await call(admin, 'POST', `/api/invitation/${second.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'Withdrawn', rights: { delete: false } });
    expect((await lastMail(t, 'other@demo.local'))!.subject).toContain('zurückgezogen');
    const refused = await call(other, 'POST', `/api/invitation/${second.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('zurückgezogen');
    expect((await t.app.inject({ url: `/api/invitation/token/${token}` })).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/invitation/${second.id}`)).statusCode).toBe(409);

    const third = (await invite(admin, 'AsClient', 'other@demo.local')).json();
    const { token: oldToken } = await tokenIn('other@demo.local');
    t.clock.advance(15 * 86_400_000);
    try {
      expect((await mine(other)).find((i) => i.id === third.id)).toMatchObject({ expired: true, rights: { accept: false } });
      const expired = await call(other, 'POST', `/api/invitation/${third.id}/accept`);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toContain('abgelaufen');
      // A reader of the sending company sees nothing of it; the sender renews it with a new link.
      expect((await call(reader, 'POST', `/api/invitation/${third.id}/resend`)).statusCode).toBe(404);
      const resent = await call(admin, 'POST', `/api/invitation/${third.id}/resend`);
      expect(resent.json()).toMatchObject({ status: 'Pending', expired: false });
      const { mail, token: newToken } = await tokenIn('other@demo.local');
      expect(mail.subject).toContain('Erinnerung');
      expect(newToken).not.toBe(oldToken);
      expect((await t.app.inject({ url: `/api/invitation/token/${oldToken}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/invitation/token/${newToken}` })).json().passwordRequired).toBe(false);
    } finally {
      t.clock.advance(-15 * 86_400_000);
    }
  });
});
