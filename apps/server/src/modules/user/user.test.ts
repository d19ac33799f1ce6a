import { userMeSchema } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

describe('user endpoints', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    const list = await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) });
    ids = Object.fromEntries(list.json().map((c: { name: string; id: string }) => [c.name, c.id]));
  });
  afterAll(() => t.close());

  it('GET /api/user/me returns the spec fields and the claims', async () => {
    const res = await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) });
    expect(res.statusCode).toBe(200);
    const me = userMeSchema.parse(res.json());
    expect(me).toMatchObject({
      firstname: 'Anna',
      lastname: 'Admin',
      email: 'admin@demo.local',
      company: 'Muster Datenschutz GmbH',
      scopeCompany: null,
      canSwitchCompanies: true,
      hasAccount: true,
      isAdministrator: true,
    });
    expect(me.claims).toContain('Issue.Read');
    expect(me.claims).toContain('User.SwitchCompany');
  });

  it('gives the reader read claims only', async () => {
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(reader) })).json();
    expect(me.claims.length).toBeGreaterThan(0);
    expect(me.claims.every((c: string) => c.endsWith('.Read') || c === 'Document.ReadExtended')).toBe(true);
    expect(me.isAdministrator).toBe(false);
    expect(me.canSwitchCompanies).toBe(false);
  });

  it('stores the scope and restores it at the next login', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/user/scope',
      headers: t.auth(admin),
      payload: { companyId: ids['Beispiel Gruppe'] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().scopeCompany).toMatchObject({ name: 'Beispiel Gruppe', type: 'Group' });
    const again = await t.tokenFor('admin@demo.local');
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(again) })).json();
    expect(me.scopeCompany.name).toBe('Beispiel Gruppe');
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/user/scope',
      headers: t.auth(admin),
      payload: { companyId: null },
    });
    expect(cleared.json().scopeCompany).toBeNull();
  });

  it('refuses a scope outside the companies the user may see, and changes nothing', async () => {
    const other = await t.tokenFor('other@demo.local');
    const otherCompany = (await t.app.inject({ url: '/api/user/me', headers: t.auth(other) })).json().companyId;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/scope',
      headers: t.auth(admin),
      payload: { companyId: otherCompany },
    });
    expect(put.statusCode).toBe(404);
    const header = await t.app.inject({ url: '/api/user/me', headers: t.auth(admin, { 'x-tenant': otherCompany }) });
    expect(header.statusCode).toBe(403);
    expect(header.json().code).toBe('scope_forbidden');
    const garbage = await t.app.inject({ url: '/api/user/me', headers: t.auth(admin, { 'x-tenant': 'not-a-uuid' }) });
    expect(garbage.statusCode).toBe(403);
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) })).json();
    expect(me.scopeCompany).toBeNull();
  });

  it('gives a user who sees one company that company as scope, without choosing', async () => {
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(reader) })).json();
    expect(me.canSwitchCompanies).toBe(false);
    expect(me.scopeCompany).toMatchObject({ id: me.companyId });
    // The documents of the scope open without an X-Tenant header.
    const docs = await t.app.inject({ url: '/api/attachment', headers: t.auth(reader) });
    expect(docs.statusCode).toBe(200);
  });

  it('a reader without User.SwitchCompany cannot store a scope', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/scope',
      headers: t.auth(reader),
      payload: { companyId: null },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('validates the scope body with a 422 and field messages', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/scope', headers: t.auth(admin), payload: { companyId: 42 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().fields)).toContain('companyId');
  });

  it('stores the language and answers errors in the requested language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: t.auth(reader),
      payload: { language: 'en' },
    });
    expect(res.json().language).toBe('en');
    const en = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json()).toMatchObject({ code: 'not_found', message: expect.stringMatching(/^This entry was not found\./) });
    const de = await t.app.inject({ url: '/api/user/me', headers: { 'accept-language': 'de-DE' } });
    expect(de.json().message).toBe('Sie sind nicht (mehr) angemeldet. Bitte melden Sie sich an.');
  });
});

describe('user administration endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('looks up the users of visible companies only', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const names = (await t.app.inject({ url: '/api/user/lookup', headers: t.auth(admin) }))
      .json()
      .map((u: { email: string }) => u.email);
    expect(names.sort()).toEqual(['admin@demo.local', 'reader@demo.local']);
    const other = await t.tokenFor('other@demo.local');
    expect(
      (await t.app.inject({ url: '/api/user/lookup', headers: t.auth(other) })).json().map((u: { email: string }) => u.email),
    ).toEqual(['other@demo.local']);
  });

  it('forces a password change for a visible user; readers and other tenants cannot', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const users = (await t.app.inject({ url: '/api/user/lookup', headers: t.auth(admin) })).json();
    const reader = users.find((u: { email: string }) => u.email === 'reader@demo.local');
    const other = await t.tokenFor('other@demo.local');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/user/${reader.id}/force-password-change`, headers: t.auth(other) }))
        .statusCode,
    ).toBe(404);
    const readerToken = await t.tokenFor('reader@demo.local');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/user/${reader.id}/force-password-change`, headers: t.auth(readerToken) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/user/${reader.id}/force-password-change`, headers: t.auth(admin) }))
        .statusCode,
    ).toBe(204);
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(readerToken) })).json();
    expect(me.lockReason).toBe('PasswordExpired');
  });

  it('sends the caller’s rights with every user of the administration', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const companies = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = companies.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const list = (await t.app.inject({ url: '/api/user', headers: t.auth(admin) })).json();
    expect(list.length).toBeGreaterThan(1);
    // Everyone may be deactivated but the caller themselves.
    for (const u of list) expect(u.rights).toEqual({ grant: false, write: true, deactivate: u.email !== 'admin@demo.local' });
    const one = (await t.app.inject({ url: `/api/user/${list[0].id}`, headers: t.auth(admin) })).json();
    expect(one.rights).toEqual(list[0].rights);
    // Reading users without User.Write: every row without rights, and changes refused.
    await addUserWithClaims(t, { email: 'nur-lesen@demo.local', companyId: bakery, claims: ['User.Read'] });
    const token = await t.tokenFor('nur-lesen@demo.local');
    const asReader = (await t.app.inject({ url: '/api/user', headers: t.auth(token) })).json();
    expect(asReader.length).toBeGreaterThan(0);
    for (const u of asReader) expect(u.rights).toEqual({ write: false, deactivate: false, grant: false });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/user/${asReader[0].id}/invite`, headers: t.auth(token) })).statusCode,
    ).toBe(403);
  });
});
