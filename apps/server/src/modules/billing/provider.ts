import type {
  Cart,
  ContractDetails,
  contractErrorDetails,
  Language,
  OrderPreview,
  paymentBearerInputSchema,
  SignupCustomer,
} from '@pc/shared';
import type { z } from 'zod';
import type { Db } from '../../db/types';

export type PaymentBearerData = z.output<typeof paymentBearerInputSchema>;

/**
 * Where a provider call runs: the database transaction its local records (the contract the
 * screens read) are written in, today's date in the product's time zone, and the language of
 * texts such as plan names. A hosted provider gets the same and mirrors what its service
 * answers into the same tables (docs/decisions/0018).
 */
export interface ProviderContext {
  db: Db;
  today: string;
  locale: Language;
}

/** A failure the provider reports; `details` names account.error.{details} on the web. */
export class ProviderError extends Error {
  constructor(
    readonly details: (typeof contractErrorDetails)[number],
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

const providerMessages: Record<ProviderError['details'], Record<Language, string>> = {
  noContract: { de: 'Für dieses Konto besteht kein Vertrag.', en: 'This account has no contract.' },
  alreadyCancelled: { de: 'Der Vertrag ist bereits gekündigt.', en: 'The contract has already been cancelled.' },
  alreadySubscribed: { de: 'Der Vertrag ist bereits abonniert.', en: 'The contract is already subscribed.' },
  providerError: { de: 'Der Zahlungsanbieter hat den Auftrag abgelehnt.', en: 'The payment provider refused the order.' },
};

/** The built-in provider's refusals, in the caller's language. */
export const fail = (details: ProviderError['details'], locale: Language) =>
  new ProviderError(details, providerMessages[details][locale]);

/**
 * The billing provider behind sign-up, /account, /account/upgrade and /cancel.
 * The screens and routes know only this; the built-in provider keeps everything in PostgreSQL.
 * Bad input (unknown plan, faulty coupon, missing payment data) is reported as field errors
 * (HTTP 422) by the implementation; a refused operation as a ProviderError.
 */
export interface BillingProvider {
  readonly name: string;
  /** Prices a cart: lines, totals, VAT, and the coupon with an error code when it cannot be used. */
  previewOrder(ctx: ProviderContext, cart: Cart): Promise<OrderPreview>;
  /** Creates the customer and the contract of a company that just signed up. */
  subscribe(
    ctx: ProviderContext,
    order: { companyId: string; cart: Cart; customer: SignupCustomer; paymentBearer: PaymentBearerData | null },
  ): Promise<void>;
  /** The company's contract, customer and plan, or null when it has none. */
  contractDetails(ctx: ProviderContext, companyId: string): Promise<ContractDetails | null>;
  /** Cancels a running contract at the earliest end its notice period allows. */
  cancel(ctx: ProviderContext, companyId: string): Promise<{ effectiveEndDate: string }>;
  /** The price of changing the company's contract to `planVariantId`, with its coupon. */
  previewUpgrade(ctx: ProviderContext, companyId: string, planVariantId: string): Promise<OrderPreview>;
  /** Subscribes a trial (or an ended contract) to a paid plan: it becomes Active. */
  upgrade(ctx: ProviderContext, companyId: string, planVariantId: string, bearer: PaymentBearerData): Promise<void>;
  /** Moves every contract along by date (ends trials and cancelled contracts, bills periods). */
  advance(ctx: Omit<ProviderContext, 'locale'>): Promise<{ ended: number; billed: number }>;
}
