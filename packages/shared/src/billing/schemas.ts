import { z } from 'zod';
import { calendarDate, text } from '../scalars';
import { languageSchema } from '../user';
import { vatNumberFits, vatNumberRefinement, vatNumberTextSchema } from '../vat/validate';
import { cardDigits, cardTypeOf, cardTypes, isValidCardNumber, isValidIban, normaliseIban } from './payment';

/** A contract's lifecycle status. */
export const lifecycleStatuses = ['InTrial', 'Active', 'Cancelled', 'Ended'] as const;
export const lifecycleStatusSchema = z.enum(lifecycleStatuses);
export type LifecycleStatus = z.infer<typeof lifecycleStatusSchema>;

/** The plan variants the built-in provider ships (the sign-up routes' route data). */
export const TRIAL_PLAN_VARIANT = 'trial';
export const DPO_PLAN_VARIANT = 'dpo-monthly';

const required = (max: number) => text.trim().min(1, 'validation.required').max(max, 'validation.tooLong');
const optional = (max: number) => text.trim().max(max, 'validation.tooLong').optional().default('');

/** The billing customer's address. */
export const billingAddressSchema = z.object({
  addressLine1: optional(200),
  addressLine2: optional(200),
  street: optional(200),
  houseNumber: optional(20),
  postalCode: optional(20),
  city: optional(200),
  country: text
    .trim()
    .regex(/^[A-Z]{2}$/, 'validation.country')
    .default('DE'),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

const confirmed = z.literal(true, { error: 'validation.confirmationRequired' });

/** The customer entered at sign-up. */
export const signupCustomerSchema = z
  .object({
    emailAddress: z.email('validation.email').max(254, 'validation.tooLong'),
    firstName: required(100),
    lastName: required(100),
    companyName: required(300),
    /** As for a company: valid, or valid with the prefix of the address's country (then stored with it). */
    vatId: vatNumberTextSchema.optional().default(''),
    phoneNumber: optional(50),
    locale: languageSchema.default('de'),
    tag: optional(100),
    address: billingAddressSchema.default({ country: 'DE' } as BillingAddress),
    customFields: z.object({
      hasConfirmedTermsOfUse: confirmed,
      hasConfirmedPrivacyAgreement: confirmed,
      // A consent (being named as a customer) is never a condition of the contract (Art. 7(4) GDPR).
      hasConfirmedMarketingAgreement: z.boolean().default(false),
      hasConfirmedPromotionalCommunication: z.boolean().default(false),
    }),
  })
  .refine((c) => vatNumberFits(c?.vatId, c?.address?.country), vatNumberRefinement('vatId'));
export type SignupCustomer = z.infer<typeof signupCustomerSchema>;

/** The cart: a plan variant and an optional coupon. Component subscriptions: none are offered by the built-in plans. */
export const cartSchema = z.object({
  planVariantId: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  couponCode: text.trim().max(50, 'validation.tooLong').optional().default(''),
  componentSubscriptions: z.array(z.never()).max(0).optional().default([]),
});
export type Cart = z.infer<typeof cartSchema>;

const month = z.int('validation.cardExpiry').min(1, 'validation.cardExpiry').max(12, 'validation.cardExpiry');
const year = z.int('validation.cardExpiry').min(2000, 'validation.cardExpiry').max(2199, 'validation.cardExpiry');

/** The month a card expires in has not ended yet (checked against today's date). */
export function cardExpiryValid(m: number, y: number, today = new Date()) {
  return y > today.getFullYear() || (y === today.getFullYear() && m >= today.getMonth() + 1);
}

/** A payment bearer as entered: a card or a SEPA direct-debit mandate. */
export const paymentBearerInputSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('CreditCard'),
      holder: required(200),
      cardNumber: text.max(30, 'validation.cardNumber').refine(isValidCardNumber, 'validation.cardNumber').transform(cardDigits),
      cvc: text.regex(/^\d{3,4}$/, 'validation.cvc'),
      expiryMonth: month,
      expiryYear: year,
    })
    .superRefine((b, ctx) => {
      if (!cardExpiryValid(b.expiryMonth, b.expiryYear)) {
        ctx.addIssue({ code: 'custom', path: ['expiryYear'], message: 'validation.cardExpired' });
      }
      const cvcLength = cardTypeOf(b.cardNumber) === 'Amex' ? 4 : 3;
      if (b.cvc.length !== cvcLength) ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'validation.cvc' });
    }),
  z.object({
    type: z.literal('Debit'),
    holder: required(200),
    iban: text.max(42, 'validation.iban').refine(isValidIban, 'validation.iban').transform(normaliseIban),
    hasAgreedToSepaTerms: confirmed,
  }),
]);
export type PaymentBearerInput = z.input<typeof paymentBearerInputSchema>;

/** POST /api/signup/preview: the cart and the customer, before anything is created. */
export const signupPreviewRequestSchema = z.object({ cart: cartSchema, customer: signupCustomerSchema });
export type SignupPreviewRequest = z.input<typeof signupPreviewRequestSchema>;

/** POST /api/signup: the same plus the payment data a paid plan needs. */
export const signupRequestSchema = signupPreviewRequestSchema.extend({
  paymentBearer: paymentBearerInputSchema.nullable().optional().default(null),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** Every sign-up answers this, also for an address that already has a user (anti-enumeration). */
export const signupResultSchema = z.object({ status: z.literal('orderCreated') });

export const couponErrorCodes = ['unknown', 'expired', 'notYetValid', 'exhausted'] as const;

/** The order preview carries an optional coupon with an error code. */
export const orderPreviewSchema = z.object({
  planVariant: z.object({
    id: z.string(),
    name: z.string(),
    planName: z.string(),
    trialDays: z.int(),
    requiresPayment: z.boolean(),
  }),
  currency: z.literal('EUR'),
  lines: z.array(z.object({ description: z.string(), quantity: z.int(), unitPrice: z.number(), amount: z.number() })),
  discount: z.number(),
  netTotal: z.number(),
  vatPercent: z.number(),
  vatTotal: z.number(),
  grossTotal: z.number(),
  /** What a month costs once paying (for a trial: the plan it can become), gross. */
  monthlyGross: z.number(),
  /**
   * The day the paid plan begins and its first month is charged: today, or the day after the
   * trial when a running trial is subscribed; null for an order of a trial.
   */
  paidFrom: calendarDate.nullable(),
  coupon: z
    .object({
      code: z.string(),
      kind: z.enum(['Percentage', 'Amount']).nullable(),
      value: z.number().nullable(),
      errorCode: z.enum(couponErrorCodes).nullable(),
    })
    .nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** A payment bearer as stored and shown: masked only. */
export const paymentBearerSchema = z.object({
  type: z.enum(['CreditCard', 'Debit']),
  cardType: z.enum(cardTypes).nullable(),
  maskedCardPan: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.int().nullable(),
  expiryYear: z.int().nullable(),
  holder: z.string(),
  /** Masked: country, check digits and the last four characters. */
  iban: z.string().nullable(),
  hasAgreedToSepaTerms: z.boolean(),
  /** A direct debit's mandate: its reference and the creditor identifier it was given to. */
  mandateReference: z.string().nullable(),
  creditorId: z.string().nullable(),
});
export type PaymentBearer = z.infer<typeof paymentBearerSchema>;

export const contractSchema = z.object({
  currency: z.literal('EUR'),
  lifecycleStatus: lifecycleStatusSchema,
  paymentBearer: paymentBearerSchema.nullable(),
  startDate: calendarDate,
  endDate: calendarDate.nullable(),
  nextBillingDate: calendarDate.nullable(),
  noticePeriodDays: z.int(),
  /** Payments less charges, in euro: negative while charges are open. */
  currentBalance: z.number(),
  paymentProvider: z.string(),
  paymentProviderRole: z.string().nullable(),
});

export const billingCustomerSchema = z.object({
  /** The customer number (invoices, mails). */
  id: z.string(),
  externalCustomerId: z.string().nullable(),
  /** The payment means charges are collected with by default. */
  defaultBearerMedium: z.enum(['CreditCard', 'Debit']).nullable(),
  plan: z.object({ planName: z.string(), quantity: z.int(), startDate: calendarDate }),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  vatId: z.string(),
  phoneNumber: z.string(),
  locale: languageSchema,
  address: z.object({
    addressLine1: z.string(),
    addressLine2: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
  }),
});

/** Contract details; GET /api/account/contract. */
export const contractDetailsSchema = z.object({
  contract: contractSchema,
  customer: billingCustomerSchema,
  currentPlan: z.object({
    planVariantId: z.string(),
    planName: z.string(),
    name: z.string(),
    monthlyGross: z.number(),
    monthlyNet: z.number(),
    vatPercent: z.number(),
  }),
  endDateIfCancelledNow: calendarDate.nullable(),
  lastPossibleCancellationDate: calendarDate.nullable(),
  paymentsBlocked: z.boolean(),
});
export type ContractDetails = z.infer<typeof contractDetailsSchema>;

/** GET /api/account/statement: the balance line by line, and the invoices. */
export const accountStatementSchema = z.object({
  balance: z.number(),
  lines: z.array(
    z.object({
      id: z.uuid(),
      bookedOn: calendarDate,
      kind: z.enum(['charge', 'payment', 'credit', 'carryover']),
      description: z.string(),
      /** Charges negative, payments and credits positive, in euro. */
      amount: z.number(),
      balanceAfter: z.number(),
      invoiceId: z.uuid().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      issuedOn: calendarDate,
      periodFrom: calendarDate,
      periodTo: calendarDate,
      net: z.number(),
      vat: z.number(),
      gross: z.number(),
      fileName: z.string(),
    }),
  ),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;

/** POST /api/account/cancel: the contract must be cancelled knowingly. */
export const cancelContractSchema = z.object({ confirmed: confirmed });
export const cancelResultSchema = z.object({ effectiveEndDate: calendarDate });

/** POST /api/account/upgrade (and its preview): the plan and, for a paid plan, the payment data. */
export const upgradePreviewRequestSchema = z.object({ planVariantId: cartSchema.shape.planVariantId });
export const upgradeRequestSchema = upgradePreviewRequestSchema.extend({ paymentBearer: paymentBearerInputSchema });
export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

/** Why a contract call failed (account.error.{details}). */
export const contractErrorDetails = ['noContract', 'alreadyCancelled', 'alreadySubscribed', 'providerError'] as const;

/** The operator's catalogue (Platform.Manage): GET /api/billing/catalogue. */
export const billingCatalogueSchema = z.object({
  planVariants: z.array(
    z.object({
      id: z.string(),
      planName: z.string(),
      name: z.string(),
      nameDe: z.string(),
      nameEn: z.string(),
      trialDays: z.int(),
      monthlyNet: z.number(),
      vatPercent: z.number(),
      noticePeriodDays: z.int(),
      isActive: z.boolean(),
      contracts: z.int(),
    }),
  ),
  coupons: z.array(
    z.object({
      id: z.uuid(),
      code: z.string(),
      kind: z.enum(['Percentage', 'Amount']),
      /** Percent, or euro cents off the net monthly price. */
      value: z.int(),
      validFrom: calendarDate.nullable(),
      validUntil: calendarDate.nullable(),
      maxUses: z.int().nullable(),
      uses: z.int(),
      /** Whether a sign-up could use it today, and why not. */
      status: z.enum(['valid', 'expired', 'notYetValid', 'exhausted']),
      /** Never redeemed: it may be deleted; a redeemed one can only be deactivated (its contracts keep the discount). */
      deletable: z.boolean(),
    }),
  ),
});
export type BillingCatalogue = z.infer<typeof billingCatalogueSchema>;

/** POST /api/billing/coupon: a new coupon; percentages 1–100, amounts in cents. */
export const couponInputSchema = z
  .object({
    code: text
      .trim()
      .regex(/^[A-Za-z0-9-]{3,30}$/, 'validation.couponCode')
      .transform((s) => s.toUpperCase()),
    kind: z.enum(['Percentage', 'Amount']),
    value: z.int('validation.number').min(1, 'validation.number').max(1_000_000, 'validation.number'),
    validFrom: calendarDate.nullable().optional().default(null),
    validUntil: calendarDate.nullable().optional().default(null),
    maxUses: z
      .int('validation.number')
      .min(1, 'validation.number')
      .max(1_000_000, 'validation.number')
      .nullable()
      .optional()
      .default(null),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'Percentage' && c.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.percent' });
    if (c.validFrom && c.validUntil && c.validUntil < c.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validation.dateOrder' });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/** PUT /api/billing/plan-variant/{id}: what an operator changes; the id, plan and trial length stay. */
export const planVariantInputSchema = z.object({
  nameDe: required(100),
  nameEn: required(100),
  /** Net euro cents a month. */
  monthlyNetCents: z.int('validation.number').min(0, 'validation.number').max(10_000_000, 'validation.number'),
  /** VAT in basis points (19 % = 1900). */
  vatBasisPoints: z.int('validation.number').min(0, 'validation.number').max(10_000, 'validation.percent'),
  noticePeriodDays: z.int('validation.number').min(0, 'validation.number').max(365, 'validation.number'),
  isActive: z.boolean(),
});
export type PlanVariantInput = z.input<typeof planVariantInputSchema>;
