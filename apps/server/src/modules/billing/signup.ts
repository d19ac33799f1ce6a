import { randomUUID } from 'node:crypto';
import { type Language, type signupPreviewRequestSchema, type signupRequestSchema, vatNumberForCountry } from '@pc/shared';
import { desc, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { appUser, company, termsOfUse, termsOfUseAgreement, userCompany, userRole } from '../../db/schema/index';
import { todayIn } from '../../platform/dates';
import { AppError, sqlState } from '../../platform/errors';
import { type Mailer, ownerQueue } from '../../platform/mail/mailer';
import { roleIdsByKey } from '../../platform/roles/built-in';
import { INVITE_MINUTES, sendPasswordLink } from '../auth/password-reset';
import type { Seller } from './invoice';
import { sendOrderConfirmation } from './mails';
import type { BillingProvider } from './provider';

export interface SignupDeps {
  /** The owner connection: a sign-up has no tenant yet; it creates one. */
  db: OwnerDb;
  provider: BillingProvider;
  mailer: Mailer;
  /** The operator as seller and SEPA creditor, named in the order confirmation. */
  seller: Seller;
  timeZone: string;
  now: () => Date;
  /** SUBSCRIPTIONS_ENABLED: without it the sign-up does not exist. */
  enabled: boolean;
  /** Calls a minute per IP (LOGIN_RATE_LIMIT, like the other public calls). */
  rateLimit: number;
}

/** Thrown to roll back the sign-up of an address that already has a user (see signup()). */
const discard = new Error('sign-up of a known address: rolled back');

/**
 * Creates the company, its account holder and the contract in one transaction, and mails the
 * link to choose a password; nothing is left when any step fails. An address that already has a
 * user creates nothing and gets a mail saying so; the answer is the same as for a new account,
 * so the sign-up cannot tell anyone who has an account — neither by its text nor by its time:
 * a known address goes through the very same transaction (under a stand-in address), which is
 * then rolled back, and its one write is the mail that tells the owner, as a new address's one
 * commit is its account.
 */
export async function signup(d: SignupDeps, body: z.output<typeof signupRequestSchema>, locale: Language) {
  const today = todayIn(d.timeZone, d.now());
  const ctx = { db: d.db, today, locale };
  // Refuses an unknown plan and a faulty coupon before anything else, for new and known addresses alike.
  const preview = await d.provider.previewOrder(ctx, body.cart);
  if (preview.coupon?.errorCode) {
    throw new AppError(422, 'validation_failed', 'error.validationFailed', {
      fields: { 'cart.couponCode': ['signup.couponInvalid'] },
    });
  }
  if (preview.planVariant.requiresPayment && !body.paymentBearer) {
    throw new AppError(422, 'validation_failed', 'error.validationFailed', {
      fields: { paymentBearer: ['validation.required'] },
    });
  }
  // A VAT number typed without the prefix of the address's country is kept with it.
  const c = { ...body.customer, vatId: vatNumberForCountry(body.customer.vatId, body.customer.address.country).value };
  const existing = await d.db
    .select({ id: appUser.id })
    .from(appUser)
    .where(sql`lower(${appUser.email}) = lower(${c.emailAddress})`);
  const known = existing.length > 0;
  // Never stored: the transaction of a known address is rolled back.
  const email = known ? `${randomUUID()}@signup.invalid` : c.emailAddress;

  const after: (() => void)[] = [];
  try {
    await d.db.transaction(async (tx) => {
      const companyId = randomUUID();
      await tx.insert(company).values({
        id: companyId,
        name: c.companyName,
        addressLine1: [c.address.street, c.address.houseNumber].filter(Boolean).join(' ') || c.address.addressLine1 || null,
        addressLine2: c.address.addressLine2 || null,
        zipCode: c.address.postalCode || null,
        city: c.address.city || null,
        country: c.address.country,
        phoneNumber: c.phoneNumber || null,
        emailAddress: c.emailAddress,
        vatNumber: c.vatId || null,
      });
      const userId = randomUUID();
      await tx.insert(appUser).values({
        id: userId,
        companyId,
        email,
        firstname: c.firstName,
        lastname: c.lastName,
        language: c.locale,
        hasAccount: true,
      });
      const roles = await roleIdsByKey(tx, ['account-holder']);
      await tx.insert(userRole).values({ userId, roleId: roles['account-holder']! });
      await tx.insert(userCompany).values({ userId, companyId });
      // The sign-up's confirmation of the terms of use is the consent to the version in force,
      // so the first login does not ask again (TermsOfUseConsentRequired).
      const [current] = await tx
        .select({ id: termsOfUse.id })
        .from(termsOfUse)
        .where(lte(termsOfUse.releaseDate, d.now()))
        .orderBy(desc(termsOfUse.releaseDate))
        .limit(1);
      if (current) await tx.insert(termsOfUseAgreement).values({ userId, termsOfUseId: current.id });
      await d.provider.subscribe(
        { ...ctx, db: tx },
        { companyId, cart: body.cart, customer: { ...c, emailAddress: email }, paymentBearer: body.paymentBearer },
      );
      const queue = { db: tx, afterCommit: (fn: () => void) => void after.push(fn) };
      const details = await d.provider.contractDetails({ ...ctx, db: tx }, companyId);
      if (details) await sendOrderConfirmation(d.mailer, queue, details, d.seller);
      const user = { id: userId, firstname: c.firstName, lastname: c.lastName, email, language: c.locale };
      await sendPasswordLink(queue, d, user, 'invite', INVITE_MINUTES);
      if (known) throw discard;
    });
  } catch (e) {
    if (e === discard) return tellExisting(d, c.emailAddress, c.locale);
    // The same address signed up a moment ago: as above, nothing new and the same answer.
    if (sqlState(e) === '23505') return tellExisting(d, c.emailAddress, c.locale);
    throw e;
  }
  for (const fn of after) fn();
}

async function tellExisting(d: SignupDeps, email: string, locale: Language) {
  // In the background like a password reset: the answer must not wait for SMTP either way.
  await d.mailer.send(ownerQueue(d.db), {
    to: email,
    template: 'signup-exists',
    locale,
    vars: { name: email, link: d.mailer.link('/login') },
  });
}

/** Prices a sign-up: plan, lines, VAT, totals and the coupon with its error code. */
export function previewSignup(d: SignupDeps, body: z.output<typeof signupPreviewRequestSchema>) {
  const today = todayIn(d.timeZone, d.now());
  return d.provider.previewOrder({ db: d.db, today, locale: body.customer.locale }, body.cart);
}
