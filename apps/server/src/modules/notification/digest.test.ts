import { itemTypeDefs } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { company } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';
import { digestWeek } from './digest';
import { runNotificationPass } from './scheduler';

const BERLIN = 'Europe/Berlin';

describe('the weekly digest week', () => {
  it('is due on Monday from 07:00 in Berlin, in winter and in summer time', () => {
    // Winter (CET, UTC+1): Monday 24 March 2031, 07:00 local is 06:00 UTC.
    expect(digestWeek(BERLIN, new Date('2031-03-24T05:59:00Z'))).toBeNull();
    expect(digestWeek(BERLIN, new Date('2031-03-24T06:00:00Z'))).toBe('2031-03-24');
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin, but before 07:00.
    expect(digestWeek(BERLIN, new Date('2031-03-23T23:30:00Z'))).toBeNull();
    // Summer (CEST, UTC+2) since Sunday 30 March: Monday 31 March, 07:00 local is 05:00 UTC.
    expect(digestWeek(BERLIN, new Date('2031-03-31T04:59:00Z'))).toBeNull();
    expect(digestWeek(BERLIN, new Date('2031-03-31T05:00:00Z'))).toBe('2031-03-31');
    // Until midnight local; Monday 23:30 UTC is Tuesday in Berlin.
    expect(digestWeek(BERLIN, new Date('2031-03-31T21:59:00Z'))).toBe('2031-03-31');
    expect(digestWeek(BERLIN, new Date('2031-03-31T22:00:00Z'))).toBeNull();
  });
});

/**
 * The digest: Monday 07:00 Berlin, to each user with open items of theirs due within 14 days or
 * overdue, grouped by company with number, name, due date and link; nothing when there is nothing
 * to say; exactly once per user and week.
 */
describe('the weekly digest', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, { id: string; number: string }> = {};
  const pass = async (iso: string) =>
    runNotificationPass(t.db as unknown as OwnerDb, { timeZone: BERLIN, now: new Date(iso), mailer: t.app.mailer });
  const digests = () =>
    queryRows<{ recipient: string; subject: string; body: string }>(
      t.db,
      sql`select recipient, subject, body from mail_outbox where template = 'notification-digest' order by created_at`,
    );

  async function create(companyName: string, name: string, payload: Record<string, unknown>) {
    const [c] = await t.db.select({ id: company.id }).from(company).where(eq(company.name, companyName));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': c!.id }),
      payload: { name, data: sampleData(itemTypeDefs.issue.fields), ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json();
  }

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.org' });
    admin = await t.tokenFor('admin@demo.local');
    await create('Bäckerei Schmidt', 'Hygieneschulung', { dueDate: '2031-04-08' });
    await create('Bäckerei Schmidt', 'Kassensystem prüfen', { dueDate: '2031-03-20' });
    await create('Beispiel Gruppe', 'Videoüberwachung bewerten', { dueDate: '2031-04-14' });
    await create('Beispiel Gruppe', 'Später', { dueDate: '2031-04-20' });
    await create('Beispiel Gruppe', 'Erledigt', { dueDate: '2031-04-01', status: 4 });
  });
  afterAll(() => t.close());

  it('sends nothing before Monday 07:00 in Berlin, then one digest grouped by company, exactly once', async () => {
    expect((await pass('2031-03-31T04:59:00Z')).digests).toBe(0); // 06:59 summer time
    expect(await digests()).toEqual([]);
    const sent = await pass('2031-03-31T05:00:00Z');
    expect(sent.digests).toBe(1);
    const [mail, ...more] = await digests();
    expect(more).toEqual([]);
    expect(mail!.recipient).toBe('admin@demo.local');
    expect(mail!.subject).toBe('Privacy Cockpit: Ihre Fristen der Woche (3 offen)');
    const body = mail!.body;
    const link = (name: string) => `https://cockpit.example.org/issues/${ids[name]!.id}`;
    // Grouped by company (alphabetically), within it by due date; overdue marked.
    expect(body).toContain(
      [
        'Bäckerei Schmidt',
        `- ${ids['Kassensystem prüfen']!.number} Kassensystem prüfen, fällig am 20.03.2031 (überfällig)`,
        `  ${link('Kassensystem prüfen')}`,
        `- ${ids.Hygieneschulung!.number} Hygieneschulung, fällig am 08.04.2031`,
        `  ${link('Hygieneschulung')}`,
        '',
        'Beispiel Gruppe',
        `- ${ids['Videoüberwachung bewerten']!.number} Videoüberwachung bewerten, fällig am 14.04.2031`,
      ].join('\n'),
    );
    // Beyond 14 days and closed items are not in it.
    expect(body).not.toContain('Später');
    expect(body).not.toContain('Erledigt');
    expect(body).toContain('https://cockpit.example.org/notification');
    expect(body).toMatch(/Abbestellen: https:\/\/cockpit\.example\.org\/unsubscribe\/admin%40demo\.local\?c=notify-digest&s=/);
    // Later that Monday and on the next days: nothing more.
    expect((await pass('2031-03-31T09:00:00Z')).digests).toBe(0);
    expect((await pass('2031-04-01T05:00:00Z')).digests).toBe(0);
    expect(await digests()).toHaveLength(1);
    // Not listed in the app: the digest is a mail.
    const list = (await t.app.inject({ url: '/api/notification?pageSize=100', headers: t.auth(admin) })).json();
    expect(list.items.map((n: { kind: string }) => n.kind)).not.toContain('weekly_digest');
  });

  it('says nothing to users with nothing due, nor to those who chose no digest', async () => {
    // Nobody but the admin owns anything: the demo's other users got no digest above.
    expect((await digests()).map((m) => m.recipient)).toEqual(['admin@demo.local']);
    // With no category in the digest, the next Monday stays quiet for the admin too.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: t.auth(admin),
      payload: {
        securityNotices: true,
        categories: [
          { category: 'assigned', inApp: true, email: 'off' },
          { category: 'due', inApp: true, email: 'immediately' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await pass('2031-04-07T05:00:00Z')).digests).toBe(0);
    // Back in the digest: the next Monday's comes (its week is a new key).
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: t.auth(admin),
      payload: { securityNotices: true, categories: [{ category: 'due', inApp: true, email: 'digest' }] },
    });
    expect((await pass('2031-04-14T05:00:00Z')).digests).toBe(1);
  });
});
