import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, mailOutbox, passwordResetToken, role, roleClaim, userCompany, userRole } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, multipart, userId } from '../../test/helpers';

/**
 * Every administration endpoint refuses a reader (read claims only) with 403 before it touches
 * anything. The bodies are valid, so the refusal comes from the claim guard and not from
 * validation; a snapshot of the administration tables shows that nothing changed.
 */
describe('administration endpoints refuse a reader', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let bakery: string;
  let readerId: string;
  let targetId: string;
  let customRoleId: string;
  let adminRoleId: string;
  let png: Buffer;

  const snapshot = async () => {
    const tables = [company, appUser, userRole, userCompany, role, roleClaim, mailOutbox, passwordResetToken] as const;
    const all = await Promise.all(tables.map((table) => t.db.select().from(table)));
    // Row order is not part of the state.
    return all.map((rows) => rows.map((r) => JSON.stringify(r)).sort());
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    // Something for each refused call to change: a logo, a custom role, a user with two factors.
    const logo = multipart('logo.png', 'image/png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/company/${bakery}/logo`,
      payload: logo.payload,
      headers: { ...t.auth(admin), ...logo.headers },
    });
    expect(up.statusCode).toBe(204);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/role',
      headers: t.auth(admin),
      payload: { name: 'Prüfer', claims: ['Issue.Read'] },
    });
    customRoleId = created.json().id;
    const roles = (await t.app.inject({ url: '/api/role', headers: t.auth(admin) })).json();
    adminRoleId = roles.find((r: { key: string | null }) => r.key === 'administrator').id;
    targetId = await addUserWithClaims(t, { email: 'ziel@demo.local', companyId: bakery, claims: ['Issue.Read'] });
    await t.db.update(appUser).set({ totpSecret: 'encrypted-secret' }).where(eq(appUser.id, targetId));
    readerId = await userId(t, 'reader@demo.local');
    reader = await t.tokenFor('reader@demo.local');
  });
  afterAll(() => t.close());

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth(reader), ...(payload ? { payload } : {}) });
  const userBody = (over: Record<string, unknown> = {}) => ({
    firstname: 'Eva',
    lastname: 'Eindringling',
    email: 'eva@demo.local',
    companyId: bakery,
    roleIds: [adminRoleId],
    ...over,
  });

  const expectRefused = async (label: string, res: Awaited<ReturnType<typeof as>>) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
    expect(res.json().code, label).toBe('forbidden');
  };

  it('company logo upload and delete', async () => {
    const before = await snapshot();
    const logo = multipart('logo.png', 'image/png', png);
    await expectRefused(
      'upload logo',
      await t.app.inject({
        method: 'POST',
        url: `/api/company/${bakery}/logo`,
        payload: logo.payload,
        headers: { ...t.auth(reader), ...logo.headers },
      }),
    );
    await expectRefused('delete logo', await as('DELETE', `/api/company/${bakery}/logo`));
    expect(await snapshot()).toEqual(before);
    const served = await t.app.inject({ url: `/api/company/${bakery}/logo?width=40&height=40`, headers: t.auth(admin) });
    expect(served.statusCode).toBe(200);
  });

  it('user administration: list, read, create, update, invitation, two-factor reset', async () => {
    const before = await snapshot();
    await expectRefused('list users', await as('GET', '/api/user'));
    await expectRefused('read user', await as('GET', `/api/user/${targetId}`));
    await expectRefused('create user', await as('POST', '/api/user', userBody()));
    await expectRefused(
      'update user',
      await as('PUT', `/api/user/${targetId}`, userBody({ email: 'ziel@demo.local', isActive: false })),
    );
    await expectRefused(
      'promote self',
      await as(
        'PUT',
        `/api/user/${readerId}`,
        userBody({ firstname: 'Ralf', lastname: 'Leser', email: 'reader@demo.local', companyIds: [bakery] }),
      ),
    );
    await expectRefused('resend invitation', await as('POST', `/api/user/${targetId}/invite`));
    await expectRefused('reset two-factor', await as('POST', `/api/user/${targetId}/reset-two-factor`));
    await expectRefused('force password change', await as('POST', `/api/user/${targetId}/force-password-change`));
    await expectRefused('unlock', await as('POST', `/api/user/${targetId}/unlock`));
    expect(await snapshot()).toEqual(before);
  });

  it('roles: update and delete', async () => {
    const before = await snapshot();
    await expectRefused(
      'update role',
      await as('PUT', `/api/role/${customRoleId}`, { name: 'Alles', claims: ['User.Read', 'User.Write', 'Role.Write'] }),
    );
    await expectRefused('delete role', await as('DELETE', `/api/role/${customRoleId}`));
    expect(await snapshot()).toEqual(before);
  });

  it('company security settings', async () => {
    const before = await snapshot();
    await expectRefused(
      'security settings',
      await as('PUT', `/api/company/${bakery}/security`, { ipAllowList: ['10.0.0.0/8'], passwordExpiryDays: 1 }),
    );
    expect(await snapshot()).toEqual(before);
  });
});
