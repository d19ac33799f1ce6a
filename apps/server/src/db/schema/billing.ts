import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { company } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The built-in billing provider's catalogue (docs/decisions/0018): plans and their variants are
 * the operator's, the same for every tenant; request code may read them, not change them.
 */
export const billingPlan = pgTable('billing_plan', {
  /** Stable key, e.g. "trial", "dpo". */
  id: text('id').primaryKey(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const billingPlanVariant = pgTable(
  'billing_plan_variant',
  {
    /** Stable key the sign-up routes carry as route data, e.g. "trial", "dpo-monthly". */
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => billingPlan.id, { onDelete: 'restrict' }),
    nameDe: text('name_de').notNull(),
    nameEn: text('name_en').notNull(),
    /** Free days before the contract ends unless subscribed (the trial); 0 = paid from the start. */
    trialDays: integer('trial_days').notNull().default(0),
    /** Net price of a month in euro cents. */
    monthlyNetCents: integer('monthly_net_cents').notNull().default(0),
    /** VAT in basis points (1900 = 19 %). */
    vatBasisPoints: integer('vat_basis_points').notNull().default(1900),
    noticePeriodDays: integer('notice_period_days').notNull().default(0),
    /** The plan a trial becomes when subscribed; its price is the trial's "then" price. */
    followUpVariantId: text('follow_up_variant_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('billing_plan_variant_price', sql`${t.monthlyNetCents} >= 0 and ${t.trialDays} >= 0`)],
);

export const billingCoupon = pgTable(
  'billing_coupon',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper case; codes are compared case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['Percentage', 'Amount'] }).notNull(),
    /** Percent (1–100) or euro cents off the net monthly price. */
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_coupon_code_uq').on(sql`upper(${t.code})`)],
);

/** One contract per company that signed up: the account. */
export const billingContract = pgTable(
  'billing_contract',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    planVariantId: text('plan_variant_id')
      .notNull()
      .references(() => billingPlanVariant.id, { onDelete: 'restrict' }),
    couponId: uuid('coupon_id').references(() => billingCoupon.id, { onDelete: 'set null' }),
    lifecycleStatus: text('lifecycle_status', { enum: ['InTrial', 'Active', 'Cancelled', 'Ended'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Last day of the contract: the trial's end, or the end a cancellation set. */
    endDate: date('end_date', { mode: 'string' }),
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    noticePeriodDays: integer('notice_period_days').notNull().default(0),
    /** Payments less charges, euro cents. */
    balanceCents: integer('balance_cents').notNull().default(0),
    paymentProvider: text('payment_provider').notNull().default('builtin'),
    /** The provider's own id of the contract (a hosted provider; null for the built-in one). */
    externalId: text('external_id'),
    bearerType: text('bearer_type', { enum: ['CreditCard', 'Debit'] }),
    cardType: text('card_type'),
    /** Masked only: never the full number, never the CVC. */
    maskedCardPan: text('masked_card_pan'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    holder: text('holder'),
    /** Masked IBAN: country, check digits and the last four characters. */
    ibanMasked: text('iban_masked'),
    sepaAgreedAt: timestamp('sepa_agreed_at', { withTimezone: true }),
    /** The SEPA mandate's reference (with the operator's creditor id it names the mandate); null for cards. */
    mandateReference: text('mandate_reference'),
    /** The first day of the current plan: a trial subscribed before its end becomes paid the day after it. */
    planStartDate: date('plan_start_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_contract_company_uq').on(t.companyId), index('billing_contract_status_idx').on(t.lifecycleStatus)],
);

/** The billing customer of a contract's company, as entered at sign-up. */
export const billingCustomer = pgTable(
  'billing_customer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer number on invoices and on /account, from a sequence of the installation. */
    customerNumber: integer('customer_number').notNull().default(sql`nextval('billing_customer_number_seq')`),
    /** The customer's id at a hosted provider; null for the built-in one. */
    externalId: text('external_id'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    vatId: text('vat_id').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    tag: text('tag').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    street: text('street').notNull().default(''),
    houseNumber: text('house_number').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('DE'),
    /** When the three required confirmations were given (the sign-up's time). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    promotionalCommunication: boolean('promotional_communication').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_customer_company_uq').on(t.companyId),
    uniqueIndex('billing_customer_number_uq').on(t.customerNumber),
  ],
);

/**
 * An invoice of one charge (§ 14 UStG): numbered from one gap-free sequence of the installation
 * (pc_next_invoice_number(), taken in the transaction that records the charge, so a rolled-back
 * charge gives its number back). The PDF is a company document (file_hash keeps it readable even
 * when the copy under Documents is deleted); the amounts are those printed.
 */
export const billingInvoice = pgTable(
  'billing_invoice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    documentId: uuid('document_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_invoice_sequence_uq').on(t.sequence),
    index('billing_invoice_company_idx').on(t.companyId, t.sequence),
  ],
);

/**
 * The lines that make up a contract's balance: charges (negative), payments and credits
 * (positive), and the balance carried over from before lines were kept. Their sum is
 * billing_contract.balance_cents; each is written in the transaction that changes it.
 */
export const billingLedger = pgTable(
  'billing_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['charge', 'payment', 'credit', 'carryover'] }).notNull(),
    descriptionDe: text('description_de').notNull(),
    descriptionEn: text('description_en').notNull(),
    amountCents: integer('amount_cents').notNull(),
    invoiceId: uuid('invoice_id').references(() => billingInvoice.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('billing_ledger_company_idx').on(t.companyId, t.bookedOn)],
);
