import { randomUUID } from 'node:crypto';
import { luhnValid } from '@pc/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  billingContract,
  billingCoupon,
  billingCustomer,
  billingInvoice,
  company,
  mailOutbox,
  role,
  termsOfUse,
  userRole,
} from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { hashPassword } from '../../platform/auth/password';
import { addDays, addMonths, todayIn } from '../../platform/dates';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail } from '../../test/helpers';
import { pdfText } from '../../test/pdf';
import { advanceContracts } from './contract-job';
import { dayText, recordCharge } from './invoice';

/** A Visa number with a right check digit, derived from the rule. */
const visa = (() => {
  const body = '411111111111111';
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
})();
const nextYear = new Date().getFullYear() + 1;
const card = { type: 'CreditCard', holder: 'Nina Neu', cardNumber: visa, cvc: '123', expiryMonth: 12, expiryYear: nextYear };
const sepa = { type: 'Debit', holder: 'Nina Neu', iban: 'DE89 3704 0044 0532 0130 00', hasAgreedToSepaTerms: true };

const customer = (email: string, extra: Record<string, unknown> = {}) => ({
  emailAddress: email,
  firstName: 'Nina',
  lastName: 'Neu',
  companyName: `Neu GmbH ${email}`,
  vatId: 'DE 136 695 976',
  phoneNumber: '+49 30 123456',
  locale: 'de',
  address: { street: 'Lindenweg', houseNumber: '4', postalCode: '10115', city: 'Berlin', country: 'DE' },
  customFields: { hasConfirmedTermsOfUse: true, hasConfirmedPrivacyAgreement: true, hasConfirmedMarketingAgreement: true },
  ...extra,
});

describe('sign-up and the built-in billing provider', () => {
  let t: TestApp;
  let today: string;
  beforeAll(async () => {
    t = await createTestApp({ SUBSCRIPTIONS_ENABLED: 'true', LOGIN_RATE_LIMIT: '1000' });
    today = todayIn(t.config.timeZone);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  /** Rows that a sign-up writes; a refused one must leave all of them as they were. */
  const written = async () => {
    const n = async (
      table: typeof company | typeof appUser | typeof billingContract | typeof billingCustomer | typeof mailOutbox,
    ) => Number((await t.db.select({ n: count() }).from(table))[0]!.n);
    return {
      company: await n(company),
      user: await n(appUser),
      contract: await n(billingContract),
      customer: await n(billingCustomer),
      mail: await n(mailOutbox),
    };
  };
  /** Sets the password through the mailed invitation link, as the web's reset page does. */
  const setPassword = async (email: string) => {
    const mail = await lastMail(t, email, 'invite');
    const m = /\/reset-password\/([0-9a-f-]+)\?token=([^\s]+)/.exec(mail!.body)!;
    const res = await post('/api/auth/reset-password', {
      userId: m[1],
      token: decodeURIComponent(m[2]!),
      password: 'Neu-Start1!',
      passwordRepeated: 'Neu-Start1!',
    });
    expect(res.statusCode).toBe(204);
    const login = await t.login(email, 'Neu-Start1!');
    expect(login.statusCode).toBe(200);
    return login.json().access_token as string;
  };

  it('prices a trial and a DPO order, with a coupon and with faulty ones', async () => {
    const trial = await post('/api/signup/preview', {
      cart: { planVariantId: 'trial', couponCode: 'willkommen20' },
      customer: customer('p@x.example'),
    });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({
      planVariant: { id: 'trial', trialDays: 30, requiresPayment: false, planName: 'Testphase' },
      grossTotal: 0,
      // 49 € net less 20 %, plus 19 % VAT.
      monthlyGross: 46.65,
      coupon: { code: 'WILLKOMMEN20', kind: 'Percentage', value: 20, errorCode: null },
    });
    const dpo = await post('/api/signup/preview', { cart: { planVariantId: 'dpo-monthly' }, customer: customer('p@x.example') });
    expect(dpo.json()).toMatchObject({ netTotal: 49, vatPercent: 19, vatTotal: 9.31, grossTotal: 58.31, coupon: null });
    for (const [code, error] of [
      ['HERBST2024', 'expired'],
      ['EINMALIG', 'exhausted'],
      ['GIBTESNICHT', 'unknown'],
    ]) {
      const res = await post('/api/signup/preview', {
        cart: { planVariantId: 'trial', couponCode: code },
        customer: customer('p@x.example'),
      });
      expect(res.json().coupon).toMatchObject({ errorCode: error });
    }
    const unknown = await post('/api/signup/preview', { cart: { planVariantId: 'gold' }, customer: customer('p@x.example') });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ 'cart.planVariantId': ['validation.unknownPlan'] });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await written();
    const big = 'x'.repeat(50_000);
    const cases: [string, unknown, string][] = [
      ['missing fields', { cart: { planVariantId: 'trial' }, customer: { emailAddress: 'a@b.example' } }, 'customer.firstName'],
      [
        'invalid VAT',
        { cart: { planVariantId: 'trial' }, customer: customer('v@x.example', { vatId: 'DE136695977' }) },
        'customer.vatId',
      ],
      ['invalid e-mail', { cart: { planVariantId: 'trial' }, customer: customer('not-an-address') }, 'customer.emailAddress'],
      [
        'a confirmation missing',
        {
          cart: { planVariantId: 'trial' },
          customer: customer('c@x.example', {
            customFields: {
              hasConfirmedTermsOfUse: true,
              hasConfirmedPrivacyAgreement: false,
              hasConfirmedMarketingAgreement: true,
            },
          }),
        },
        'customer.customFields.hasConfirmedPrivacyAgreement',
      ],
      [
        'invalid card',
        {
          cart: { planVariantId: 'dpo-monthly' },
          customer: customer('k@x.example'),
          paymentBearer: { ...card, cardNumber: `${visa.slice(0, -1)}${(Number(visa.at(-1)) + 1) % 10}` },
        },
        'paymentBearer.cardNumber',
      ],
      [
        'expired card',
        {
          cart: { planVariantId: 'dpo-monthly' },
          customer: customer('k@x.example'),
          paymentBearer: { ...card, expiryYear: 2020 },
        },
        'paymentBearer.expiryYear',
      ],
      [
        'invalid IBAN',
        {
          cart: { planVariantId: 'dpo-monthly' },
          customer: customer('i@x.example'),
          paymentBearer: { ...sepa, iban: 'DE88370400440532013000' },
        },
        'paymentBearer.iban',
      ],
      ['unknown plan', { cart: { planVariantId: 'gold' }, customer: customer('u@x.example') }, 'cart.planVariantId'],
      [
        'expired coupon',
        { cart: { planVariantId: 'trial', couponCode: 'HERBST2024' }, customer: customer('e@x.example') },
        'cart.couponCode',
      ],
      [
        'used-up coupon',
        { cart: { planVariantId: 'trial', couponCode: 'EINMALIG' }, customer: customer('e@x.example') },
        'cart.couponCode',
      ],
      [
        'paid plan without payment data',
        { cart: { planVariantId: 'dpo-monthly' }, customer: customer('n@x.example') },
        'paymentBearer',
      ],
      [
        '50 kB company name',
        { cart: { planVariantId: 'trial' }, customer: customer('b@x.example', { companyName: big }) },
        'customer.companyName',
      ],
      ['50 kB plan id', { cart: { planVariantId: big }, customer: customer('b@x.example') }, 'cart.planVariantId'],
      [
        '50 kB coupon',
        { cart: { planVariantId: 'trial', couponCode: big }, customer: customer('b@x.example') },
        'cart.couponCode',
      ],
      [
        'NUL in a name',
        { cart: { planVariantId: 'trial' }, customer: customer('z@x.example', { lastName: 'a\u0000b' }) },
        'customer.lastName',
      ],
    ];
    for (const [name, body, field] of cases) {
      const res = await post('/api/signup', body);
      expect(res.statusCode, name).toBe(422);
      expect(Object.keys(res.json().fields ?? {}), name).toContain(field);
    }
    // The preview refuses the shapes it shares with the sign-up.
    for (const [name, body, field] of cases.filter(([n]) => /VAT|unknown plan|50 kB|missing/.test(n))) {
      const res = await post('/api/signup/preview', body);
      expect(res.statusCode, `preview: ${name}`).toBe(422);
      expect(Object.keys(res.json().fields ?? {}), `preview: ${name}`).toContain(field);
    }
    expect(await written()).toEqual(before);
  });

  it('signs up a trial with a coupon: company, account holder, contract, invitation; the password link logs in', async () => {
    const email = 'nina.neu@trial.example';
    const [{ uses: usesBefore }] = (await t.db
      .select({ uses: billingCoupon.uses })
      .from(billingCoupon)
      .where(eq(billingCoupon.code, 'WILLKOMMEN20'))) as [{ uses: number }];
    const res = await post('/api/signup', {
      cart: { planVariantId: 'trial', couponCode: 'Willkommen20' },
      customer: customer(email),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'orderCreated' });
    const [u] = await t.db.select().from(appUser).where(eq(appUser.email, email));
    expect(u).toMatchObject({ hasAccount: true, firstname: 'Nina', passwordHash: null });
    const roles = await t.db
      .select({ key: role.key })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(eq(userRole.userId, u!.id));
    expect(roles).toEqual([{ key: 'account-holder' }]);
    const [co] = await t.db.select().from(company).where(eq(company.id, u!.companyId));
    expect(co).toMatchObject({
      name: `Neu GmbH ${email}`,
      vatNumber: 'DE 136 695 976',
      addressLine1: 'Lindenweg 4',
      zipCode: '10115',
      country: 'DE',
    });
    const [k] = await t.db.select().from(billingContract).where(eq(billingContract.companyId, co!.id));
    expect(k).toMatchObject({
      lifecycleStatus: 'InTrial',
      startDate: today,
      endDate: addDays(today, 29),
      nextBillingDate: null,
      bearerType: null,
    });
    const [{ uses }] = (await t.db
      .select({ uses: billingCoupon.uses })
      .from(billingCoupon)
      .where(eq(billingCoupon.code, 'WILLKOMMEN20'))) as [{ uses: number }];
    expect(uses).toBe(usesBefore + 1);

    const token = await setPassword(email);
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).json();
    expect(me).toMatchObject({ hasAccount: true, lockReason: null, company: `Neu GmbH ${email}` });
    const details = await t.app.inject({ url: '/api/account/contract', headers: t.auth(token) });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      contract: { lifecycleStatus: 'InTrial', endDate: addDays(today, 29), paymentBearer: null, currentBalance: 0 },
      customer: { emailAddress: email, address: { city: 'Berlin' } },
      currentPlan: { planVariantId: 'trial', monthlyGross: 46.65 },
      endDateIfCancelledNow: addDays(today, 29),
      paymentsBlocked: false,
    });

    // Subscribing: the coupon of the sign-up applies; the trial becomes Active.
    const preview = await post('/api/account/upgrade/preview', { planVariantId: 'dpo-monthly' }, t.auth(token));
    expect(preview.json()).toMatchObject({ grossTotal: 46.65, discount: 9.8, coupon: { code: 'WILLKOMMEN20' } });
    const badIban = await post(
      '/api/account/upgrade',
      { planVariantId: 'dpo-monthly', paymentBearer: { ...sepa, iban: 'DE00370400440532013000' } },
      t.auth(token),
    );
    expect(badIban.statusCode).toBe(422);
    expect(Object.keys(badIban.json().fields)).toEqual(['paymentBearer.iban']);
    const trialPlan = await post('/api/account/upgrade', { planVariantId: 'trial', paymentBearer: sepa }, t.auth(token));
    expect(trialPlan.statusCode).toBe(422);
    const up = await post('/api/account/upgrade', { planVariantId: 'dpo-monthly', paymentBearer: sepa }, t.auth(token));
    expect(up.statusCode).toBe(200);
    // Subscribed during the trial: the trial stays free to its end, the paid plan starts the day after.
    expect(up.json().contract).toMatchObject({
      lifecycleStatus: 'Active',
      endDate: null,
      nextBillingDate: addDays(today, 30),
      currentBalance: 0,
      paymentBearer: { type: 'Debit', iban: 'DE89 •••• •••• •••• ••30 00', hasAgreedToSepaTerms: true, holder: 'Nina Neu' },
    });
    const again = await post('/api/account/upgrade', { planVariantId: 'dpo-monthly', paymentBearer: sepa }, t.auth(token));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', details: 'alreadySubscribed' });
  });

  it('signs up for the DPO plan with a card, keeps only the masked number, and cancels with notice', async () => {
    const email = 'dora.dpo@dpo.example';
    const res = await post('/api/signup', {
      cart: { planVariantId: 'dpo-monthly' },
      customer: customer(email),
      paymentBearer: card,
    });
    expect(res.statusCode).toBe(201);
    const [k] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select bc.* from billing_contract bc join app_user u on u.company_id = bc.company_id where u.email = ${email}`,
    );
    expect(k).toMatchObject({
      lifecycle_status: 'Active',
      bearer_type: 'CreditCard',
      card_type: 'Visa',
      last4: visa.slice(-4),
      masked_card_pan: `•••• •••• •••• ${visa.slice(-4)}`,
    });
    const stored =
      JSON.stringify(await queryRows(t.db, sql`select * from billing_contract`)) +
      JSON.stringify(await queryRows(t.db, sql`select * from billing_customer`));
    expect(stored).not.toContain(visa);
    expect(stored).not.toContain(visa.slice(0, 6));

    const token = await setPassword(email);
    const details = (await t.app.inject({ url: '/api/account/contract', headers: t.auth(token) })).json();
    expect(details.contract).toMatchObject({
      lifecycleStatus: 'Active',
      currentBalance: -58.31,
      paymentBearer: { cardType: 'Visa', expiryYear: nextYear },
    });
    expect(details.lastPossibleCancellationDate >= today).toBe(true);
    const unconfirmed = await post('/api/account/cancel', { confirmed: false }, t.auth(token));
    expect(unconfirmed.statusCode).toBe(422);
    const cancel = await post('/api/account/cancel', { confirmed: true }, t.auth(token));
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ effectiveEndDate: details.endDateIfCancelledNow });
    const after = (await t.app.inject({ url: '/api/account/contract', headers: t.auth(token) })).json();
    expect(after.contract).toMatchObject({ lifecycleStatus: 'Cancelled', endDate: details.endDateIfCancelledNow });
    const twice = await post('/api/account/cancel', { confirmed: true }, t.auth(token));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ details: 'alreadyCancelled', message: 'Der Vertrag ist bereits gekündigt.' });
  });

  it('answers an address that has a user like any sign-up, creates nothing and tells its owner', async () => {
    const before = await written();
    const res = await post('/api/signup', { cart: { planVariantId: 'trial' }, customer: customer('Reader@Demo.Local') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'orderCreated' });
    expect(await written()).toEqual({ ...before, mail: before.mail + 1 });
    const mail = await lastMail(t, 'Reader@Demo.Local');
    expect(mail!.subject).toContain('Sie haben bereits einen Zugang');
    expect(mail!.body).toContain('/login');
    expect(mail!.body).not.toContain('reset-password');
  });

  it('refuses bad upgrade input with field errors and leaves the contract as it was', async () => {
    const other = await t.tokenFor('other@demo.local');
    const contractOf = async () =>
      (
        await t.db
          .select()
          .from(billingContract)
          .innerJoin(company, eq(company.id, billingContract.companyId))
          .where(eq(company.name, 'Fremdfirma AG'))
      )[0]!.billing_contract;
    const before = await contractOf();
    const big = 'x'.repeat(50_000);
    const cases: [string, object, string][] = [
      ['missing payment data', { planVariantId: 'dpo-monthly' }, 'paymentBearer'],
      ['missing plan', { paymentBearer: card }, 'planVariantId'],
      [
        'invalid card',
        { planVariantId: 'dpo-monthly', paymentBearer: { ...card, cardNumber: '4111 1111 1111 1112' } },
        'paymentBearer.cardNumber',
      ],
      [
        'invalid IBAN',
        { planVariantId: 'dpo-monthly', paymentBearer: { ...sepa, iban: 'DE00 3704 0044 0532 0130 00' } },
        'paymentBearer.iban',
      ],
      ['unknown plan', { planVariantId: 'gold', paymentBearer: card }, 'planVariantId'],
      ['50 kB plan id', { planVariantId: big, paymentBearer: card }, 'planVariantId'],
      ['50 kB holder', { planVariantId: 'dpo-monthly', paymentBearer: { ...card, holder: big } }, 'paymentBearer.holder'],
    ];
    for (const [name, body, field] of cases) {
      const res = await post('/api/account/upgrade', body, t.auth(other));
      expect(res.statusCode, name).toBe(422);
      expect(Object.keys(res.json().fields ?? {}), name).toContain(field);
    }
    for (const [name, body, field] of cases.filter(([n]) => /plan/.test(n))) {
      const res = await post('/api/account/upgrade/preview', body, t.auth(other));
      expect(res.statusCode, `preview: ${name}`).toBe(422);
      expect(Object.keys(res.json().fields ?? {}), `preview: ${name}`).toContain(field);
    }
    expect(await contractOf()).toEqual(before);
  });

  it('lets only the account holder or the operator see and change the contract', async () => {
    const reader = await t.tokenFor('reader@demo.local');
    expect((await t.app.inject({ url: '/api/account/contract', headers: t.auth(reader) })).statusCode).toBe(403);
    expect((await post('/api/account/cancel', { confirmed: true }, t.auth(reader))).statusCode).toBe(403);
    const admin = await t.tokenFor('admin@demo.local');
    const agency = (await t.app.inject({ url: '/api/account/contract', headers: t.auth(admin) })).json();
    expect(agency).toMatchObject({
      contract: { lifecycleStatus: 'Active', paymentBearer: { type: 'Debit' } },
      currentPlan: { planVariantId: 'dpo-monthly' },
    });
    expect((await t.app.inject({ url: '/api/account/contract' })).statusCode).toBe(401);
  });

  it('ends a trial past its end: AccountExpired for its users until the account holder subscribes', async () => {
    const other = await t.tokenFor('other@demo.local');
    const [u] = await t.db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.email, 'other@demo.local'));
    await t.db
      .update(billingContract)
      .set({ startDate: addDays(today, -40), endDate: addDays(today, -11) })
      .where(eq(billingContract.companyId, u!.companyId));
    // Locked at once by the date, before the job has run.
    const list = await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) });
    expect(list.statusCode).toBe(412);
    expect(list.json().reason).toBe('AccountExpired');
    const before = await t.app.inject({ url: '/api/account/contract', headers: t.auth(other) });
    expect(before.json().contract).toMatchObject({ lifecycleStatus: 'Ended', endDate: addDays(today, -11) });
    expect(await advanceContracts(t.db, t.app.billingProvider, { timeZone: t.config.timeZone, now: new Date() })).toMatchObject({
      ended: 1,
    });
    const details = await t.app.inject({ url: '/api/account/contract', headers: t.auth(other) });
    expect(details.json().contract.lifecycleStatus).toBe('Ended');
    const up = await post('/api/account/upgrade', { planVariantId: 'dpo-monthly', paymentBearer: card }, t.auth(other));
    expect(up.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) })).statusCode).toBe(200);
  });

  it('bills running contracts on their billing date, once even when run twice', async () => {
    const agencyId = await t.companyIdOf('Muster Datenschutz GmbH');
    await t.db
      .update(billingContract)
      .set({ nextBillingDate: addDays(today, -1), balanceCents: 0 })
      .where(eq(billingContract.companyId, agencyId));
    const run = () => advanceContracts(t.db, t.app.billingProvider, { timeZone: t.config.timeZone, now: new Date() });
    await Promise.all([run(), run()]);
    const [k] = await t.db.select().from(billingContract).where(eq(billingContract.companyId, agencyId));
    expect(k!.balanceCents).toBe(-5831);
    expect(k!.nextBillingDate! > today).toBe(true);
  });
});

describe('sign-up without SUBSCRIPTIONS_ENABLED', () => {
  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/signup', '/api/signup/preview']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { cart: { planVariantId: 'trial' }, customer: customer('off@x.example') },
        });
        expect(res.statusCode, url).toBe(404);
      }
      expect((await t.app.inject({ url: '/api/config' })).json().subscriptionsEnabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the operator’s plans and coupons', () => {
  it('lists variants and coupons and adds a coupon, for Platform.Manage only', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.tokenFor('admin@demo.local');
      const other = await t.tokenFor('other@demo.local');
      expect((await t.app.inject({ url: '/api/billing/catalogue', headers: t.auth(other) })).statusCode).toBe(403);
      const list = await t.app.inject({ url: '/api/billing/catalogue', headers: t.auth(admin) });
      expect(list.statusCode).toBe(200);
      expect(list.json().planVariants).toEqual([
        expect.objectContaining({ id: 'dpo-monthly', monthlyNet: 49, vatPercent: 19, noticePeriodDays: 30, contracts: 1 }),
        expect.objectContaining({ id: 'trial', trialDays: 30, contracts: 1 }),
      ]);
      expect(list.json().coupons.map((c: { code: string }) => c.code)).toContain('WILLKOMMEN20');
      const add = (payload: object, token = admin) =>
        t.app.inject({ method: 'POST', url: '/api/billing/coupon', headers: t.auth(token), payload });
      expect((await add({ code: 'sommer-26', kind: 'Percentage', value: 15, validUntil: '2027-08-31' }, other)).statusCode).toBe(
        403,
      );
      const created = await add({ code: 'sommer-26', kind: 'Percentage', value: 15, validUntil: '2027-08-31', maxUses: 50 });
      expect(created.statusCode).toBe(201);
      expect(created.json().coupons).toContainEqual(
        expect.objectContaining({
          code: 'SOMMER-26',
          kind: 'Percentage',
          value: 15,
          validUntil: '2027-08-31',
          maxUses: 50,
          uses: 0,
        }),
      );
      const dup = await add({ code: 'Sommer-26', kind: 'Amount', value: 500 });
      expect(dup.json().fields).toEqual({ code: ['validation.duplicate'] });
      const bad = await add({ code: 'x', kind: 'Percentage', value: 150, validFrom: '2027-01-02', validUntil: '2027-01-01' });
      expect(Object.keys(bad.json().fields).sort()).toEqual(['code', 'validUntil', 'value']);
    } finally {
      await t.close();
    }
  });

  it('changes plan variants and coupons, deletes unused and deactivates redeemed coupons; sign-ups see it', async () => {
    const t = await createTestApp({ SUBSCRIPTIONS_ENABLED: 'true', LOGIN_RATE_LIMIT: '1000' });
    try {
      const admin = await t.tokenFor('admin@demo.local');
      const other = await t.tokenFor('other@demo.local');
      const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
        t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });
      const catalogue = async () => (await t.app.inject({ url: '/api/billing/catalogue', headers: t.auth(admin) })).json();
      const couponId = async (code: string) =>
        (await catalogue()).coupons.find((c: { code: string }) => c.code === code)?.id as string | undefined;
      const preview = (planVariantId: string, couponCode = '') =>
        t.app.inject({
          method: 'POST',
          url: '/api/signup/preview',
          payload: { cart: { planVariantId, couponCode }, customer: customer('p@x.example') },
        });
      const dpo = {
        nameDe: 'DSB monatlich',
        nameEn: 'DPO monthly',
        monthlyNetCents: 4900,
        vatBasisPoints: 1900,
        noticePeriodDays: 30,
        isActive: true,
      };
      const rabatt = (await couponId('RABATT10'))!;

      // Rights: a user without Platform.Manage changes nothing.
      for (const [method, url, payload] of [
        ['PUT', '/api/billing/plan-variant/dpo-monthly', { ...dpo, monthlyNetCents: 100 }],
        ['PUT', `/api/billing/coupon/${rabatt}`, { code: 'RABATT10', kind: 'Amount', value: 1 }],
        ['POST', `/api/billing/coupon/${rabatt}/deactivate`, undefined],
        ['DELETE', `/api/billing/coupon/${rabatt}`, undefined],
      ] as const) {
        expect([method, url, (await call(method, url, payload, other)).statusCode]).toEqual([method, url, 403]);
      }
      const before = await catalogue();

      // Bad input: field errors, nothing written.
      const big = 'x'.repeat(50_000);
      const badVariant = await call('PUT', '/api/billing/plan-variant/dpo-monthly', {
        ...dpo,
        nameDe: ' ',
        nameEn: big,
        monthlyNetCents: -1,
        vatBasisPoints: 20_000,
        noticePeriodDays: 1.5,
      });
      expect(badVariant.statusCode).toBe(422);
      expect(Object.keys(badVariant.json().fields).sort()).toEqual([
        'monthlyNetCents',
        'nameDe',
        'nameEn',
        'noticePeriodDays',
        'vatBasisPoints',
      ]);
      const trialPrice = await call('PUT', '/api/billing/plan-variant/trial', { ...dpo, monthlyNetCents: 100 });
      expect(trialPrice.json().fields).toEqual({ monthlyNetCents: ['validation.trialIsFree'] });
      expect((await call('PUT', '/api/billing/plan-variant/no-such', dpo)).statusCode).toBe(404);
      const badCoupon = await call('PUT', `/api/billing/coupon/${rabatt}`, {
        code: big,
        kind: 'Percentage',
        value: 150,
        maxUses: 0,
      });
      expect(Object.keys(badCoupon.json().fields).sort()).toEqual(['code', 'maxUses', 'value']);
      expect(
        (await call('PUT', `/api/billing/coupon/${randomUUID()}`, { code: 'NEU1', kind: 'Amount', value: 1 })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/billing/coupon/${randomUUID()}`)).statusCode).toBe(404);
      expect(await catalogue()).toEqual(before);

      // A new price shows in the next sign-up preview; a deactivated variant cannot be ordered,
      // while the contracts on it still read it.
      const priced = await call('PUT', '/api/billing/plan-variant/dpo-monthly', {
        ...dpo,
        nameDe: 'DSB Monat',
        monthlyNetCents: 5900,
      });
      expect(priced.statusCode).toBe(200);
      expect(priced.json().planVariants).toContainEqual(
        expect.objectContaining({ id: 'dpo-monthly', name: 'DSB Monat', monthlyNet: 59 }),
      );
      expect((await preview('dpo-monthly')).json()).toMatchObject({ netTotal: 59, planVariant: { name: 'DSB Monat' } });
      await call('PUT', '/api/billing/plan-variant/dpo-monthly', { ...dpo, monthlyNetCents: 5900, isActive: false });
      expect((await preview('dpo-monthly')).json().fields).toEqual({ 'cart.planVariantId': ['validation.unknownPlan'] });
      const contract = await t.app.inject({ url: '/api/account/contract', headers: t.auth(admin) });
      expect(contract.statusCode).toBe(200);
      expect(contract.json().currentPlan.planVariantId).toBe('dpo-monthly');
      await call('PUT', '/api/billing/plan-variant/dpo-monthly', { ...dpo, monthlyNetCents: 5900 });

      // An unused coupon is edited freely and shows in the preview; then it may be deleted.
      const edited = await call('PUT', `/api/billing/coupon/${rabatt}`, {
        code: 'rabatt15',
        kind: 'Amount',
        value: 1500,
        maxUses: 10,
      });
      expect(edited.json().coupons).toContainEqual(
        expect.objectContaining({ code: 'RABATT15', value: 1500, maxUses: 10, status: 'valid', deletable: true }),
      );
      expect((await preview('dpo-monthly', 'RABATT15')).json()).toMatchObject({ discount: 15, coupon: { errorCode: null } });
      const deleted = await call('DELETE', `/api/billing/coupon/${rabatt}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().coupons.map((c: { code: string }) => c.code)).not.toContain('RABATT15');
      expect((await preview('dpo-monthly', 'RABATT15')).json().coupon.errorCode).toBe('unknown');

      // A redeemed coupon keeps kind and value, is not deleted, and is deactivated instead.
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { cart: { planVariantId: 'trial', couponCode: 'WILLKOMMEN20' }, customer: customer('coupon@op.example') },
      });
      expect(signup.statusCode).toBe(201);
      const welcome = (await couponId('WILLKOMMEN20'))!;
      const w = (await catalogue()).coupons.find((c: { id: string }) => c.id === welcome);
      expect(w).toMatchObject({ uses: 1, deletable: false });
      const input = {
        code: w.code,
        kind: w.kind,
        value: w.value,
        validFrom: w.validFrom,
        validUntil: w.validUntil,
        maxUses: w.maxUses,
      };
      expect((await call('PUT', `/api/billing/coupon/${welcome}`, { ...input, value: 50 })).json().fields).toEqual({
        value: ['validation.couponRedeemed'],
      });
      expect((await call('PUT', `/api/billing/coupon/${welcome}`, { ...input, maxUses: 0 })).statusCode).toBe(422);
      expect((await call('PUT', `/api/billing/coupon/${welcome}`, { ...input, maxUses: 5 })).statusCode).toBe(200);
      const refused = await call('DELETE', `/api/billing/coupon/${welcome}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('Deaktivieren');
      const deactivated = await call('POST', `/api/billing/coupon/${welcome}/deactivate`);
      expect(deactivated.json().coupons).toContainEqual(
        expect.objectContaining({ code: 'WILLKOMMEN20', status: 'expired', validUntil: addDays(todayIn(t.config.timeZone), -1) }),
      );
      expect((await preview('trial', 'WILLKOMMEN20')).json().coupon.errorCode).toBe('expired');
      // Its contract keeps the coupon (and so the discount it was promised).
      const [kept] = await t.db
        .select({ couponId: billingContract.couponId })
        .from(billingContract)
        .innerJoin(billingCustomer, eq(billingCustomer.companyId, billingContract.companyId))
        .where(eq(billingCustomer.emailAddress, 'coupon@op.example'));
      expect(kept!.couponId).toBe(welcome);
    } finally {
      await t.close();
    }
  });
});

describe('sign-up and the terms of use in force', () => {
  it('records the confirmation as consent, so the first login is not locked for it', async () => {
    const t = await createTestApp({ SUBSCRIPTIONS_ENABLED: 'true' });
    try {
      await t.db.insert(termsOfUse).values({ releaseDate: new Date(Date.now() - 60_000), contentDe: 'AGB', contentEn: 'Terms' });
      const email = 'terms@signup.example';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { cart: { planVariantId: 'trial' }, customer: customer(email) },
      });
      expect(res.statusCode).toBe(201);
      const [u] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, email));
      await t.db
        .update(appUser)
        .set({ passwordHash: await hashPassword('Neu-Start1!') })
        .where(eq(appUser.id, u!.id));
      const token = (await t.login(email, 'Neu-Start1!')).json().access_token as string;
      expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).json().lockReason).toBeNull();
      // Users who did not sign up still owe their consent.
      const other = await t.tokenFor('other@demo.local');
      expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(other) })).json().lockReason).toBe(
        'TermsOfUseConsentRequired',
      );
    } finally {
      await t.close();
    }
  });
});

describe('billing paperwork: confirmations, invoices, SEPA mandate, balance', () => {
  let t: TestApp;
  let today: string;
  const seller = {
    SELLER_NAME: 'Cockpit Betrieb GmbH',
    SELLER_ADDRESS: 'Am Markt 1 | 10115 Berlin',
    SELLER_VAT_ID: 'DE136695976',
    SELLER_EMAIL: 'rechnung@cockpit.example',
    SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
  };
  beforeAll(async () => {
    t = await createTestApp({ SUBSCRIPTIONS_ENABLED: 'true', LOGIN_RATE_LIMIT: '1000', ...seller });
    today = todayIn(t.config.timeZone);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const setPassword = async (email: string) => {
    const mail = await lastMail(t, email, 'invite');
    const m = /\/reset-password\/([0-9a-f-]+)\?token=([^\s]+)/.exec(mail!.body)!;
    await post('/api/auth/reset-password', {
      userId: m[1],
      token: decodeURIComponent(m[2]!),
      password: 'Neu-Start1!',
      passwordRepeated: 'Neu-Start1!',
    });
    return (await t.login(email, 'Neu-Start1!')).json().access_token as string;
  };
  const get = (url: string, token: string) => t.app.inject({ url, headers: t.auth(token) });
  const advance = (days: number) =>
    advanceContracts(t.db, t.app.billingProvider, { timeZone: t.config.timeZone, now: new Date(Date.now() + days * 86_400_000) });
  const de = (d: string) => dayText(d, 'de');

  it('confirms a trial order with the contract summary; subscribing in the trial keeps it free to its end, with the SEPA mandate', async () => {
    const email = 'tina.test@paper.example';
    // The German VAT number typed without "DE": the address's country supplies it.
    const res = await post('/api/signup', {
      cart: { planVariantId: 'trial' },
      customer: customer(email, { vatId: '136 695 976' }),
    });
    expect(res.statusCode).toBe(201);
    const [signedUp] = await t.db.select().from(billingCustomer).where(eq(billingCustomer.emailAddress, email));
    expect(signedUp!.vatId).toBe('DE136695976');
    const [co] = await t.db.select().from(company).where(eq(company.id, signedUp!.companyId));
    expect(co!.vatNumber).toBe('DE136695976');
    const order = await lastMail(t, email, 'order-confirmation');
    expect(order!.subject).toContain('Bestellbestätigung und Vertragszusammenfassung');
    expect(order!.body).toContain('Vertragszusammenfassung');
    expect(order!.body).toContain(`Kostenlose Testphase: bis ${de(addDays(today, 29))}`);
    expect(order!.body).toContain('Preis: 49,00 € netto im Monat zzgl. 19 % USt. = 58,31 €');
    expect(order!.body).toMatch(/Kundennummer \d+/);
    expect(order!.body).toContain('Anbieter: Cockpit Betrieb GmbH, Am Markt 1, 10115 Berlin');

    const token = await setPassword(email);
    // Before the click the price says from when it is paid.
    const preview = (await post('/api/account/upgrade/preview', { planVariantId: 'dpo-monthly' }, t.auth(token))).json();
    expect(preview.paidFrom).toBe(addDays(today, 30));
    const up = await post('/api/account/upgrade', { planVariantId: 'dpo-monthly', paymentBearer: sepa }, t.auth(token));
    expect(up.statusCode).toBe(200);
    const details = up.json();
    expect(details.contract).toMatchObject({
      lifecycleStatus: 'Active',
      startDate: today,
      nextBillingDate: addDays(today, 30),
      currentBalance: 0,
    });
    expect(details.customer.plan).toEqual({ planName: 'DSB-Paket', quantity: 1, startDate: addDays(today, 30) });
    expect(details.contract.paymentBearer).toMatchObject({
      creditorId: 'DE98ZZZ09999999999',
      mandateReference: expect.stringMatching(/^PC-\d+-[A-Z0-9]+$/),
    });
    expect((await get('/api/account/statement', token)).json()).toEqual({ balance: 0, lines: [], invoices: [] });

    const confirm = await lastMail(t, email, 'order-confirmation');
    expect(confirm!.id).not.toBe(order!.id);
    expect(confirm!.body).toContain(`Bezahlter Tarif ab: ${de(addDays(today, 30))}`);
    expect(confirm!.body).toContain('49,00 € netto im Monat zzgl. 19 % USt. = 58,31 €');
    expect(confirm!.body).toContain('SEPA-Lastschriftmandat');
    expect(confirm!.body).toContain('Gläubiger-Identifikationsnummer DE98ZZZ09999999999');
    expect(confirm!.body).toContain(`Mandatsreferenz: ${details.contract.paymentBearer.mandateReference}`);
    expect(confirm!.body).toContain('innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung');

    // The first paid month is charged, and invoiced, when the trial is over.
    await advance(29);
    expect((await get('/api/account/statement', token)).json().invoices).toHaveLength(0);
    await advance(30);
    const statement = (await get('/api/account/statement', token)).json();
    expect(statement.invoices).toHaveLength(1);
    expect(statement.invoices[0]).toMatchObject({ periodFrom: addDays(today, 30), gross: 58.31 });
    const pdf = await get(`/api/account/invoice/${statement.invoices[0].id}/pdf`, token);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Mandatsreferenz: ${details.contract.paymentBearer.mandateReference}`);
    expect(text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
  });

  it('invoices every charge: gap-free numbers, VAT, seller and buyer, under Documents and on /account; the balance line by line', async () => {
    const email = 'ian.invoice@paper.example';
    const res = await post('/api/signup', {
      cart: { planVariantId: 'dpo-monthly' },
      customer: customer(email, { locale: 'en', companyName: 'Invoice Ltd' }),
      paymentBearer: card,
    });
    expect(res.statusCode).toBe(201);
    const order = await lastMail(t, email, 'order-confirmation');
    expect(order!.subject).toContain('order confirmation and contract summary');
    expect(order!.body).toContain('€49.00 net a month plus 19 % VAT = €58.31');
    expect(order!.body).toContain('Credit card Visa');
    expect(order!.body).not.toContain('mandate');

    const token = await setPassword(email);
    const details = (await get('/api/account/contract', token)).json();
    expect(details.customer).toMatchObject({
      id: expect.stringMatching(/^\d{5,}$/),
      externalCustomerId: null,
      defaultBearerMedium: 'CreditCard',
      plan: { planName: details.currentPlan.planName, quantity: 1, startDate: today },
    });
    let statement = (await get('/api/account/statement', token)).json();
    expect(statement.invoices).toHaveLength(1);
    const first = statement.invoices[0];
    expect(first).toMatchObject({
      issuedOn: today,
      periodFrom: today,
      periodTo: addDays(addMonths(today, 1), -1),
      net: 49,
      vat: 9.31,
      gross: 58.31,
    });
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: 'charge', amount: -58.31, balanceAfter: -58.31, invoiceId: first.id }),
    ]);
    expect(statement.balance).toBe(details.contract.currentBalance);

    const pdf = await get(`/api/account/invoice/${first.id}/pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Invoice ${first.number}`,
      'Cockpit Betrieb GmbH',
      'Am Markt 1',
      'VAT ID DE136695976',
      'Invoice Ltd',
      'Nina Neu',
      'Lindenweg 4',
      '10115 Berlin',
      'VAT ID DE 136 695 976',
      `Customer number ${details.customer.id}`,
      'DPO plan, monthly',
      'Net amount €49.00',
      'VAT 19 % €9.31',
      'Total €58.31',
      'credit card Visa',
    ]) {
      expect(text).toContain(expected);
    }
    // Kept among the company's documents like a generated report.
    const docs = (await get('/api/attachment?pageSize=500', token)).json().items;
    expect(docs).toContainEqual(expect.objectContaining({ fileName: first.fileName, itemId: null, mimeType: 'application/pdf' }));
    expect(first.fileName).toBe(`Invoice ${first.number} Invoice Ltd.pdf`);

    // A charge whose transaction fails gives its number back; the next months follow on without a gap.
    const [{ companyId }] = (await t.db
      .select({ companyId: billingCustomer.companyId })
      .from(billingCustomer)
      .where(eq(billingCustomer.emailAddress, email))) as [{ companyId: string }];
    await t.db
      .transaction(async (tx) => {
        await recordCharge(
          tx,
          { storage: t.storage, seller: t.config.seller },
          { companyId, variantId: 'dpo-monthly', coupon: null, periodFrom: today, issuedOn: today },
        );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await advance(65)).toMatchObject({ billed: expect.any(Number) });
    statement = (await get('/api/account/statement', token)).json();
    expect(statement.invoices.map((i: { periodFrom: string }) => i.periodFrom)).toEqual([
      addMonths(today, 2),
      addMonths(today, 1),
      today,
    ]);
    const all = await t.db.select({ sequence: billingInvoice.sequence, number: billingInvoice.number }).from(billingInvoice);
    const sequences = all.map((i) => i.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    for (const i of all) expect(i.number).toBe(`RE-${String(i.sequence).padStart(6, '0')}`);
    expect(statement.lines.map((l: { amount: number }) => l.amount)).toEqual([-58.31, -58.31, -58.31]);
    expect(statement.lines[0].balanceAfter).toBe(-174.93);
    expect(statement.balance).toBe((await get('/api/account/contract', token)).json().contract.currentBalance);
    // Someone else's invoice is not there.
    const other = await t.tokenFor('admin@demo.local');
    expect((await get(`/api/account/invoice/${first.id}/pdf`, other)).statusCode).toBe(404);
  });

  it('confirms a cancellation with the time it was received and the end date, in German and English', async () => {
    const email = 'cora.cancel@paper.example';
    await post('/api/signup', { cart: { planVariantId: 'dpo-monthly' }, customer: customer(email), paymentBearer: card });
    const token = await setPassword(email);
    const cancel = await post('/api/account/cancel', { confirmed: true }, t.auth(token));
    expect(cancel.statusCode).toBe(200);
    const end = cancel.json().effectiveEndDate as string;
    const mail = await lastMail(t, email, 'cancellation-confirmation');
    expect(mail!.subject).toContain(`Bestätigung Ihrer Kündigung zum ${de(end)}`);
    expect(mail!.body).toContain(`Ihr Vertrag endet am ${de(end)}.`);
    expect(mail!.body).toMatch(/Eingang Ihrer Kündigung am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    expect(mail!.body).toContain(`gekündigt; endet am ${de(end)}`);
    // A refused second cancellation sends nothing.
    await post('/api/account/cancel', { confirmed: true }, t.auth(token));
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from mail_outbox where recipient = ${email} and template = 'cancellation-confirmation'`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    const en = 'eve.english@paper.example';
    await post('/api/signup', {
      cart: { planVariantId: 'dpo-monthly' },
      customer: customer(en, { locale: 'en' }),
      paymentBearer: sepa,
    });
    const enToken = await setPassword(en);
    const enEnd = (await post('/api/account/cancel', { confirmed: true }, t.auth(enToken))).json().effectiveEndDate as string;
    const enMail = await lastMail(t, en, 'cancellation-confirmation');
    expect(enMail!.subject).toContain(`your cancellation, effective ${dayText(enEnd, 'en')}`);
    expect(enMail!.body).toContain(`Your contract ends on ${dayText(enEnd, 'en')}.`);
    expect(enMail!.body).toContain('we confirm that we received your cancellation on');
  });
});
