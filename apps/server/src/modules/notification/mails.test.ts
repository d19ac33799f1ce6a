import type { AddressInfo } from 'node:net';
import { itemTypeDefs } from '@pc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { appUser, company, notificationSetting, userCompany, userRole } from '../../db/schema/index';
import { roleIdsByKey } from '../../platform/roles/built-in';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';
import { smtpCatcher } from '../../test/smtp';
import { runNotificationPass } from './scheduler';

const PUBLIC_URL = 'https://cockpit.example.org';

/**
 * Mails of assignments and due reminders follow each recipient's settings: at once when chosen,
 * not at all by default (those go to the weekly digest). Each mail has text and HTML, the
 * recipient's language, the product and company names, the item's link and an unsubscribe link
 * per category that works through the existing route.
 */
describe('notification mails', () => {
  const smtp = smtpCatcher();
  let t: TestApp;
  let admin: string;
  let editorId: string;
  let bakery: string;
  const pass = async (iso: string) => {
    const res = await runNotificationPass(t.db as unknown as OwnerDb, {
      timeZone: 'Europe/Berlin',
      now: new Date(iso),
      mailer: t.app.mailer,
    });
    await t.app.mailer.idle();
    return res;
  };
  async function createIssue(payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { data: sampleData(itemTypeDefs.issue.fields), ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; number: string };
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL, PRODUCT_NAME: 'Datenschutz-Cockpit' });
    admin = await t.tokenFor('admin@demo.local');
    const [a] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    const [u] = await t.db
      .insert(appUser)
      .values({ email: 'eva.editor@demo.local', firstname: 'Eva', lastname: 'Editor', companyId: a!.companyId, language: 'en' })
      .returning({ id: appUser.id });
    editorId = u!.id;
    const roles = await roleIdsByKey(t.db, ['editor']);
    await t.db.insert(userRole).values({ userId: editorId, roleId: roles.editor! });
    await t.db.insert(userCompany).values({ userId: editorId, companyId: a!.companyId });
    const [b] = await t.db.select({ id: company.id }).from(company).where(eq(company.name, 'Bäckerei Schmidt'));
    bakery = b!.id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(resolve));
  });

  it('mails nothing for assignments and due dates by default: those wait for the weekly digest', async () => {
    smtp.clear();
    const issue = await createIssue({ name: 'Löschkonzept prüfen', dueDate: '2031-03-14', assigneeId: editorId });
    const res = await pass('2031-03-11T08:00:00Z');
    expect(res.created).toEqual({ due_soon: 2 });
    expect(res.mailed).toBe(0);
    expect(await smtp.all()).toEqual([]);
    expect(issue.number).toMatch(/-\d+$/);
  });

  it('mails an assignment at once in English when the recipient chose so, with text, HTML and a working unsubscribe link', async () => {
    smtp.clear();
    await t.db.insert(notificationSetting).values({
      companyId: (await t.db.select().from(appUser).where(eq(appUser.id, editorId)))[0]!.companyId,
      userId: editorId,
      category: 'assigned',
      inApp: true,
      email: 'immediately',
    });
    const issue = await createIssue({ name: 'Auftragsverarbeiter prüfen', dueDate: '2031-04-30', assigneeId: editorId });
    const res = await pass('2031-03-11T08:05:00Z');
    expect(res.mailed).toBe(1);
    const [mail] = await smtp.all();
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('eva.editor@demo.local');
    expect(mail!.subject).toBe(
      `Datenschutz-Cockpit: Assigned to you: ${issue.number} Auftragsverarbeiter prüfen (Bäckerei Schmidt)`,
    );
    expect(mail!.text).toContain('Hello Eva Editor,');
    expect(mail!.text).toContain('Due on 30 Apr 2031.');
    expect(mail!.text).toContain('Company: Bäckerei Schmidt');
    expect(mail!.text).toContain(`${PUBLIC_URL}/issues/${issue.id}`);
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/issues/${issue.id}">`);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail!.text ?? '')?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/unsubscribe/`));
    const link = new URL(unsubscribe!);
    expect(link.searchParams.get('c')).toBe('notify-assigned');
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: {
        email: decodeURIComponent(link.pathname.split('/').at(-1)!),
        category: link.searchParams.get('c'),
        signature: link.searchParams.get('s'),
      },
    });
    expect(off.statusCode, off.body).toBe(204);
    // No more assignment mails to her; the notification itself still shows in the app.
    smtp.clear();
    await createIssue({ name: 'Schulung planen', assigneeId: editorId });
    await pass('2031-03-11T08:10:00Z');
    expect(await smtp.all()).toEqual([]);
  });

  it('mails due reminders at once in German once chosen in the profile; the unsubscribe link turns the setting off', async () => {
    smtp.clear();
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: t.auth(admin),
      payload: { securityNotices: true, categories: [{ category: 'due', inApp: true, email: 'immediately' }] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const issue = await createIssue({ name: 'Verzeichnis aktualisieren', dueDate: '2031-06-02' });
    const res = await pass('2031-06-01T06:00:00Z');
    expect(res.created).toEqual({ due_tomorrow: 1 });
    const [mail] = await smtp.all();
    expect(mail!.subject).toBe(
      `Datenschutz-Cockpit: Morgen fällig: ${issue.number} Verzeichnis aktualisieren (Bäckerei Schmidt)`,
    );
    expect(mail!.text).toContain('Hallo Anna Admin,');
    expect(mail!.text).toContain('ist am 02.06.2031 fällig.');
    expect(mail!.text).toContain(`${PUBLIC_URL}/issues/${issue.id}`);
    expect(mail!.html).toContain('Unternehmen: Bäckerei Schmidt');
    const unsubscribe = new URL(/Abbestellen: (\S+)/.exec(mail!.text ?? '')![1]!);
    expect(unsubscribe.searchParams.get('c')).toBe('notify-due');
    // The same again: nothing new (exactly once per item, step and recipient).
    smtp.clear();
    expect((await pass('2031-06-01T07:00:00Z')).mailed).toBe(0);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: {
        email: decodeURIComponent(unsubscribe.pathname.split('/').at(-1)!),
        category: 'notify-due',
        signature: unsubscribe.searchParams.get('s'),
      },
    });
    expect(off.statusCode).toBe(204);
    const settings = (await t.app.inject({ url: '/api/user/notifications', headers: t.auth(admin) })).json();
    expect(settings.categories.find((c: { category: string }) => c.category === 'due')).toEqual({
      category: 'due',
      inApp: true,
      email: 'off',
    });
    await pass('2031-06-02T22:30:00Z'); // the first day overdue in Berlin
    expect(await smtp.all()).toEqual([]);
  });
});
