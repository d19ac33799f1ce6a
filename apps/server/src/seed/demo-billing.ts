import { billingContract, billingCoupon, billingCustomer, billingLedger } from '../db/schema/index';
import type { Db } from '../db/types';
import { monthlyPrice } from '../modules/billing/terms';
import { addDays, addMonths } from '../platform/dates';

/**
 * Demo coupons and contracts: the agency pays the DPO plan by SEPA direct debit
 * since last spring; Fremdfirma AG is ten days into its trial. Coupons: one valid, one expired,
 * one used up, so the sign-up's coupon answers can be tried.
 */
export async function seedDemoBilling(db: Db, c: { agency: string; foreign: string }, now: Date) {
  const today = now.toISOString().slice(0, 10);
  await db.insert(billingCoupon).values([
    { code: 'WILLKOMMEN20', kind: 'Percentage', value: 20, validFrom: addDays(today, -30), validUntil: addDays(today, 365) },
    { code: 'RABATT10', kind: 'Amount', value: 1000, validFrom: null, validUntil: null, maxUses: 100 },
    { code: 'HERBST2024', kind: 'Percentage', value: 30, validFrom: '2024-09-01', validUntil: '2024-11-30' },
    { code: 'EINMALIG', kind: 'Percentage', value: 50, maxUses: 1, uses: 1 },
  ]);
  const start = addMonths(today, -7);
  let next = start;
  while (next <= today) next = addMonths(next, 1);
  const price = monthlyPrice({ monthlyNetCents: 4900, vatBasisPoints: 1900 }, null).grossCents;
  const customer = (
    companyId: string,
    companyName: string,
    firstName: string,
    lastName: string,
    emailAddress: string,
    city: string,
  ) => ({
    companyId,
    companyName,
    firstName,
    lastName,
    emailAddress,
    city,
    country: 'DE',
    confirmedAt: new Date(`${start}T10:00:00Z`),
  });
  await db.insert(billingCustomer).values([
    {
      ...customer(c.agency, 'Muster Datenschutz GmbH', 'Anna', 'Admin', 'admin@demo.local', 'München'),
      street: 'Hauptstraße',
      houseNumber: '12',
      postalCode: '80331',
    },
    customer(c.foreign, 'Fremdfirma AG', 'Otto', 'Fremd', 'other@demo.local', 'Hamburg'),
  ]);
  await db.insert(billingContract).values([
    {
      companyId: c.agency,
      planVariantId: 'dpo-monthly',
      lifecycleStatus: 'Active',
      startDate: start,
      planStartDate: start,
      nextBillingDate: next,
      noticePeriodDays: 30,
      // Seven months billed, the one of last month still open.
      balanceCents: -price,
      bearerType: 'Debit',
      holder: 'Muster Datenschutz GmbH',
      ibanMasked: 'DE89 •••• •••• •••• ••30 00',
      last4: '3000',
      sepaAgreedAt: new Date(`${start}T10:00:00Z`),
      mandateReference: 'PC-10001-DEMO',
    },
    {
      companyId: c.foreign,
      planVariantId: 'trial',
      lifecycleStatus: 'InTrial',
      startDate: addDays(today, -10),
      planStartDate: addDays(today, -10),
      endDate: addDays(today, 19),
    },
  ]);
  // The agency's balance line by line: each month charged (the demo keeps no invoices for
  // them), each but the last collected by direct debit a few days later.
  const lines: (typeof billingLedger.$inferInsert)[] = [];
  for (let from = start; from < next; from = addMonths(from, 1)) {
    const to = addDays(addMonths(from, 1), -1);
    const span = (d: string) => d.split('-').reverse().join('.');
    lines.push({
      companyId: c.agency,
      bookedOn: from,
      kind: 'charge',
      descriptionDe: `DSB-Paket, monatlich, ${span(from)} – ${span(to)}`,
      descriptionEn: `DPO plan, monthly, ${from.split('-').reverse().join('/')} – ${to.split('-').reverse().join('/')}`,
      amountCents: -price,
    });
    if (addMonths(from, 1) < next) {
      lines.push({
        companyId: c.agency,
        bookedOn: addDays(from, 3),
        kind: 'payment',
        descriptionDe: 'Zahlung per SEPA-Lastschrift',
        descriptionEn: 'Payment by SEPA direct debit',
        amountCents: price,
      });
    }
  }
  await db.insert(billingLedger).values(lines);
}
