import { itemTypeDefs, NOTIFICATION_DEFAULTS } from '@pc/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { appUser, company, notification } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';
import { runNotificationPass } from './scheduler';

/**
 * Notification settings: the defaults the product states, a user's own choice per category,
 * the defaults an account's administrators set for their users, and what in-app off does.
 */
describe('notification settings', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let adminId: string;
  const get = async (token: string) => {
    const res = await t.app.inject({ url: '/api/user/notifications', headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { securityNotices: boolean; categories: { category: string; inApp: boolean; email: string }[] };
  };
  const put = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/user/notifications', headers: t.auth(token), payload });
  const channel = async (token: string, category: string) => (await get(token)).categories.find((c) => c.category === category);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    other = await t.tokenFor('other@demo.local');
    const [a] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    adminId = a!.id;
  });
  afterAll(() => t.close());

  it('starts with the stated defaults: deadlines of breaches and requests mailed at once, assignments and due dates in the digest', async () => {
    const s = await get(reader);
    expect(s.securityNotices).toBe(true);
    expect(s.categories).toEqual(NOTIFICATION_DEFAULTS);
    expect(s.categories.find((c) => c.category === 'breach')).toEqual({ category: 'breach', inApp: true, email: 'immediately' });
    expect(s.categories.find((c) => c.category === 'request')).toEqual({
      category: 'request',
      inApp: true,
      email: 'immediately',
    });
    expect(s.categories.find((c) => c.category === 'assigned')).toEqual({ category: 'assigned', inApp: true, email: 'digest' });
    expect(s.categories.find((c) => c.category === 'due')).toEqual({ category: 'due', inApp: true, email: 'digest' });
  });

  it('stores a choice per category and keeps the security notices beside them', async () => {
    const res = await put(reader, {
      securityNotices: false,
      categories: [
        { category: 'due', inApp: false, email: 'immediately' },
        { category: 'breach', inApp: true, email: 'off' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().securityNotices).toBe(false);
    const s = await get(reader);
    expect(s.categories.find((c) => c.category === 'due')).toEqual({ category: 'due', inApp: false, email: 'immediately' });
    expect(s.categories.find((c) => c.category === 'breach')).toEqual({ category: 'breach', inApp: true, email: 'off' });
    // Saving the security notices alone leaves the categories as they are.
    await put(reader, { securityNotices: true });
    expect(await channel(reader, 'due')).toEqual({ category: 'due', inApp: false, email: 'immediately' });
    // Unknown categories and modes are refused with field messages.
    const bad = await put(reader, { securityNotices: true, categories: [{ category: 'spam', inApp: true, email: 'sometimes' }] });
    expect(bad.statusCode).toBe(422);
    // Each user's choice is their own.
    expect(await channel(admin, 'due')).toEqual({ category: 'due', inApp: true, email: 'digest' });
  });

  it("lets the account's administrators set their company's defaults; a user's own choice wins", async () => {
    const asReader = await t.app.inject({ url: '/api/account/notification-defaults', headers: t.auth(reader) });
    expect(asReader.json().rights).toEqual({ write: false });
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notification-defaults',
      headers: t.auth(reader),
      payload: { categories: [] },
    });
    expect(denied.statusCode).toBe(403);
    const before = await t.app.inject({ url: '/api/account/notification-defaults', headers: t.auth(admin) });
    expect(before.json()).toEqual({ categories: NOTIFICATION_DEFAULTS, rights: { write: true } });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notification-defaults',
      headers: t.auth(admin),
      payload: { categories: [{ category: 'assigned', inApp: true, email: 'immediately' }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().categories.find((c: { category: string }) => c.category === 'assigned').email).toBe('immediately');
    // Applies to the agency's users who chose nothing themselves…
    expect(await channel(admin, 'assigned')).toEqual({ category: 'assigned', inApp: true, email: 'immediately' });
    // …not to another company's users, whose own defaults are untouched.
    expect(await channel(other, 'assigned')).toEqual({ category: 'assigned', inApp: true, email: 'digest' });
    const foreign = await t.app.inject({ url: '/api/account/notification-defaults', headers: t.auth(other) });
    expect(foreign.json().categories).toEqual(NOTIFICATION_DEFAULTS);
    // The user's own choice beats the company's default.
    await put(admin, { securityNotices: true, categories: [{ category: 'assigned', inApp: true, email: 'off' }] });
    expect(await channel(admin, 'assigned')).toEqual({ category: 'assigned', inApp: true, email: 'off' });
  });

  it('keeps a notification of a category turned off in the app out of the list and the count', async () => {
    await put(admin, { securityNotices: true, categories: [{ category: 'due', inApp: false, email: 'off' }] });
    const [bakery] = await t.db.select({ id: company.id }).from(company).where(eq(company.name, 'Bäckerei Schmidt'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery!.id }),
      payload: { name: 'Still', data: sampleData(itemTypeDefs.issue.fields), dueDate: '2031-05-20' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = (await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(admin) })).json().count;
    const pass = await runNotificationPass(t.db as unknown as OwnerDb, {
      timeZone: 'Europe/Berlin',
      now: new Date('2031-05-16T10:00:00Z'),
    });
    expect(pass.created).toEqual({ due_soon: 1 });
    // Written (the step happened once), but neither listed nor counted nor mailed.
    const [row] = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.itemId, created.json().id), eq(notification.recipientId, adminId)));
    expect(row).toMatchObject({ kind: 'due_soon', inApp: false, mailPending: false });
    expect((await t.app.inject({ url: '/api/notification/unread-count', headers: t.auth(admin) })).json().count).toBe(before);
    const list = (await t.app.inject({ url: '/api/notification?kind=due_soon', headers: t.auth(admin) })).json();
    expect(list.items.map((n: { item: { id: string } | null }) => n.item?.id)).not.toContain(created.json().id);
  });
});
