import { and, asc, desc, eq } from 'drizzle-orm';
import { appUser, billingInvoice, billingLedger } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { todayIn } from '../../platform/dates';
import { forbidden } from '../../platform/errors';
import type { RequestMailer } from '../../platform/mail/mailer';
import type { Storage } from '../../platform/storage';
import type { Seller } from './invoice';
import type { BillingProvider } from './provider';
import { euro } from './terms';

export interface AccountContractDeps {
  provider: BillingProvider;
  mailer: RequestMailer;
  storage: Storage;
  seller: Seller;
  timeZone: string;
  now: () => Date;
}

/** Only the account holder, or the operator (Platform.Manage), sees and changes the contract. */
export async function holderContext(d: AccountContractDeps, ctx: RequestContext) {
  const [me] = await ctx.db.select({ hasAccount: appUser.hasAccount }).from(appUser).where(eq(appUser.id, ctx.userId));
  if (!me?.hasAccount && !ctx.claims.has('Platform.Manage')) throw forbidden();
  return { db: ctx.db, today: todayIn(d.timeZone, d.now()), locale: ctx.locale };
}

/** The balance line by line (charges, payments, credits), newest first, and the invoices. */
export async function accountStatement(ctx: RequestContext) {
  const en = ctx.locale === 'en';
  const rows = await ctx.db
    .select()
    .from(billingLedger)
    .where(eq(billingLedger.companyId, ctx.companyId))
    .orderBy(asc(billingLedger.bookedOn), asc(billingLedger.createdAt), asc(billingLedger.id));
  let running = 0;
  const lines = rows.map((l) => {
    running += l.amountCents;
    return {
      id: l.id,
      bookedOn: l.bookedOn,
      kind: l.kind,
      description: en ? l.descriptionEn : l.descriptionDe,
      amount: euro(l.amountCents),
      balanceAfter: euro(running),
      invoiceId: l.invoiceId,
    };
  });
  const invoices = await ctx.db
    .select()
    .from(billingInvoice)
    .where(eq(billingInvoice.companyId, ctx.companyId))
    .orderBy(desc(billingInvoice.sequence));
  return {
    balance: euro(running),
    // Newest first, as a statement is read.
    lines: lines.reverse(),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      issuedOn: i.issuedOn,
      periodFrom: i.periodFrom,
      periodTo: i.periodTo,
      net: euro(i.netCents),
      vat: euro(i.vatCents),
      gross: euro(i.grossCents),
      fileName: i.fileName,
    })),
  };
}

/** One invoice of the caller's company, or undefined. */
export async function invoiceOf(ctx: RequestContext, id: string) {
  const [i] = await ctx.db
    .select()
    .from(billingInvoice)
    .where(and(eq(billingInvoice.id, id), eq(billingInvoice.companyId, ctx.companyId)));
  return i;
}
