import { itemTypeDefs } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { appUser, notification, userCompany, userRole } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { roleIdsByKey } from '../../platform/roles/built-in';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';
import { runNotificationPass } from './scheduler';

const BERLIN = 'Europe/Berlin';
const HOUR = 3_600_000;

/**
 * The scheduled pass: which reminder a due date calls for on a given day in Berlin, once per
 * item, step and recipient; a missed pass catches up without stale steps; a changed due date
 * re-arms; closed and deleted items and users who lost access get nothing; breaches at 24/48/66 h.
 */
describe('notification pass', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let editorId: string;
  let bakery: string;
  const pass = (iso: string | Date) => runNotificationPass(t.db as unknown as OwnerDb, { timeZone: BERLIN, now: new Date(iso) });
  const rowsOf = async (itemId: string) =>
    (
      await t.db
        .select({ kind: notification.kind, threshold: notification.threshold, recipientId: notification.recipientId })
        .from(notification)
        .where(eq(notification.itemId, itemId))
    )
      .map(
        (r) =>
          `${r.kind}:${r.threshold}:${r.recipientId === adminId ? 'admin' : r.recipientId === editorId ? 'editor' : r.recipientId}`,
      )
      .sort();

  async function create(type: 'issue' | 'data-breach' | 'privacy-request', payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: `Frist ${type}`, data: sampleData(itemTypeDefs[type].fields), ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; dueDate: string | null; data: Record<string, unknown> };
  }
  async function put(type: 'issue' | 'data-breach', id: string, payload: Record<string, unknown>) {
    const cur = (await t.app.inject({ url: `/api/${type}/${id}`, headers: t.auth(admin) })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/${type}/${id}`,
      headers: t.auth(admin, { 'if-match': `"${cur.version}"` }),
      payload: {
        name: cur.name,
        data: cur.data,
        dueDate: cur.dueDate,
        status: cur.status,
        ownerId: cur.owner?.id ?? null,
        assigneeId: cur.assignee?.id ?? null,
        ...payload,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const [a] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    adminId = a!.id;
    const [u] = await t.db
      .insert(appUser)
      .values({ email: 'eva.editor@demo.local', firstname: 'Eva', lastname: 'Editor', companyId: a!.companyId })
      .returning({ id: appUser.id });
    editorId = u!.id;
    const roles = await roleIdsByKey(t.db, ['editor']);
    await t.db.insert(userRole).values({ userId: editorId, roleId: roles.editor! });
    await t.db.insert(userCompany).values({ userId: editorId, companyId: a!.companyId });
    const bId = await t.companyIdOf('Bäckerei Schmidt');
    bakery = bId;
  });
  afterAll(() => t.close());

  it('sends due soon, due tomorrow and overdue once each, to owner and assignee', async () => {
    const issue = await create('issue', { dueDate: '2030-06-17', assigneeId: editorId });
    await t.db.delete(notification).where(eq(notification.itemId, issue.id)); // the assignment itself
    await pass('2030-06-09T10:00:00Z'); // 8 days before: nothing yet
    expect(await rowsOf(issue.id)).toEqual([]);
    const first = await pass('2030-06-10T10:00:00Z');
    expect(first).toEqual({ ran: true, created: { due_soon: 2 }, mailed: 0, digests: 0 });
    // Again the same day, and the days after while it stays "soon": nothing new.
    expect(await pass('2030-06-10T10:01:00Z')).toEqual({ ran: true, created: {}, mailed: 0, digests: 0 });
    expect(await pass('2030-06-14T10:00:00Z')).toEqual({ ran: true, created: {}, mailed: 0, digests: 0 });
    await pass('2030-06-16T10:00:00Z');
    await pass('2030-06-17T10:00:00Z'); // due today: nothing more
    await pass('2030-06-18T10:00:00Z');
    await pass('2030-06-19T10:00:00Z');
    expect(await rowsOf(issue.id)).toEqual([
      'due_soon:2030-06-17:admin',
      'due_soon:2030-06-17:editor',
      'due_tomorrow:2030-06-17:admin',
      'due_tomorrow:2030-06-17:editor',
      'overdue:2030-06-17:admin',
      'overdue:2030-06-17:editor',
    ]);
  });

  it('counts days in Berlin: at 00:30 local the day before a due date is already "tomorrow"', async () => {
    // 2030-03-30 23:30 UTC is 01:30 on 31 March in Berlin, the night summer time begins.
    const issue = await create('issue', { dueDate: '2030-04-01' });
    expect(await pass('2030-03-30T22:30:00Z')).toMatchObject({ created: { due_soon: 1 } }); // 23:30 on the 30th
    expect(await pass('2030-03-30T23:30:00Z')).toMatchObject({ created: { due_tomorrow: 1 } });
    // In UTC it was still the 30th, two days before: a UTC pass would have said "soon" again.
    const winter = await create('issue', { dueDate: '2030-01-02' });
    expect(await pass('2029-12-31T23:30:00Z')).toMatchObject({ created: { due_tomorrow: 1 } }); // 00:30 on 1 January
    expect(await rowsOf(winter.id)).toEqual(['due_tomorrow:2030-01-02:admin']);
    expect(await rowsOf(issue.id)).toEqual(['due_soon:2030-04-01:admin', 'due_tomorrow:2030-04-01:admin']);
  });

  it('catches up after a stop with the step that applies now only', async () => {
    const issue = await create('issue', { dueDate: '2031-02-10' });
    // The server was down from a week before until two days after the due date.
    expect(await pass('2031-02-12T06:00:00Z')).toMatchObject({ created: { overdue: 1 } });
    expect(await rowsOf(issue.id)).toEqual(['overdue:2031-02-10:admin']);
    // Long overdue items found by a first pass are not announced at all.
    const old = await create('issue', { dueDate: '2031-01-01' });
    await pass('2031-02-12T06:00:00Z');
    expect(await rowsOf(old.id)).toEqual([]);
  });

  it('re-arms the steps ahead when the due date moves', async () => {
    const issue = await create('issue', { dueDate: '2032-05-05' });
    await pass('2032-05-04T10:00:00Z');
    expect(await rowsOf(issue.id)).toEqual(['due_tomorrow:2032-05-05:admin']);
    await put('issue', issue.id, { dueDate: '2032-05-10' });
    await pass('2032-05-04T10:05:00Z');
    await pass('2032-05-09T10:00:00Z');
    expect(await rowsOf(issue.id)).toEqual([
      'due_soon:2032-05-10:admin',
      'due_tomorrow:2032-05-05:admin',
      'due_tomorrow:2032-05-10:admin',
    ]);
  });

  it('tells nobody about closed or deleted items, nor users who lost access', async () => {
    const closed = await create('issue', { dueDate: '2033-03-03', status: 3 });
    const gone = await create('issue', { dueDate: '2033-03-03' });
    const lost = await create('issue', { dueDate: '2033-03-03', assigneeId: editorId });
    await t.db.delete(notification).where(eq(notification.itemId, lost.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/issue/${gone.id}`, headers: t.auth(admin) })).statusCode).toBe(204);
    // The editor is deactivated.
    await t.db.update(appUser).set({ isActive: false }).where(eq(appUser.id, editorId));
    await pass('2033-03-02T10:00:00Z');
    expect(await rowsOf(closed.id)).toEqual([]);
    expect(await rowsOf(gone.id)).toEqual([]);
    expect(await rowsOf(lost.id)).toEqual(['due_tomorrow:2033-03-03:admin']);
    await t.db.update(appUser).set({ isActive: true }).where(eq(appUser.id, editorId));
    // The editor moves to another tenant: no longer sees the bakery.
    const foreignId = await t.companyIdOf('Fremdfirma AG');
    await t.db.delete(userCompany).where(eq(userCompany.userId, editorId));
    await t.db.update(appUser).set({ companyId: foreignId }).where(eq(appUser.id, editorId));
    await pass('2033-03-04T10:00:00Z');
    expect(await rowsOf(lost.id)).toEqual(['due_tomorrow:2033-03-03:admin', 'overdue:2033-03-03:admin']);
    const [a] = await t.db.select().from(appUser).where(eq(appUser.id, adminId));
    await t.db.update(appUser).set({ companyId: a!.companyId }).where(eq(appUser.id, editorId));
    await t.db.insert(userCompany).values({ userId: editorId, companyId: a!.companyId });
  });

  it('reminds of a breach at 24, 48 and 66 hours while it is not reported, only the latest on catch-up', async () => {
    const discovered = new Date(Date.now() - HOUR);
    const breach = await create('data-breach', {
      data: { ...sampleData(itemTypeDefs['data-breach'].fields), discoveredAt: discovered.toISOString(), notifiedAt: null },
    });
    const at = (h: number) => new Date(discovered.getTime() + h * HOUR);
    expect(await pass(at(23))).toMatchObject({ created: {} });
    expect(await pass(at(25))).toMatchObject({ created: { breach_deadline: 2 } }); // admin and editor may write breaches
    await pass(at(49));
    await pass(at(67));
    await pass(at(80)); // the window is over: the register shows it overdue
    const deadlines = (await rowsOf(breach.id)).filter((r) => r.startsWith('breach_deadline'));
    expect(deadlines).toEqual([
      'breach_deadline:24:admin',
      'breach_deadline:24:editor',
      'breach_deadline:48:admin',
      'breach_deadline:48:editor',
      'breach_deadline:66:admin',
      'breach_deadline:66:editor',
    ]);

    const late = await create('data-breach', {
      data: { ...sampleData(itemTypeDefs['data-breach'].fields), discoveredAt: discovered.toISOString(), notifiedAt: null },
    });
    await pass(at(70));
    expect((await rowsOf(late.id)).filter((r) => r.startsWith('breach_deadline'))).toEqual([
      'breach_deadline:66:admin',
      'breach_deadline:66:editor',
    ]);

    const reported = await create('data-breach', {
      data: {
        ...sampleData(itemTypeDefs['data-breach'].fields),
        discoveredAt: discovered.toISOString(),
        notifiedAt: new Date().toISOString(),
      },
    });
    await pass(at(30));
    expect((await rowsOf(reported.id)).filter((r) => r.startsWith('breach_deadline'))).toEqual([]);
  });

  it('reminds of a privacy request 7 days and 1 day before its deadline', async () => {
    const received = new Date().toISOString().slice(0, 10);
    const request = await create('privacy-request', {
      data: { ...sampleData(itemTypeDefs['privacy-request'].fields), receivedDate: received },
    });
    await t.db.delete(notification).where(eq(notification.itemId, request.id));
    const deadline = request.dueDate!;
    const dayBefore = (n: number) => new Date(Date.parse(`${deadline}T10:00:00Z`) - n * 24 * HOUR);
    await pass(dayBefore(7));
    await pass(dayBefore(3));
    await pass(dayBefore(1));
    await pass(dayBefore(-2)); // past the deadline: the register shows it
    expect(await rowsOf(request.id)).toEqual([`request_deadline:1d:${deadline}:admin`, `request_deadline:7d:${deadline}:admin`]);
  });

  it('runs on demand for the operator only, mailing deadline alerts once in each language', async () => {
    const other = await t.tokenFor('other@demo.local');
    const denied = await t.app.inject({ method: 'POST', url: '/api/system/jobs/notifications/run', headers: t.auth(other) });
    expect(denied.statusCode).toBe(403);
    await t.db.update(appUser).set({ language: 'en' }).where(eq(appUser.id, editorId));
    await t.db.execute(sql`delete from mail_outbox`);
    const breach = await create('data-breach', {
      name: 'Laptop verloren',
      data: {
        ...sampleData(itemTypeDefs['data-breach'].fields),
        discoveredAt: new Date(Date.now() - 2 * HOUR).toISOString(),
        notifiedAt: null,
      },
    });
    const run = () => t.app.inject({ method: 'POST', url: '/api/system/jobs/notifications/run', headers: t.auth(admin) });
    const res = await run();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ran: true, created: {} });
    const outbox = async () =>
      queryRows<{ recipient: string; subject: string; body: string }>(
        t.db,
        sql`select recipient, subject, body from mail_outbox where body like ${`%/data-breach/${breach.id}%`} order by recipient`,
      );
    const mails = await outbox();
    expect(mails.map((m) => m.recipient)).toEqual(['admin@demo.local', 'eva.editor@demo.local']);
    const de = mails[0]!;
    const en = mails[1]!;
    expect(de.subject).toMatch(/: Neue Datenschutzverletzung [A-Z]+-\d+ Laptop verloren \(Bäckerei Schmidt\)$/);
    expect(de.body).toContain('Unternehmen: Bäckerei Schmidt');
    expect(de.body).toMatch(/Meldefrist an die Aufsichtsbehörde \(Art\. 33 DSGVO\): .*, noch (69|70) Stunden\./);
    expect(de.body).toContain(`/data-breach/${breach.id}`);
    expect(en.subject).toMatch(/: New data breach [A-Z]+-\d+ Laptop verloren/);
    expect(en.body).toMatch(/(69|70) hours left\./);
    // Queued once: the next run finds nothing left to mail.
    expect((await run()).json().mailed).toBe(0);
    expect(await outbox()).toHaveLength(2);

    // The unsubscribe link works through the existing route, and then no more deadline mails come.
    const link = new URL(/Abbestellen: (\S+)/.exec(de.body)![1]!);
    const email = decodeURIComponent(link.pathname.split('/').at(-1)!);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { email, category: link.searchParams.get('c'), signature: link.searchParams.get('s') },
    });
    expect(off.statusCode, off.body).toBe(204);
    const next = await create('data-breach', {
      data: { ...sampleData(itemTypeDefs['data-breach'].fields), discoveredAt: new Date().toISOString(), notifiedAt: null },
    });
    await run();
    const later = await queryRows<{ recipient: string }>(
      t.db,
      sql`select recipient from mail_outbox where body like ${`%/data-breach/${next.id}%`}`,
    );
    expect(later.map((m) => m.recipient)).toEqual(['eva.editor@demo.local']);
  });
});
