import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, companyGrant, role } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail, userId } from '../../test/helpers';

/**
 * A company that grants a person of another tenant access (an accepted DPO invitation) decides
 * what that person may do in it; the person's home tenant never administers the company through
 * them.
 */
describe('grants across tenants', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let readerId: string;
  let fremdfirma: string;
  let roles: Record<string, string>;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tenant?: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth(token, tenant ? { 'x-tenant': tenant } : {}), ...(payload ? { payload } : {}) });
  const grantOf = async () => (await t.db.select().from(companyGrant).where(eq(companyGrant.userId, readerId)))[0] ?? null;
  const accept = async () => {
    const [inv] = (await call(reader, 'GET', '/api/invitation')).json() as { id: string; purpose: string }[];
    expect(inv).toMatchObject({ purpose: 'AsDpo' });
    expect((await call(reader, 'POST', `/api/invitation/${inv!.id}/accept`)).statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, reader, other] = await Promise.all([
      t.tokenFor('admin@demo.local'),
      t.tokenFor('reader@demo.local'),
      t.tokenFor('other@demo.local'),
    ]);
    readerId = await userId(t, 'reader@demo.local');
    [{ id: fremdfirma }] = (await t.db.select({ id: company.id }).from(company).where(eq(company.name, 'Fremdfirma AG'))) as [
      { id: string },
    ];
    roles = Object.fromEntries(
      (await t.db.select({ id: role.id, key: role.key }).from(role).where(sql`${role.key} is not null`)).map((r) => [
        r.key,
        r.id,
      ]),
    );
    await accept();
  });
  afterAll(() => t.close());

  it("gives the accepting DPO the role the inviting company chose, never their home tenant's", async () => {
    expect(await grantOf()).toMatchObject({ companyId: fremdfirma, roleIds: [roles['external-dpo']] });
    // The agency makes its client's reader an administrator at home …
    const home = (await call(admin, 'GET', `/api/user/${readerId}`)).json();
    const promoted = await call(admin, 'PUT', `/api/user/${readerId}`, undefined, {
      ...home,
      roleIds: [roles.administrator],
    });
    expect(promoted.statusCode).toBe(200);
    // … which changes nothing in Fremdfirma: no user, role, company or security administration.
    expect((await call(reader, 'GET', '/api/user', fremdfirma)).statusCode).toBe(403);
    const created = await call(reader, 'POST', '/api/user', fremdfirma, {
      firstname: 'Eve',
      lastname: 'Angreifer',
      email: 'eve@example.com',
      companyId: fremdfirma,
      roleIds: [roles.administrator],
    });
    expect(created.statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/role', fremdfirma)).statusCode).toBe(403);
    const detail = await call(reader, 'GET', `/api/company/${fremdfirma}`, fremdfirma);
    if (detail.statusCode === 200) {
      expect(detail.json().rights.write).toBe(false);
      expect((await call(reader, 'PUT', `/api/company/${fremdfirma}`, fremdfirma, detail.json())).statusCode).toBe(403);
    }
    // The registers are theirs to work in.
    const issue = await call(reader, 'POST', '/api/issue', fremdfirma, { name: 'Prüfung DSB', data: { priority: 'Low' } });
    expect(issue.statusCode).toBe(201);
    // Their scope is that company with the grant's claims.
    const me = (await call(reader, 'PUT', '/api/user/scope', fremdfirma, { companyId: fremdfirma })).json();
    expect(me.scopeCompany).toMatchObject({ id: fremdfirma, name: 'Fremdfirma AG' });
    expect(me.claims).toContain('Issue.Write');
    expect(me.claims).not.toContain('User.Write');
    expect(me.company).toBe('Bäckerei Schmidt');
    // /api/user/me without X-Tenant starts in the stored scope, with its claims.
    expect((await call(reader, 'GET', '/api/user/me')).json()).toMatchObject({ scopeCompany: { id: fremdfirma } });
    expect((await call(reader, 'GET', '/api/user/me')).json().claims).not.toContain('User.Write');
    // At home, nothing of Fremdfirma is visible.
    const homeIssues = (await call(reader, 'GET', '/api/issue')).json();
    expect(homeIssues.items.some((i: { name: string }) => i.name === 'Prüfung DSB')).toBe(false);
    expect((await call(reader, 'GET', '/api/company/granted')).json()).toMatchObject([{ id: fremdfirma, name: 'Fremdfirma AG' }]);
    // Back home: the home role holds again.
    const back = (await call(reader, 'PUT', '/api/user/scope', undefined, { companyId: null })).json();
    expect(back.claims).toContain('User.Write');
  });

  it('shows the external person to the granting company, which changes their role and nothing else', async () => {
    const list = (await call(other, 'GET', '/api/user')).json() as { id: string; external: unknown; rights: object }[];
    const person = list.find((u) => u.id === readerId);
    expect(person).toMatchObject({
      companyName: 'Bäckerei Schmidt',
      roleIds: [],
      external: {
        homeCompanyName: 'Bäckerei Schmidt',
        grants: [{ companyId: fremdfirma, companyName: 'Fremdfirma AG', roleNames: ['Externe/r Datenschutzbeauftragte/r'] }],
      },
      rights: { write: false, deactivate: false, grant: true },
    });
    expect((await call(other, 'GET', `/api/user/${readerId}`)).statusCode).toBe(200);
    // Their account is their home tenant's: no edit, password link or second-factor reset.
    const edit = await call(other, 'PUT', `/api/user/${readerId}`, undefined, {
      firstname: 'Ralf',
      lastname: 'Leser',
      email: 'attacker@example.com',
      companyId: fremdfirma,
      roleIds: [roles.administrator],
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('forbidden');
    expect((await call(other, 'POST', `/api/user/${readerId}/invite`)).statusCode).toBe(403);
    expect((await call(other, 'POST', `/api/user/${readerId}/reset-two-factor`)).statusCode).toBe(403);
    expect((await call(other, 'POST', `/api/user/${readerId}/unlock`)).statusCode).toBe(403);
    // Operator roles are never granted; unknown roles are refused.
    const operator = await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, {
      companyId: fremdfirma,
      roleIds: [roles.operator],
    });
    expect(operator.statusCode).toBe(422);
    // Read only from the next request on.
    const changed = await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, {
      companyId: fremdfirma,
      roleIds: [roles.reader],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().external.grants[0].roleNames).toEqual(['Leser']);
    const write = await call(reader, 'POST', '/api/issue', fremdfirma, { name: 'Nicht mehr', data: { priority: 'Low' } });
    expect(write.statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/issue', fremdfirma)).statusCode).toBe(200);
    // A company the grant does not cover is not the caller's to change.
    const agency = (await call(admin, 'GET', '/api/user/me')).json().companyId as string;
    expect(
      (await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, { companyId: agency, roleIds: [roles.reader] }))
        .statusCode,
    ).toBe(404);
    await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, {
      companyId: fremdfirma,
      roleIds: [roles['external-dpo']],
    });
  });

  it("lets the home tenant neither take over the person's address nor their password there", async () => {
    const home = (await call(admin, 'GET', `/api/user/${readerId}`)).json();
    const moved = await call(admin, 'PUT', `/api/user/${readerId}`, undefined, { ...home, email: 'ralf.neu@example.com' });
    expect(moved.statusCode).toBe(200);
    // The address changes only once the new one confirms; the old one is told.
    expect(moved.json()).toMatchObject({ email: 'reader@demo.local', pendingEmail: 'ralf.neu@example.com' });
    expect((await lastMail(t, 'ralf.neu@example.com'))?.template).toBe('email-change');
    expect((await lastMail(t, 'reader@demo.local'))?.template).toBe('email-change-notice');

    // An administrator-sent password link suspends the grant until Fremdfirma resumes it.
    expect((await call(admin, 'POST', `/api/user/${readerId}/invite`)).statusCode).toBe(204);
    expect(await grantOf()).toMatchObject({ suspendedReason: 'passwordLink' });
    expect((await call(reader, 'GET', '/api/issue', fremdfirma)).statusCode).toBe(403);
    const seen = (await call(other, 'GET', `/api/user/${readerId}`)).json();
    expect(seen.external.grants[0]).toMatchObject({ suspendedReason: 'passwordLink' });
    const resumed = await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, {
      companyId: fremdfirma,
      roleIds: [roles['external-dpo']],
    });
    expect(resumed.json().external.grants[0].suspendedAt).toBeNull();
    expect((await call(reader, 'GET', '/api/issue', fremdfirma)).statusCode).toBe(200);

    // So does a second-factor reset.
    expect((await call(admin, 'POST', `/api/user/${readerId}/reset-two-factor`)).statusCode).toBe(204);
    expect(await grantOf()).toMatchObject({ suspendedReason: 'secondFactorReset' });
    await call(other, 'PUT', `/api/user/${readerId}/grant`, undefined, {
      companyId: fremdfirma,
      roleIds: [roles['external-dpo']],
    });
  });

  it('names the company the last administrator protects', async () => {
    const otto = await userId(t, 'other@demo.local');
    const me = (await call(other, 'GET', `/api/user/${otto}`)).json();
    const res = await call(other, 'PUT', `/api/user/${otto}`, undefined, { ...me, roleIds: [roles.reader] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Fremdfirma AG');
    expect(res.json().message).not.toMatch(/Sie sind die letzte/);
  });

  it('ends the grant on revocation, from the next request on, and logs it for both companies', async () => {
    expect((await call(reader, 'GET', '/api/issue', fremdfirma)).statusCode).toBe(200);
    const res = await call(other, 'DELETE', `/api/user/${readerId}/grant?companyId=${fremdfirma}`);
    expect(res.statusCode).toBe(204);
    const after = await call(reader, 'GET', '/api/issue', fremdfirma);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('scope_forbidden');
    expect((await call(reader, 'GET', '/api/company/granted')).json()).toEqual([]);
    // No longer the company's DPO, and no longer its scope.
    const [f] = await t.db.select({ agent: company.dataPrivacyAgentId }).from(company).where(eq(company.id, fremdfirma));
    expect(f!.agent).toBeNull();
    expect((await call(reader, 'GET', '/api/user/me')).json().scopeCompany?.id).not.toBe(fremdfirma);
    const logOf = async (token: string) =>
      ((await call(token, 'GET', `/api/security-log?type=grant.revoked`)).json() as { items: { userId: string }[] }).items;
    expect((await logOf(other)).map((e) => e.userId)).toContain(readerId);
    expect((await logOf(admin)).map((e) => e.userId)).toContain(readerId);
    expect(((await call(other, 'GET', '/api/user')).json() as { id: string }[]).some((u) => u.id === readerId)).toBe(false);
  });

  it("revokes the DPO's grant when the company clears its DPO field", async () => {
    // A new invitation, accepted again.
    const sent = await call(other, 'POST', '/api/invitation', undefined, {
      purpose: 'AsDpo',
      recipient: 'reader@demo.local',
      grantRoleIds: [roles.reader],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().grantRoleNames).toEqual(['Leser']);
    await accept();
    expect(await grantOf()).toMatchObject({ roleIds: [roles.reader] });
    const detail = (await call(other, 'GET', `/api/company/${fremdfirma}`)).json();
    expect(detail).toMatchObject({ dataPrivacyAgentId: readerId, dataPrivacyAgentGranted: true });
    const saved = await call(other, 'PUT', `/api/company/${fremdfirma}`, undefined, { ...detail, dataPrivacyAgentId: null });
    expect(saved.statusCode).toBe(200);
    expect(await grantOf()).toBeNull();
    expect((await call(reader, 'GET', '/api/issue', fremdfirma)).statusCode).toBe(403);
  });

  it('refuses an invitation that would grant roles the sender may not give', async () => {
    const res = await call(other, 'POST', '/api/invitation', undefined, {
      purpose: 'AsDpo',
      recipient: 'dsb@example.com',
      grantRoleIds: [roles.operator],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.grantRoleIds).toBeDefined();
  });
});
