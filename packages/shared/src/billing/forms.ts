import { z } from 'zod';
import { text } from '../scalars';
import { vatNumberFits, vatNumberRefinement } from '../vat/validate';
import { normaliseIban } from './payment';
import { paymentBearerInputSchema, type SignupRequest, signupCustomerSchema } from './schemas';

/**
 * The equality validator of paired fields: the repetition must equal the first
 * entry, compared as `normalise` makes them (e-mail case-insensitively, IBAN without spaces).
 */
export function equalFields<T extends Record<string, unknown>>(
  first: keyof T & string,
  repeat: keyof T & string,
  normalise: (s: string) => string = (s) => s,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[first];
    const b = value[repeat];
    if (typeof a === 'string' && typeof b === 'string' && normalise(a) !== normalise(b)) {
      ctx.addIssue({ code: 'custom', path: [repeat], message: 'validation.notEqual' });
    }
  };
}

const c = signupCustomerSchema.shape;

/** The sign-up form, flat as the screen shows it; `toSignupCustomer` builds the API payload. */
export const signupFormSchema = z
  .object({
    companyName: c.companyName,
    firstName: c.firstName,
    lastName: c.lastName,
    emailAddress: c.emailAddress,
    emailAddressRepeat: text.trim(),
    phoneNumber: c.phoneNumber,
    vatId: c.vatId,
    promoCode: text.trim().max(50, 'validation.tooLong').optional().default(''),
    street: text.trim().max(200, 'validation.tooLong').optional().default(''),
    houseNumber: text.trim().max(20, 'validation.tooLong').optional().default(''),
    postalCode: text.trim().max(20, 'validation.tooLong').optional().default(''),
    city: text.trim().max(200, 'validation.tooLong').optional().default(''),
    country: text
      .trim()
      .regex(/^[A-Z]{2}$/, 'validation.country')
      .default('DE'),
    hasConfirmedTermsOfUse: c.customFields.shape.hasConfirmedTermsOfUse,
    hasConfirmedPrivacyAgreement: c.customFields.shape.hasConfirmedPrivacyAgreement,
    hasConfirmedMarketingAgreement: c.customFields.shape.hasConfirmedMarketingAgreement,
    hasConfirmedPromotionalCommunication: z.boolean().default(false),
  })
  .superRefine(equalFields('emailAddress', 'emailAddressRepeat', (s) => s.trim().toLowerCase()))
  .refine((f) => vatNumberFits(f?.vatId, f?.country), vatNumberRefinement('vatId'));
export type SignupForm = z.input<typeof signupFormSchema>;

export function toSignupPayload(
  f: z.output<typeof signupFormSchema>,
  planVariantId: string,
  locale: 'de' | 'en',
): Omit<SignupRequest, 'paymentBearer'> {
  return {
    cart: { planVariantId, couponCode: f.promoCode },
    customer: {
      emailAddress: f.emailAddress,
      firstName: f.firstName,
      lastName: f.lastName,
      companyName: f.companyName,
      vatId: f.vatId,
      phoneNumber: f.phoneNumber,
      locale,
      address: { street: f.street, houseNumber: f.houseNumber, postalCode: f.postalCode, city: f.city, country: f.country },
      customFields: {
        hasConfirmedTermsOfUse: f.hasConfirmedTermsOfUse,
        hasConfirmedPrivacyAgreement: f.hasConfirmedPrivacyAgreement,
        hasConfirmedMarketingAgreement: f.hasConfirmedMarketingAgreement,
        hasConfirmedPromotionalCommunication: f.hasConfirmedPromotionalCommunication,
      },
    },
  };
}

/** The payment form: a card or a SEPA mandate with the IBAN entered twice. */
export const paymentFormSchema = z
  .object({
    type: z.enum(['CreditCard', 'Debit']),
    holder: text.trim(),
    cardNumber: text.trim().optional().default(''),
    cvc: text.trim().optional().default(''),
    expiry: text.trim().optional().default(''),
    iban: text.trim().optional().default(''),
    ibanRepeat: text.trim().optional().default(''),
    hasAgreedToSepaTerms: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    const parsed = paymentBearerInputSchema.safeParse(toPaymentBearer(f));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'holder');
        const path = key === 'expiryMonth' || key === 'expiryYear' ? 'expiry' : key;
        ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
      }
    }
    if (f.type === 'Debit') equalFields<typeof f>('iban', 'ibanRepeat', normaliseIban)(f, ctx);
  });
export type PaymentForm = z.input<typeof paymentFormSchema>;

/** "MM/YY" or "MM/YYYY" → month and year; anything else gives 0 (refused by the schema). */
export function parseExpiry(expiry: string) {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return { expiryMonth: 0, expiryYear: 0 };
  const y = Number(m[2]);
  return { expiryMonth: Number(m[1]), expiryYear: y < 100 ? 2000 + y : y };
}

export function toPaymentBearer(f: Omit<z.input<typeof paymentFormSchema>, 'ibanRepeat'>) {
  if (f.type === 'CreditCard') {
    return {
      type: 'CreditCard' as const,
      holder: f.holder,
      cardNumber: f.cardNumber ?? '',
      cvc: f.cvc ?? '',
      ...parseExpiry(f.expiry ?? ''),
    };
  }
  return { type: 'Debit' as const, holder: f.holder, iban: f.iban ?? '', hasAgreedToSepaTerms: f.hasAgreedToSepaTerms === true };
}

/** The coupon form: numbers and dates as typed; `toCouponInput` makes the API body. */
export const couponFormSchema = z.object({
  code: text.trim().regex(/^[A-Za-z0-9-]{3,30}$/, 'validation.couponCode'),
  kind: z.enum(['Percentage', 'Amount']),
  value: text.trim().regex(/^\d+([.,]\d{1,2})?$/, 'validation.number'),
  validFrom: text.trim(),
  validUntil: text.trim(),
  maxUses: text.trim().regex(/^\d*$/, 'validation.number'),
});
export type CouponForm = z.infer<typeof couponFormSchema>;

/** Percent as typed; an amount in euro becomes cents. */
export function toCouponInput(f: CouponForm) {
  const number = Number(f.value.replace(',', '.'));
  return {
    code: f.code,
    kind: f.kind,
    value: f.kind === 'Amount' ? Math.round(number * 100) : Math.round(number),
    validFrom: f.validFrom || null,
    validUntil: f.validUntil || null,
    maxUses: f.maxUses ? Number(f.maxUses) : null,
  };
}

/** The plan variant form: prices and percentages as typed (comma or point). */
export const planVariantFormSchema = z.object({
  nameDe: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  nameEn: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  monthlyNet: text.trim().regex(/^\d{1,6}([.,]\d{1,2})?$/, 'validation.number'),
  vatPercent: text.trim().regex(/^\d{1,3}([.,]\d{1,2})?$/, 'validation.number'),
  noticePeriodDays: text.trim().regex(/^\d{1,3}$/, 'validation.number'),
  isActive: z.boolean(),
});
export type PlanVariantForm = z.infer<typeof planVariantFormSchema>;

const decimal = (s: string) => Number(s.replace(',', '.'));

export function toPlanVariantInput(f: PlanVariantForm) {
  return {
    nameDe: f.nameDe,
    nameEn: f.nameEn,
    monthlyNetCents: Math.round(decimal(f.monthlyNet) * 100),
    vatBasisPoints: Math.round(decimal(f.vatPercent) * 100),
    noticePeriodDays: Number(f.noticePeriodDays),
    isActive: f.isActive,
  };
}
