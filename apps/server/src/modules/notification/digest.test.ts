import type { AddressInfo } from 'node:net';
import { itemTypeDefs, itemTypes } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { appUser, company, companyGrant, item, role, roleClaim } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { addDays } from '../../platform/dates';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, sampleData } from '../../test/helpers';
import { smtpCatcher } from '../../test/smtp';
import { DIGEST_LINES_PER_COMPANY, digestWeek } from './digest';
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
 * The digest: Monday 07:00 Berlin, to each user with open items due within 14 days or overdue in
 * the companies they see, grouped by company with number, name, due date and link; nothing when
 * there is nothing to say; exactly once per user and week.
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
    // The agency's admin sees both companies; the bakery's reader only the bakery.
    expect(sent.digests).toBe(2);
    const all = await digests();
    expect(all.map((m) => m.recipient).sort()).toEqual(['admin@demo.local', 'reader@demo.local']);
    const mail = all.find((m) => m.recipient === 'admin@demo.local');
    const reader = all.find((m) => m.recipient === 'reader@demo.local')!;
    expect(reader.subject).toBe('Privacy Cockpit: Ihre Fristen der Woche (2 offen)');
    expect(reader.body).toContain('Bäckerei Schmidt\n- ');
    expect(reader.body).not.toContain('Beispiel Gruppe');
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
    expect(await digests()).toHaveLength(2);
    // Not listed in the app: the digest is a mail.
    const list = (await t.app.inject({ url: '/api/notification?pageSize=100', headers: t.auth(admin) })).json();
    expect(list.items.map((n: { kind: string }) => n.kind)).not.toContain('weekly_digest');
  });

  it('says nothing to users with nothing due, nor to those who chose no digest', async () => {
    // The demo's user of the foreign company sees none of these: no digest above.
    expect((await digests()).map((m) => m.recipient)).not.toContain('other@demo.local');
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
    expect((await pass('2031-04-07T05:00:00Z')).digests).toBe(1);
    expect((await digests()).at(-1)!.recipient).toBe('reader@demo.local');
    // Back in the digest: the next Monday's comes (its week is a new key).
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: t.auth(admin),
      payload: { securityNotices: true, categories: [{ category: 'due', inApp: true, email: 'digest' }] },
    });
    expect((await pass('2031-04-14T05:00:00Z')).digests).toBe(2);
  });
});

/**
 * The digest lists what is due in every company a person sees, of the registers they may read
 * there: an agency's DPO gets their clients' items and those of a company that granted them
 * access, each company's rights from that company, at most 20 lines per company and the rest
 * counted with a link to the company; losing the grant takes that company out of the next one.
 */
describe('the weekly digest across companies', () => {
  const smtp = smtpCatcher();
  const URL = 'https://cockpit.example.org';
  let t: TestApp;
  let agency: string;
  let dentist: string;
  let garage: string;
  let dora: string;
  const seq = new Map<string, number>();
  const items: Record<string, { id: string; number: string }> = {};

  const pass = async (iso: string) => {
    const res = await runNotificationPass(t.db as unknown as OwnerDb, {
      timeZone: BERLIN,
      now: new Date(iso),
      mailer: t.app.mailer,
    });
    await t.app.mailer.idle();
    return res;
  };
  const mailTo = async (email: string) => {
    const mails = (await smtp.all()).filter((m) => m.to && 'text' in m.to && m.to.text === email);
    expect(mails.length, email).toBeLessThanOrEqual(1);
    return mails[0];
  };
  /** An item as the registers store it: the company's next number of its type, with its label. */
  async function add(
    companyId: string,
    type: 'issue' | 'measure',
    name: string,
    o: { due?: string; data?: Record<string, unknown>; status?: number },
  ) {
    const key = `${companyId}|${type}`;
    const number = (seq.get(key) ?? 0) + 1;
    seq.set(key, number);
    const label = `${itemTypes.find((x) => x.key === type)!.code}-${number}`;
    const [row] = await t.db
      .insert(item)
      .values({
        companyId,
        type,
        number,
        numberLabel: label,
        name,
        dueDate: o.due ?? null,
        data: o.data ?? {},
        status: o.status ?? 0,
      })
      .returning({ id: item.id });
    items[name] = { id: row!.id, number: label };
  }
  const newCompany = async (name: string, extra: Partial<typeof company.$inferInsert> = {}) =>
    (
      await t.db
        .insert(company)
        .values({ name, ...extra })
        .returning({ id: company.id })
    )[0]!.id;
  const line = (name: string, due: string, overdue = false) => [
    `- ${items[name]!.number} ${name}, fällig am ${due}${overdue ? ' (überfällig)' : ''}`,
    `  ${URL}/issues/${items[name]!.id}`,
  ];

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: URL });
    agency = await newCompany('Agentur Sicher', { isDataPrivacyAgency: true });
    dentist = await newCompany('Zahnarztpraxis Weber', { agencyId: agency });
    garage = await newCompany('Autohaus Kern');
    // The agency's DPO reads issues and measures in the agency's clients (home roles) …
    dora = await addUserWithClaims(t, { email: 'dora@agentur.local', companyId: agency, claims: ['Issue.Read', 'Measure.Read'] });
    await t.db.update(appUser).set({ firstname: 'Dora', lastname: 'Datenschutz', language: 'de' }).where(eq(appUser.id, dora));
    // … and only issues in the garage, whose grant gives her a role with Issue.Read alone.
    const [garageRole] = await t.db.insert(role).values({ name: 'Issues', companyId: garage }).returning({ id: role.id });
    await t.db.insert(roleClaim).values({ roleId: garageRole!.id, claim: 'Issue.Read' });
    await t.db.insert(companyGrant).values({ userId: dora, companyId: garage, roleIds: [garageRole!.id] });
    // The dentist's assistant reads measures only, and reads her mail in English.
    const rita = await addUserWithClaims(t, { email: 'rita@zahnarzt.local', companyId: dentist, claims: ['Measure.Read'] });
    await t.db.update(appUser).set({ firstname: 'Rita', lastname: 'Assistant', language: 'en' }).where(eq(appUser.id, rita));

    // The week of Monday 31 March 2031: due by 14 April. The dentist has 23 open issues due
    // from 9 to 31 March, an overdue measure, and issues closed or due later.
    for (let i = 0; i < 23; i++) await add(dentist, 'issue', `Prüfung ${i + 1}`, { due: addDays('2031-03-09', i) });
    await add(dentist, 'measure', 'Firewall erneuern', { due: '2031-03-01' });
    await add(dentist, 'issue', 'Schon erledigt', { due: '2031-03-20', status: 4 });
    await add(dentist, 'issue', 'Noch lange hin', { due: '2031-04-20' });
    // The garage: an issue due by its assigned date alone, an issue and a measure.
    await add(garage, 'issue', 'Zusage Werkstatt', { data: { assignedDueDate: '2031-04-01' } });
    await add(garage, 'issue', 'Kameras prüfen', { due: '2031-04-03' });
    await add(garage, 'measure', 'Zutritt regeln', { due: '2031-04-04' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(resolve));
  });

  it("sends the DPO both companies' due items, grouped and sorted, with the registers each company lets her read", async () => {
    await pass('2031-03-31T05:00:00Z');
    const mail = await mailTo('dora@agentur.local');
    expect(mail?.subject).toBe('Privacy Cockpit: Ihre Fristen der Woche (26 offen)');
    const body = mail!.text!;
    // The total in the opening: 24 of the dentist (of which 20 listed), 2 issues of the garage.
    expect(body).toContain(
      'Hallo Dora Datenschutz,\n\ndiese 26 Einträge sind in 2 Unternehmen in den nächsten 14 Tagen fällig oder überfällig:',
    );
    const listed = Array.from({ length: DIGEST_LINES_PER_COMPANY - 1 }, (_, i) =>
      line(`Prüfung ${i + 1}`, `${String(9 + i).padStart(2, '0')}.03.2031`, true),
    ).flat();
    expect(body).toContain(
      [
        'Autohaus Kern',
        ...line('Zusage Werkstatt', '01.04.2031'),
        ...line('Kameras prüfen', '03.04.2031'),
        '',
        'Zahnarztpraxis Weber',
        `- ${items['Firewall erneuern']!.number} Firewall erneuern, fällig am 01.03.2031 (überfällig)`,
        `  ${URL}/measure/${items['Firewall erneuern']!.id}`,
        ...listed,
        '… und 4 weitere',
        `  ${URL}/company/${dentist}`,
        '',
        'Alle Benachrichtigungen:',
      ].join('\n'),
    );
    // The garage's measure needs Measure.Read there, which its grant does not give.
    expect(body).not.toContain('Zutritt regeln');
    for (const name of ['Prüfung 20', 'Prüfung 23', 'Schon erledigt', 'Noch lange hin']) expect(body).not.toContain(name);
    expect(body.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(2 + DIGEST_LINES_PER_COMPANY);
  });

  it('sends a user without the issues register only the measures, in English', async () => {
    const mail = await mailTo('rita@zahnarzt.local');
    expect(mail?.subject).toBe('Privacy Cockpit: your deadlines this week (1 open)');
    expect(mail!.text).toContain(
      [
        'Hello Rita Assistant,',
        '',
        'this entry is due within the next 14 days or overdue, in one company:',
        '',
        'Zahnarztpraxis Weber',
        `- ${items['Firewall erneuern']!.number} Firewall erneuern, due on 1 Mar 2031 (overdue)`,
        `  ${URL}/measure/${items['Firewall erneuern']!.id}`,
        '',
        'All notifications:',
      ].join('\n'),
    );
    expect(mail!.text).not.toContain('Prüfung');
    // Nobody else sees these companies: the demo's users were told about the demo only.
    for (const m of await smtp.all()) {
      const to = m.to && 'text' in m.to ? m.to.text : '';
      if (to !== 'dora@agentur.local' && to !== 'rita@zahnarzt.local') expect(m.text, to).not.toMatch(/Zahnarztpraxis|Autohaus/);
    }
  });

  it('leaves out a company whose grant was suspended, from the next Monday on', async () => {
    await t.db
      .update(companyGrant)
      .set({ suspendedAt: new Date('2031-04-02T10:00:00Z') })
      .where(eq(companyGrant.userId, dora));
    smtp.clear();
    await pass('2031-04-07T05:00:00Z');
    const body = (await mailTo('dora@agentur.local'))!.text!;
    // Due by 21 April now: the dentist's issue of the 20th too.
    expect(body).toContain('diese 25 Einträge sind in einem Unternehmen in den nächsten 14 Tagen fällig oder überfällig:');
    expect(body).toContain('Zahnarztpraxis Weber');
    expect(body).not.toMatch(/Autohaus|Zusage Werkstatt|Kameras/);
    // Without the dentist's items either (the agency ends the client relation): no digest at all.
    await t.db.update(company).set({ agencyId: null }).where(eq(company.id, dentist));
    smtp.clear();
    await pass('2031-04-14T05:00:00Z');
    expect(await mailTo('dora@agentur.local')).toBeUndefined();
    expect(await mailTo('rita@zahnarzt.local')).toBeDefined();
  });
});
