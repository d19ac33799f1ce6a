import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, billingContract, invitation, mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Mails whose text a tenant chooses (invitations, questionnaires) go to any address: each
 * company may send a few an hour (fewer in a trial), every such mail names the company and says
 * it came through the product, and the operator sees the volume per company.
 */
describe('mails with a sender-chosen text: limit per company, footer, volume for the operator', () => {
  let t: TestApp;
  let admin: string;
  let agency: string;
  let auditId: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ MAIL_RELAY_PAID_PER_HOUR: '3', MAIL_RELAY_TRIAL_PER_HOUR: '1' });
    admin = await t.tokenFor('admin@demo.local');
    const [me] = await t.db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    agency = me!.companyId;
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const audit = await t.app.inject({
      method: 'POST',
      url: '/api/audit',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Audit Rechenzentrum' },
    });
    auditId = audit.json().id;
  });
  afterAll(() => t.close());

  const invite = (recipient: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitation',
      headers: t.auth(admin),
      payload: { purpose: 'AsClient', recipient, message: 'Kaufen Sie jetzt!' },
    });
  const questionnaire = (recipientEmail: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: { templateKey: 'processor-audit', recipientEmail, dueDate: day(14), itemId: auditId, language: 'en' },
    });
  const relayed = () => t.db.select().from(mailOutbox).where(isNotNull(mailOutbox.senderCompanyId));

  it('counts invitations and questionnaires together; past the hour’s limit 429, nothing written', async () => {
    expect((await invite('a@relay.example')).statusCode).toBe(201);
    expect((await questionnaire('b@relay.example')).statusCode).toBe(201);
    expect((await invite('c@relay.example')).statusCode).toBe(201);
    const invitationsBefore = (await t.db.select().from(invitation).where(eq(invitation.senderCompanyId, agency))).length;
    for (const res of [await invite('d@relay.example'), await questionnaire('e@relay.example')]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('in der letzten Stunde') });
    }
    expect((await t.db.select().from(invitation).where(eq(invitation.senderCompanyId, agency))).length).toBe(invitationsBefore);
    const mails = await relayed();
    expect(mails.map((m) => m.recipient).sort()).toEqual(['a@relay.example', 'b@relay.example', 'c@relay.example']);
    expect(new Set(mails.map((m) => m.senderCompanyId))).toEqual(new Set([agency]));
  });

  it('names the company and the product in the footer, in the mail’s language', async () => {
    const [inv] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'a@relay.example'));
    expect(inv!.body).toContain('Kaufen Sie jetzt!');
    expect(inv!.body).toMatch(/--\nDiese Nachricht hat .+ über Privacy Cockpit gesendet\. Ihr Text stammt vom Absender/);
    const [q] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'b@relay.example'));
    expect(q!.body).toContain('--\nThis message was sent by Bäckerei Schmidt through Privacy Cockpit.');
    // A password reset is the product's own text: no such footer, not counted.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reader@demo.local' } });
    const [reset] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, 'reader@demo.local'), eq(mailOutbox.template, 'password-reset')));
    expect(reset!.body).not.toContain('über Privacy Cockpit gesendet');
    expect(reset!.senderCompanyId).toBeNull();
  });

  it('a company in its trial gets the trial’s lower limit', async () => {
    const other = await t.tokenFor('other@demo.local');
    const [me] = await t.db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.email, 'other@demo.local'));
    await t.db.delete(billingContract).where(eq(billingContract.companyId, me!.companyId));
    await t.db.insert(billingContract).values({
      companyId: me!.companyId,
      planVariantId: 'trial',
      lifecycleStatus: 'InTrial',
      startDate: day(0),
      planStartDate: day(0),
    });
    const send = (recipient: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/invitation',
        headers: t.auth(other),
        payload: { purpose: 'AsDpo', recipient, message: 'Hallo' },
      });
    const first = await send('dpo1@relay.example');
    expect(first.statusCode, first.body).toBe(201);
    expect((await send('dpo2@relay.example')).statusCode).toBe(429);
  });

  it('the operator sees the volume per company; nobody else does', async () => {
    const res = await t.app.inject({ url: '/api/system/mail-volume', headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { companyId: string; lastHour: number; lastDay: number; last30Days: number; inTrial: boolean }[];
    expect(rows.find((r) => r.companyId === agency)).toMatchObject({ lastHour: 3, lastDay: 3, last30Days: 3, inTrial: false });
    expect(rows.find((r) => r.inTrial)).toMatchObject({ lastHour: 1 });
    const reader = await t.tokenFor('reader@demo.local');
    expect((await t.app.inject({ url: '/api/system/mail-volume', headers: t.auth(reader) })).statusCode).toBe(403);
  });
});
