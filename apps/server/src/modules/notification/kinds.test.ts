import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { appUser, billingContract, company, invitation, mailOutbox } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { runNotificationPass } from './scheduler';

const BERLIN = 'Europe/Berlin';

/**
 * The notifications that are not about an item: an invitation accepted or declined (to its
 * sender), a questionnaire answered (to its sender), a trial ending in 7 days (to the account
 * holder). Each shows in the app with its subject and link, and is mailed at once by default.
 */
describe('invitation, questionnaire and trial notifications', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  const list = async (token: string) =>
    (await t.app.inject({ url: '/api/notification?pageSize=100', headers: t.auth(token) })).json().items as {
      kind: string;
      subject: string | null;
      link: string | null;
      item: unknown;
      read: boolean;
    }[];
  const pass = (now = new Date()) =>
    runNotificationPass(t.db as unknown as OwnerDb, { timeZone: BERLIN, now, mailer: t.app.mailer });
  const mailsTo = (to: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.createdAt));

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.org' });
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    other = await t.tokenFor('other@demo.local');
  });
  afterAll(() => t.close());

  it('tells the sender that an invitation was accepted, in the app and by mail', async () => {
    const [inv] = await t.db.select().from(invitation).where(eq(invitation.recipientEmail, 'reader@demo.local'));
    const accepted = await t.app.inject({ method: 'POST', url: `/api/invitation/${inv!.id}/accept`, headers: t.auth(reader) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = (await list(other)).filter((n) => n.kind === 'invitation_accepted');
    expect(mine).toEqual([
      expect.objectContaining({ subject: 'Ralf Leser (Bäckerei Schmidt)', link: '/invitation', item: null, read: false }),
    ]);
    // The page's search finds it by its subject, and only it.
    const found = (await t.app.inject({ url: '/api/notification?q=leser', headers: t.auth(other) })).json();
    expect(found.items.map((n: { kind: string }) => n.kind)).toEqual(['invitation_accepted']);
    expect(found.total).toBe(1);
    expect((await t.app.inject({ url: '/api/notification?q=50%25_x', headers: t.auth(other) })).json().total).toBe(0);
    // Nobody else hears of it.
    expect((await list(reader)).some((n) => n.kind.startsWith('invitation'))).toBe(false);
    await pass();
    const [mail] = await mailsTo('other@demo.local');
    expect(mail!.subject).toBe('Privacy Cockpit: Einladung angenommen: Ralf Leser (Bäckerei Schmidt) (Fremdfirma AG)');
    expect(mail!.body).toContain('https://cockpit.example.org/invitation');
    expect(mail!.body).toMatch(/Abbestellen: \S+c=notify-invitation/);
  });

  it('tells the sender that an invitation was declined', async () => {
    // The agency invites the other tenant's administrator, who declines.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/invitation',
      headers: t.auth(admin),
      payload: { purpose: 'AsClient', recipient: 'other@demo.local', message: 'Hallo' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${sent.json().id}/decline`,
      headers: t.auth(other),
    });
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await list(admin)).filter((n) => n.kind === 'invitation_declined')).toEqual([
      expect.objectContaining({ subject: 'Otto Fremd (Fremdfirma AG)', link: '/invitation' }),
    ]);
  });

  it('tells the sender that a questionnaire was answered, with a link to it', async () => {
    const [bakery] = await t.db.select({ id: company.id }).from(company).where(eq(company.name, 'Bäckerei Schmidt'));
    const audit = await t.app.inject({
      method: 'POST',
      url: '/api/audit',
      headers: t.auth(admin, { 'x-tenant': bakery!.id }),
      payload: { name: 'Audit Lieferant' },
    });
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: {
        templateKey: 'processor-audit',
        recipientEmail: 'lieferant@example.com',
        dueDate: due,
        itemId: audit.json().id,
        language: 'de',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo('lieferant@example.com');
    const key = /\/questionnaire\/fill\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const answers = {
      'contract-signed': true,
      instructions: 'Per Ticket',
      'subprocessors-used': false,
      'transfer-regions': ['eu'],
      certification: 'iso27001',
      'breach-notice': 'Binnen 24 Stunden',
    };
    const submitted = await t.app.inject({ method: 'POST', url: `/api/questionnaire/fill/${key}/submit`, payload: { answers } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await list(admin)).filter((n) => n.kind === 'questionnaire_answered')).toEqual([
      expect.objectContaining({ subject: 'lieferant@example.com', link: `/questionnaire/${res.json().id}` }),
    ]);
  });

  it('tells the account holder 7 days before the trial ends, once', async () => {
    const [foreign] = await t.db.select({ id: company.id }).from(company).where(eq(company.name, 'Fremdfirma AG'));
    await t.db
      .update(billingContract)
      .set({ lifecycleStatus: 'InTrial', endDate: '2031-02-17' })
      .where(eq(billingContract.companyId, foreign!.id));
    // 8 days before: nothing; 7 days before (Berlin): once, to the account holder only.
    expect((await pass(new Date('2031-02-09T10:00:00Z'))).created.trial_ending).toBeUndefined();
    expect((await pass(new Date('2031-02-09T23:30:00Z'))).created.trial_ending).toBe(1); // 00:30 on the 10th in Berlin
    expect((await pass(new Date('2031-02-11T10:00:00Z'))).created.trial_ending).toBeUndefined();
    const trial = (await list(other)).filter((n) => n.kind === 'trial_ending');
    expect(trial).toEqual([expect.objectContaining({ link: '/account', item: null })]);
    const holders = await queryRows<{ email: string }>(
      t.db,
      sql`select u.email from notification n join app_user u on u.id = n.recipient_id where n.kind = 'trial_ending'`,
    );
    const [otto] = await t.db
      .select({ email: appUser.email })
      .from(appUser)
      .where(and(eq(appUser.companyId, foreign!.id), eq(appUser.hasAccount, true)));
    expect(holders.map((h) => h.email)).toEqual([otto!.email]);
    const [mail] = await mailsTo('other@demo.local');
    expect(mail!.subject).toBe('Privacy Cockpit: Ihr Testzeitraum endet am 17.02.2031 (Fremdfirma AG)');
  });
});
