import { itemTypeDefs } from '@pc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, notification, userCompany, userRole } from '../../db/schema/index';
import { roleIdsByKey } from '../../platform/roles/built-in';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';

/**
 * Event notifications and the notification centre's API: who is told about an assignment, a new
 * data breach and a new privacy request, that nobody outside the company (or deactivated) is,
 * and that each user reads and marks only their own.
 */
describe('notifications', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let other: string;
  let otherId: string;
  let bakery: string;
  let editorId: string;
  let editor: string;
  let readerId: string;

  /** Another agency user who may sign in, with one built-in role. */
  async function addAgencyUser(email: string, roleKey: string) {
    const [a] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    const [u] = await t.db
      .insert(appUser)
      .values({ email, firstname: 'Eva', lastname: 'Editor', companyId: a!.companyId, passwordHash: a!.passwordHash })
      .returning({ id: appUser.id });
    const roles = await roleIdsByKey(t.db, [roleKey]);
    await t.db.insert(userRole).values({ userId: u!.id, roleId: roles[roleKey]! });
    await t.db.insert(userCompany).values({ userId: u!.id, companyId: a!.companyId });
    return u!.id;
  }

  const rowsOf = (itemId: string) =>
    t.db
      .select({ kind: notification.kind, recipientId: notification.recipientId })
      .from(notification)
      .where(eq(notification.itemId, itemId));

  async function create(type: 'data-breach' | 'privacy-request' | 'issue', payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: `Neu ${type}`, data: sampleData(itemTypeDefs[type].fields), ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; version: number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const ids = await t.db.select({ id: appUser.id, email: appUser.email }).from(appUser);
    adminId = ids.find((u) => u.email === 'admin@demo.local')!.id;
    otherId = ids.find((u) => u.email === 'other@demo.local')!.id;
    readerId = ids.find((u) => u.email === 'reader@demo.local')!.id;
    const bId = await t.companyIdOf('Bäckerei Schmidt');
    bakery = bId;
    editorId = await addAgencyUser('eva.editor@demo.local', 'editor');
    editor = await t.tokenFor('eva.editor@demo.local');
    await addAgencyUser('rolf.reader@demo.local', 'reader');
  });
  afterAll(() => t.close());

  it('tells a new assignee, not the person who assigned themselves, and each reads only their own', async () => {
    const before = (await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(editor) })).json();
    expect(before).toEqual({ count: 0 });
    const issue = await create('issue', { assigneeId: editorId });
    expect(await rowsOf(issue.id)).toEqual([{ kind: 'assigned', recipientId: editorId }]);

    expect((await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(editor) })).json()).toEqual({
      count: 1,
    });
    const page = (await t.app.inject({ url: '/api/notification?unread=true', headers: t.auth(editor) })).json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'assigned',
      companyId: bakery,
      companyName: 'Bäckerei Schmidt',
      item: { id: issue.id, type: 'issue', name: 'Neu issue' },
      read: false,
    });
    const id = page.items[0].id as string;

    // Another user can neither see nor mark it.
    const foreign = (await t.app.inject({ url: '/api/notification', headers: t.auth(other) })).json();
    expect(foreign.items.some((n: { id: string }) => n.id === id)).toBe(false);
    const stolen = await t.app.inject({ method: 'POST', url: `/api/notification/${id}/read`, headers: t.auth(other) });
    expect(stolen.statusCode).toBe(404);
    const adminMark = await t.app.inject({ method: 'POST', url: `/api/notification/${id}/read`, headers: t.auth(admin) });
    expect(adminMark.statusCode).toBe(404);

    const mark = await t.app.inject({ method: 'POST', url: `/api/notification/${id}/read`, headers: t.auth(editor) });
    expect(mark.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(editor) })).json()).toEqual({
      count: 0,
    });
    const all = (await t.app.inject({ url: '/api/notification?unread=false', headers: t.auth(editor) })).json();
    expect(all.items.map((n: { read: boolean }) => n.read)).toEqual([true]);

    // Saving without a change of assignee tells nobody again; a change to another person does.
    const put = async (payload: Record<string, unknown>) => {
      const cur = (await t.app.inject({ url: `/api/issue/${issue.id}`, headers: t.auth(admin) })).json();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/issue/${issue.id}`,
        headers: t.auth(admin, { 'if-match': `"${cur.version}"` }),
        payload: { name: cur.name, data: cur.data, ownerId: cur.owner?.id ?? null, assigneeId: editorId, ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ description: 'geändert' });
    expect(await rowsOf(issue.id)).toHaveLength(1);
    // The admin makes the editor owner too (new for that role) and takes the assignment himself.
    await put({ ownerId: editorId, assigneeId: adminId });
    expect((await rowsOf(issue.id)).map((r) => r.recipientId)).toEqual([editorId, editorId]);
  });

  it('tells the recorder, the owner and everyone who may write breaches about a new breach, nobody else', async () => {
    const breach = await create('data-breach', {});
    const to = (await rowsOf(breach.id)).map((r) => `${r.kind}:${r.recipientId}`);
    // The administrator recorded and owns it; the agency's editor may write breaches there; the
    // agency's reader, the bakery's reader and another tenant's administrator may not.
    expect(to.sort()).toEqual([`breach_created:${adminId}`, `breach_created:${editorId}`].sort());
  });

  it('tells the company DPO user about a breach and a privacy request, unless deactivated', async () => {
    await t.db.update(company).set({ dataPrivacyAgentId: readerId }).where(eq(company.id, bakery));
    const breach = await create('data-breach', {});
    expect((await rowsOf(breach.id)).map((r) => r.recipientId)).toContain(readerId);
    const request = await create('privacy-request', {});
    expect(await rowsOf(request.id)).toEqual(
      expect.arrayContaining([
        { kind: 'request_received', recipientId: adminId },
        { kind: 'request_received', recipientId: readerId },
      ]),
    );
    expect(await rowsOf(request.id)).toHaveLength(2);

    await t.db.update(appUser).set({ isActive: false }).where(eq(appUser.id, readerId));
    const later = await create('privacy-request', {});
    expect(await rowsOf(later.id)).toEqual([{ kind: 'request_received', recipientId: adminId }]);
    await t.db.update(appUser).set({ isActive: true }).where(eq(appUser.id, readerId));
    await t.db.update(company).set({ dataPrivacyAgentId: null }).where(eq(company.id, bakery));
  });

  it('tells nobody about a company they cannot see', async () => {
    // A user of another tenant named as DPO user is still not told: they cannot open the company.
    await t.db.update(company).set({ dataPrivacyAgentId: otherId }).where(eq(company.id, bakery));
    const request = await create('privacy-request', {});
    expect(await rowsOf(request.id)).toEqual([{ kind: 'request_received', recipientId: adminId }]);
    await t.db.update(company).set({ dataPrivacyAgentId: null }).where(eq(company.id, bakery));
  });

  it('marks all read, pages on the server and refuses bad input with 422', async () => {
    const page = (await t.app.inject({ url: '/api/notification?pageSize=1&page=0', headers: t.auth(admin) })).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const kinds = (await t.app.inject({ url: '/api/notification?kind=request_received', headers: t.auth(admin) })).json();
    expect(kinds.items.every((n: { kind: string }) => n.kind === 'request_received')).toBe(true);
    expect(kinds.total).toBe(3);

    const all = await t.app.inject({ method: 'POST', url: '/api/notification/read-all', headers: t.auth(admin) });
    expect(all.statusCode).toBe(200);
    expect(all.json().marked).toBe(page.total);
    expect((await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(admin) })).json()).toEqual({
      count: 0,
    });

    for (const url of ['/api/notification?pageSize=0', '/api/notification?kind=spam', '/api/notification?unread=maybe']) {
      expect((await t.app.inject({ url, headers: t.auth(admin) })).statusCode, url).toBe(422);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/notification/nope/read', headers: t.auth(admin) });
    expect(bad.statusCode).toBe(422);
    // Nothing reached the other tenant's administrator in all of this.
    expect(await t.db.select().from(notification).where(eq(notification.recipientId, otherId))).toEqual([]);
  });

  it('counts unread entries up to 100, the bell shows more as 99+', async () => {
    const count = async () =>
      (await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(admin) })).json().count as number;
    const rows = (n: number, kind: string) =>
      Array.from({ length: n }, (_, i) => ({ companyId: bakery, recipientId: adminId, kind, threshold: String(i) }));
    await t.db.insert(notification).values(rows(99, 'due_soon'));
    expect(await count()).toBe(99);
    await t.db.insert(notification).values(rows(150, 'assigned'));
    expect(await count()).toBe(100);
    const all = await t.app.inject({ method: 'POST', url: '/api/notification/read-all', headers: t.auth(admin) });
    expect(all.json().marked).toBe(249);
    expect(await count()).toBe(0);
  });
});
