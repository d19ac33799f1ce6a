import {
  type Cart,
  type ContractDetails,
  cardTypeOf,
  type Language,
  maskCardNumber,
  maskIban,
  type OrderPreview,
  type PaymentBearer,
} from '@pc/shared';
import { and, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { billingContract, billingCoupon, billingCustomer, billingPlan, billingPlanVariant } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { addDays, addMonths } from '../../platform/dates';
import { validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { recordCharge, type Seller } from './invoice';
import { type BillingProvider, fail, type PaymentBearerData, type ProviderContext } from './provider';
import { type CouponTerms, cancellationDates, couponError, euro, monthlyPrice, type VariantTerms } from './terms';

type VariantRow = VariantTerms & { planId: string; name: string; planName: string; followUpVariantId: string | null };

/** A plan variant; `orderable` leaves out those the operator has deactivated (a contract still reads its own). */
async function variant(db: Db, id: string, locale: Language, orderable = true): Promise<VariantRow | null> {
  const [row] = await db
    .select({
      id: billingPlanVariant.id,
      planId: billingPlanVariant.planId,
      trialDays: billingPlanVariant.trialDays,
      monthlyNetCents: billingPlanVariant.monthlyNetCents,
      vatBasisPoints: billingPlanVariant.vatBasisPoints,
      noticePeriodDays: billingPlanVariant.noticePeriodDays,
      followUpVariantId: billingPlanVariant.followUpVariantId,
      name: locale === 'en' ? billingPlanVariant.nameEn : billingPlanVariant.nameDe,
      planName: locale === 'en' ? billingPlan.nameEn : billingPlan.nameDe,
    })
    .from(billingPlanVariant)
    .innerJoin(billingPlan, eq(billingPlan.id, billingPlanVariant.planId))
    .where(
      orderable
        ? and(eq(billingPlanVariant.id, id), eq(billingPlanVariant.isActive, true), eq(billingPlan.isActive, true))
        : eq(billingPlanVariant.id, id),
    );
  return row ?? null;
}

async function coupon(db: Db, code: string) {
  const [row] = await db.select().from(billingCoupon).where(sql`upper(${billingCoupon.code}) = upper(${code})`);
  return row ?? null;
}

const isPaid = (v: VariantTerms) => v.trialDays === 0;

/** When a subscription now becomes paid: the day after a running trial, else today. */
function paidFromOf(c: typeof billingContract.$inferSelect, today: string) {
  return statusOf(c, today) === 'InTrial' && c.endDate ? addDays(c.endDate, 1) : today;
}

/**
 * A trial or cancelled contract past its last day has ended, whether or not the date job has
 * recorded it yet (the lock in platform/auth/plugin.ts reads the date the same way).
 */
function statusOf(c: typeof billingContract.$inferSelect, today: string) {
  if ((c.lifecycleStatus === 'InTrial' || c.lifecycleStatus === 'Cancelled') && c.endDate && c.endDate < today) return 'Ended';
  return c.lifecycleStatus;
}

/**
 * A new direct-debit mandate's reference: unique for the creditor (the customer number and the
 * moment it was given), at most 35 characters of the SEPA set.
 */
export const mandateReferenceFor = (customerNumber: number, now: Date) =>
  `PC-${customerNumber}-${now.getTime().toString(36).toUpperCase()}`;

function bearerColumns(b: PaymentBearerData | null, now: Date, customerNumber: number) {
  if (!b) return {};
  if (b.type === 'CreditCard') {
    return {
      bearerType: 'CreditCard' as const,
      cardType: cardTypeOf(b.cardNumber),
      maskedCardPan: maskCardNumber(b.cardNumber),
      last4: b.cardNumber.slice(-4),
      expiryMonth: b.expiryMonth,
      expiryYear: b.expiryYear,
      holder: b.holder,
      ibanMasked: null,
      sepaAgreedAt: null,
      mandateReference: null,
    };
  }
  return {
    bearerType: 'Debit' as const,
    cardType: null,
    maskedCardPan: null,
    last4: b.iban.slice(-4),
    expiryMonth: null,
    expiryYear: null,
    holder: b.holder,
    ibanMasked: maskIban(b.iban),
    sepaAgreedAt: now,
    mandateReference: mandateReferenceFor(customerNumber, now),
  };
}

/** The built-in provider: plans, coupons and contracts in PostgreSQL (docs/decisions/0018). */
export function builtInProvider(o: { now: () => Date; storage: Storage; seller: Seller }): BillingProvider {
  /** The plan variant of a cart, or a field error on it. */
  const variantOf = async (ctx: ProviderContext, id: string, field: string) => {
    const v = await variant(ctx.db, id, ctx.locale);
    if (!v) throw validationFailed({ [field]: ['validation.unknownPlan'] });
    return v;
  };

  const preview = async (
    ctx: ProviderContext,
    v: VariantRow,
    c: CouponTerms | null,
    code: string,
    paidFrom: string | null = isPaid(v) ? ctx.today : null,
  ): Promise<OrderPreview> => {
    const error = code ? couponError(c, ctx.today) : null;
    const usable = code && !error ? c : null;
    // A trial costs nothing; its coupon applies to the plan it becomes.
    const follow = !isPaid(v) && v.followUpVariantId ? await variant(ctx.db, v.followUpVariantId, ctx.locale) : null;
    const charged = isPaid(v)
      ? monthlyPrice(v, usable)
      : monthlyPrice({ monthlyNetCents: 0, vatBasisPoints: v.vatBasisPoints }, null);
    const monthly = monthlyPrice(follow ?? v, usable);
    return {
      planVariant: { id: v.id, name: v.name, planName: v.planName, trialDays: v.trialDays, requiresPayment: isPaid(v) },
      currency: 'EUR',
      lines: [{ description: v.name, quantity: 1, unitPrice: euro(charged.netCents), amount: euro(charged.netCents) }],
      discount: euro(charged.discountCents),
      netTotal: euro(charged.netCents - charged.discountCents),
      vatPercent: v.vatBasisPoints / 100,
      vatTotal: euro(charged.vatCents),
      grossTotal: euro(charged.grossCents),
      monthlyGross: euro(monthly.grossCents),
      paidFrom,
      coupon: code
        ? { code: code.toUpperCase(), kind: usable?.kind ?? null, value: usable ? usable.value : null, errorCode: error }
        : null,
    };
  };

  const contractRow = async (db: Db, companyId: string) => {
    const [row] = await db
      .select({ contract: billingContract, coupon: billingCoupon })
      .from(billingContract)
      .leftJoin(billingCoupon, eq(billingCoupon.id, billingContract.couponId))
      .where(eq(billingContract.companyId, companyId));
    return row ?? null;
  };

  return {
    name: 'builtin',

    async previewOrder(ctx, cart: Cart) {
      const v = await variantOf(ctx, cart.planVariantId, 'cart.planVariantId');
      return preview(ctx, v, cart.couponCode ? await coupon(ctx.db, cart.couponCode) : null, cart.couponCode);
    },

    async subscribe(ctx, { companyId, cart, customer, paymentBearer }) {
      const v = await variantOf(ctx, cart.planVariantId, 'cart.planVariantId');
      let couponId: string | null = null;
      if (cart.couponCode) {
        const c = await coupon(ctx.db, cart.couponCode);
        if (!c || couponError(c, ctx.today)) throw validationFailed({ 'cart.couponCode': ['signup.couponInvalid'] });
        // Counted in the same statement that checks the limit, so two sign-ups cannot both take the last use.
        const taken = await ctx.db
          .update(billingCoupon)
          .set({ uses: sql`${billingCoupon.uses} + 1` })
          .where(
            and(
              eq(billingCoupon.id, c.id),
              sql`(${billingCoupon.maxUses} is null or ${billingCoupon.uses} < ${billingCoupon.maxUses})`,
            ),
          )
          .returning({ id: billingCoupon.id });
        if (taken.length === 0) throw validationFailed({ 'cart.couponCode': ['signup.couponInvalid'] });
        couponId = c.id;
      }
      if (isPaid(v) && !paymentBearer) throw validationFailed({ paymentBearer: ['validation.required'] });
      const now = o.now();
      const paid = isPaid(v);
      const [{ customerNumber }] = (await ctx.db
        .insert(billingCustomer)
        .values({
          companyId,
          companyName: customer.companyName,
          firstName: customer.firstName,
          lastName: customer.lastName,
          emailAddress: customer.emailAddress,
          vatId: customer.vatId,
          phoneNumber: customer.phoneNumber,
          locale: customer.locale,
          tag: customer.tag,
          ...customer.address,
          confirmedAt: now,
          promotionalCommunication: customer.customFields.hasConfirmedPromotionalCommunication,
        })
        .returning({ customerNumber: billingCustomer.customerNumber })) as [{ customerNumber: number }];
      await ctx.db.insert(billingContract).values({
        companyId,
        planVariantId: v.id,
        couponId,
        lifecycleStatus: paid ? 'Active' : 'InTrial',
        startDate: ctx.today,
        planStartDate: ctx.today,
        // The trial's last free day; a paid plan runs until cancelled.
        endDate: paid ? null : addDays(ctx.today, v.trialDays - 1),
        // Billed in advance: the first month at once, the next one a month later.
        nextBillingDate: paid ? addMonths(ctx.today, 1) : null,
        noticePeriodDays: v.noticePeriodDays,
        ...bearerColumns(paymentBearer, now, customerNumber),
      });
      if (paid) {
        const c = couponId ? await coupon(ctx.db, cart.couponCode) : null;
        await recordCharge(ctx.db, o, { companyId, variantId: v.id, coupon: c, periodFrom: ctx.today, issuedOn: ctx.today });
      }
    },

    async contractDetails(ctx, companyId) {
      const row = await contractRow(ctx.db, companyId);
      if (!row) return null;
      const c = { ...row.contract, lifecycleStatus: statusOf(row.contract, ctx.today) };
      const v = await variant(ctx.db, c.planVariantId, ctx.locale, false);
      const [customer] = await ctx.db.select().from(billingCustomer).where(eq(billingCustomer.companyId, companyId));
      if (!v || !customer) return null;
      const running = c.lifecycleStatus === 'Active' && !c.endDate && c.nextBillingDate;
      const dates = running
        ? cancellationDates(c.nextBillingDate!, c.noticePeriodDays, ctx.today)
        : c.lifecycleStatus === 'InTrial'
          ? { endDateIfCancelledNow: c.endDate, lastPossibleCancellationDate: c.endDate }
          : { endDateIfCancelledNow: null, lastPossibleCancellationDate: null };
      const bearer: PaymentBearer | null = c.bearerType
        ? {
            type: c.bearerType,
            cardType: (c.cardType as PaymentBearer['cardType']) ?? null,
            maskedCardPan: c.maskedCardPan,
            last4: c.last4,
            expiryMonth: c.expiryMonth,
            expiryYear: c.expiryYear,
            holder: c.holder ?? '',
            iban: c.ibanMasked,
            hasAgreedToSepaTerms: c.sepaAgreedAt !== null,
            mandateReference: c.mandateReference,
            creditorId: c.bearerType === 'Debit' ? o.seller.creditorId || null : null,
          }
        : null;
      const follow = !isPaid(v) && v.followUpVariantId ? await variant(ctx.db, v.followUpVariantId, ctx.locale) : null;
      const monthly = monthlyPrice(follow ?? v, row.coupon);
      const details: ContractDetails = {
        contract: {
          currency: 'EUR',
          lifecycleStatus: c.lifecycleStatus,
          paymentBearer: bearer,
          startDate: c.startDate,
          endDate: c.endDate,
          nextBillingDate: c.nextBillingDate,
          noticePeriodDays: c.noticePeriodDays,
          currentBalance: euro(c.balanceCents),
          paymentProvider: c.paymentProvider,
          paymentProviderRole: c.bearerType,
        },
        customer: {
          id: String(customer.customerNumber),
          externalCustomerId: customer.externalId,
          defaultBearerMedium: c.bearerType,
          // The built-in plans are sold one at a time.
          plan: { planName: v.planName, quantity: 1, startDate: c.planStartDate },
          companyName: customer.companyName,
          firstName: customer.firstName,
          lastName: customer.lastName,
          emailAddress: customer.emailAddress,
          vatId: customer.vatId,
          phoneNumber: customer.phoneNumber,
          locale: customer.locale,
          address: {
            addressLine1: customer.addressLine1,
            addressLine2: customer.addressLine2,
            street: customer.street,
            houseNumber: customer.houseNumber,
            postalCode: customer.postalCode,
            city: customer.city,
            country: customer.country,
          },
        },
        currentPlan: {
          planVariantId: v.id,
          planName: v.planName,
          name: v.name,
          monthlyGross: euro(monthly.grossCents),
          monthlyNet: euro(monthly.netCents - monthly.discountCents),
          vatPercent: (follow ?? v).vatBasisPoints / 100,
        },
        ...dates,
        // The built-in provider collects no payments, so it never blocks them.
        paymentsBlocked: false,
      };
      return details;
    },

    async cancel(ctx, companyId) {
      const row = await contractRow(ctx.db, companyId);
      if (!row) throw fail('noContract', ctx.locale);
      const c = row.contract;
      if (c.endDate || statusOf(c, ctx.today) !== 'Active' || !c.nextBillingDate) throw fail('alreadyCancelled', ctx.locale);
      const { endDateIfCancelledNow } = cancellationDates(c.nextBillingDate, c.noticePeriodDays, ctx.today);
      await ctx.db
        .update(billingContract)
        .set({
          lifecycleStatus: 'Cancelled',
          endDate: endDateIfCancelledNow,
          // Periods that begin before the end are still billed by the date job; none after it.
          nextBillingDate: c.nextBillingDate <= endDateIfCancelledNow ? c.nextBillingDate : null,
        })
        .where(eq(billingContract.id, c.id));
      return { effectiveEndDate: endDateIfCancelledNow };
    },

    async previewUpgrade(ctx, companyId, planVariantId) {
      const v = await variantOf(ctx, planVariantId, 'planVariantId');
      if (!isPaid(v)) throw validationFailed({ planVariantId: ['validation.unknownPlan'] });
      const row = await contractRow(ctx.db, companyId);
      if (!row) throw fail('noContract', ctx.locale);
      return preview(ctx, v, row.coupon, row.coupon?.code ?? '', paidFromOf(row.contract, ctx.today));
    },

    async upgrade(ctx, companyId, planVariantId, bearer) {
      const v = await variantOf(ctx, planVariantId, 'planVariantId');
      if (!isPaid(v)) throw validationFailed({ planVariantId: ['validation.unknownPlan'] });
      const row = await contractRow(ctx.db, companyId);
      if (!row) throw fail('noContract', ctx.locale);
      const status = statusOf(row.contract, ctx.today);
      if (status !== 'InTrial' && status !== 'Ended') {
        throw fail('alreadySubscribed', ctx.locale);
      }
      const [cu] = await ctx.db
        .select({ customerNumber: billingCustomer.customerNumber })
        .from(billingCustomer)
        .where(eq(billingCustomer.companyId, companyId));
      // A running trial stays free to its end (decision 0041): the paid plan and its first
      // month begin the day after; an ended contract is paid from today.
      const paidFrom = paidFromOf(row.contract, ctx.today);
      const now = paidFrom === ctx.today;
      await ctx.db
        .update(billingContract)
        .set({
          planVariantId: v.id,
          lifecycleStatus: 'Active',
          startDate: now ? ctx.today : row.contract.startDate,
          planStartDate: paidFrom,
          endDate: null,
          nextBillingDate: now ? addMonths(ctx.today, 1) : paidFrom,
          noticePeriodDays: v.noticePeriodDays,
          ...bearerColumns(bearer, o.now(), cu?.customerNumber ?? 0),
        })
        .where(eq(billingContract.id, row.contract.id));
      if (now) {
        await recordCharge(ctx.db, o, {
          companyId,
          variantId: v.id,
          coupon: row.coupon,
          periodFrom: ctx.today,
          issuedOn: ctx.today,
        });
      }
    },

    async advance(ctx) {
      // A trial nobody subscribed and a cancelled contract end the day after their last day.
      const ended = await ctx.db
        .update(billingContract)
        .set({ lifecycleStatus: 'Ended', nextBillingDate: null })
        .where(
          and(
            inArray(billingContract.lifecycleStatus, ['InTrial', 'Cancelled']),
            isNotNull(billingContract.endDate),
            lt(billingContract.endDate, ctx.today),
          ),
        )
        .returning({ id: billingContract.id });
      // Running contracts are billed a month in advance on each billing date.
      const due = await ctx.db
        .select({ contract: billingContract, variant: billingPlanVariant, coupon: billingCoupon })
        .from(billingContract)
        .innerJoin(billingPlanVariant, eq(billingPlanVariant.id, billingContract.planVariantId))
        .leftJoin(billingCoupon, eq(billingCoupon.id, billingContract.couponId))
        .where(
          and(
            inArray(billingContract.lifecycleStatus, ['Active', 'Cancelled']),
            isNotNull(billingContract.nextBillingDate),
            lte(billingContract.nextBillingDate, ctx.today),
          ),
        )
        // Another instance running the job at the same time waits and then finds nothing due.
        .for('update', { of: billingContract });
      let billed = 0;
      for (const { contract: c, variant: v, coupon: cp } of due) {
        let next = c.nextBillingDate!;
        // One invoice per billing period, each for the period it pays.
        while (next <= ctx.today && (!c.endDate || next <= c.endDate)) {
          await recordCharge(ctx.db, o, {
            companyId: c.companyId,
            variantId: v.id,
            coupon: cp,
            periodFrom: next,
            issuedOn: ctx.today,
          });
          next = addMonths(next, 1);
          billed++;
        }
        await ctx.db
          .update(billingContract)
          .set({ nextBillingDate: c.endDate && next > c.endDate ? null : next })
          .where(eq(billingContract.id, c.id));
      }
      return { ended: ended.length, billed };
    },
  };
}
