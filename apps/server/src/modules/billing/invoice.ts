import type { Language } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  attachment,
  billingContract,
  billingCustomer,
  billingInvoice,
  billingLedger,
  billingPlanVariant,
} from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import { addDays, addMonths } from '../../platform/dates';
import type { Storage } from '../../platform/storage';
import { pdfBase, renderPdf } from '../dynamic-document/pdf';
import { type CouponTerms, monthlyPrice } from './terms';

/** The operator as it appears on invoices and in SEPA mandates (SELLER_*, SEPA_CREDITOR_ID). */
export interface Seller {
  name: string;
  address: string[];
  vatId: string;
  taxNumber: string;
  email: string;
  creditorId: string;
}

/** "RE-000042": the installation's gap-free sequence, padded so that numbers sort as text. */
export const invoiceNumber = (sequence: number) => `RE-${String(sequence).padStart(6, '0')}`;

/** A calendar day as the language writes it: 27.11.2026, 27/11/2026. */
export const dayText = (iso: string, locale: Language) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));

export const euroText = (cents: number, locale: Language) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-IE' : 'de-DE', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    // A plain space: mail clients and text readers show the no-break one inconsistently.
    .replace(/\u00a0/g, ' ');

const words = {
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    customer: 'Kundennummer',
    period: 'Leistungszeitraum',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    pos: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einzelpreis (netto)',
    amount: 'Betrag (netto)',
    discount: 'Gutschein',
    net: 'Nettobetrag',
    vat: (p: string) => `Umsatzsteuer ${p} %`,
    gross: 'Rechnungsbetrag',
    sepa: (iban: string, ref: string, creditor: string, date: string) =>
      `Der Rechnungsbetrag wird am ${date} per SEPA-Lastschrift von Ihrem Konto ${iban} eingezogen. Mandatsreferenz: ${ref}, Gläubiger-Identifikationsnummer: ${creditor}.`,
    card: (card: string) => `Der Rechnungsbetrag wird Ihrer Kreditkarte ${card} belastet.`,
    open: 'Bitte überweisen Sie den Rechnungsbetrag innerhalb von 14 Tagen.',
    thanks: 'Vielen Dank für Ihren Auftrag.',
  },
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    customer: 'Customer number',
    period: 'Service period',
    vatId: 'VAT ID',
    taxNumber: 'Tax number',
    pos: 'Item',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit price (net)',
    amount: 'Amount (net)',
    discount: 'Coupon',
    net: 'Net amount',
    vat: (p: string) => `VAT ${p} %`,
    gross: 'Total',
    sepa: (iban: string, ref: string, creditor: string, date: string) =>
      `The total will be collected by SEPA direct debit from your account ${iban} on ${date}. Mandate reference: ${ref}, creditor identifier: ${creditor}.`,
    card: (card: string) => `The total will be charged to your credit card ${card}.`,
    open: 'Please transfer the total within 14 days.',
    thanks: 'Thank you for your order.',
  },
} satisfies Record<Language, unknown>;

export interface InvoiceData {
  locale: Language;
  number: string;
  issuedOn: string;
  periodFrom: string;
  periodTo: string;
  seller: Seller;
  buyer: { customerNumber: string; companyName: string; contact: string; address: string[]; vatId: string };
  line: { description: string; netCents: number; discountCents: number; couponCode: string | null };
  vatBasisPoints: number;
  vatCents: number;
  grossCents: number;
  payment: { type: 'Debit'; iban: string; mandateReference: string } | { type: 'CreditCard'; card: string } | { type: 'none' };
}

/**
 * An invoice as § 14 (4) UStG asks: seller and buyer with addresses, the seller's VAT id or tax
 * number, date, number, the service and its period, the net amount, rate and amount of VAT.
 */
export function invoiceDefinition(i: InvoiceData): TDocumentDefinitions {
  const w = words[i.locale];
  const money = (c: number) => euroText(c, i.locale);
  const day = (d: string) => dayText(d, i.locale);
  const sellerIds = [
    i.seller.vatId ? `${w.vatId} ${i.seller.vatId}` : '',
    i.seller.taxNumber ? `${w.taxNumber} ${i.seller.taxNumber}` : '',
  ].filter(Boolean);
  const rows: Content[][] = [
    [
      { text: w.pos, bold: true },
      { text: w.description, bold: true },
      { text: w.quantity, bold: true, alignment: 'right' },
      { text: w.unit, bold: true, alignment: 'right' },
      { text: w.amount, bold: true, alignment: 'right' },
    ],
    [
      '1',
      `${i.line.description}\n${w.period}: ${day(i.periodFrom)} – ${day(i.periodTo)}`,
      { text: '1', alignment: 'right' },
      { text: money(i.line.netCents), alignment: 'right' },
      { text: money(i.line.netCents), alignment: 'right' },
    ],
  ];
  if (i.line.discountCents > 0) {
    rows.push([
      '2',
      `${w.discount} ${i.line.couponCode ?? ''}`.trim(),
      { text: '1', alignment: 'right' },
      { text: money(-i.line.discountCents), alignment: 'right' },
      { text: money(-i.line.discountCents), alignment: 'right' },
    ]);
  }
  const net = i.line.netCents - i.line.discountCents;
  const payment =
    i.payment.type === 'Debit'
      ? w.sepa(i.payment.iban, i.payment.mandateReference, i.seller.creditorId || '–', day(i.issuedOn))
      : i.payment.type === 'CreditCard'
        ? w.card(i.payment.card)
        : w.open;
  return {
    ...pdfBase,
    pageMargins: [56, 56, 56, 70],
    info: { title: `${w.invoice} ${i.number}`, author: i.seller.name },
    content: [
      { text: [i.seller.name, ...i.seller.address].join(' · '), fontSize: 8, color: '#555555', margin: [0, 0, 0, 8] },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: i.buyer.companyName, bold: true },
              ...(i.buyer.contact ? [i.buyer.contact] : []),
              ...i.buyer.address,
              ...(i.buyer.vatId ? [`${w.vatId} ${i.buyer.vatId}`] : []),
            ],
          },
          {
            width: 220,
            table: {
              widths: [110, '*'],
              body: [
                [w.number, i.number],
                [w.date, day(i.issuedOn)],
                [w.customer, i.buyer.customerNumber],
                [w.period, `${day(i.periodFrom)} – ${day(i.periodTo)}`],
              ],
            },
            layout: 'noBorders',
            fontSize: 9.5,
          },
        ],
        margin: [0, 0, 0, 28],
      },
      { text: `${w.invoice} ${i.number}`, style: 'h1' },
      {
        table: { headerRows: 1, widths: [30, '*', 35, 90, 80], body: rows },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          widths: ['*', 100],
          body: [
            [w.net, { text: money(net), alignment: 'right' }],
            [
              w.vat((i.vatBasisPoints / 100).toLocaleString(i.locale === 'en' ? 'en' : 'de')),
              { text: money(i.vatCents), alignment: 'right' },
            ],
            [
              { text: w.gross, bold: true },
              { text: money(i.grossCents), bold: true, alignment: 'right' },
            ],
          ],
        },
        layout: 'noBorders',
        margin: [220, 0, 0, 20],
      },
      { text: payment, margin: [0, 0, 0, 8] },
      { text: w.thanks },
    ],
    footer: {
      text: [i.seller.name, ...i.seller.address, ...sellerIds, i.seller.email].filter(Boolean).join(' · '),
      fontSize: 8,
      color: '#555555',
      alignment: 'center',
      margin: [56, 20, 56, 0],
    },
  };
}

/**
 * Records one month's charge of a contract: the invoice (numbered in this transaction, PDF kept
 * among the company's documents like a generated report), its line in the balance, and the
 * balance itself. Every charge the built-in provider makes goes through here, so none is
 * without an invoice.
 */
export async function recordCharge(
  db: Db,
  o: { storage: Storage; seller: Seller },
  c: {
    companyId: string;
    variantId: string;
    coupon: Pick<CouponTerms, 'kind' | 'value' | 'code'> | null;
    periodFrom: string;
    issuedOn: string;
  },
) {
  const [v] = await db.select().from(billingPlanVariant).where(eq(billingPlanVariant.id, c.variantId));
  const [cu] = await db.select().from(billingCustomer).where(eq(billingCustomer.companyId, c.companyId));
  const [k] = await db.select().from(billingContract).where(eq(billingContract.companyId, c.companyId));
  if (!v || !cu || !k) throw new Error('a charge needs the contract, its customer and its plan');
  const price = monthlyPrice(v, c.coupon);
  const locale = cu.locale;
  const periodTo = addDays(addMonths(c.periodFrom, 1), -1);
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select pc_next_invoice_number() as n`)) as [{ n: number }];
  const number = invoiceNumber(Number(n));
  const name = locale === 'en' ? v.nameEn : v.nameDe;
  const pdf = await renderPdf(
    invoiceDefinition({
      locale,
      number,
      issuedOn: c.issuedOn,
      periodFrom: c.periodFrom,
      periodTo,
      seller: o.seller,
      buyer: {
        customerNumber: String(cu.customerNumber),
        companyName: cu.companyName,
        contact: `${cu.firstName} ${cu.lastName}`.trim(),
        address: [
          cu.addressLine1,
          [cu.street, cu.houseNumber].filter(Boolean).join(' '),
          cu.addressLine2,
          [cu.postalCode, cu.city].filter(Boolean).join(' '),
          cu.country,
        ].filter(Boolean),
        vatId: cu.vatId,
      },
      line: {
        description: name,
        netCents: price.netCents,
        discountCents: price.discountCents,
        couponCode: c.coupon?.code ?? null,
      },
      vatBasisPoints: v.vatBasisPoints,
      vatCents: price.vatCents,
      grossCents: price.grossCents,
      payment:
        k.bearerType === 'Debit'
          ? { type: 'Debit', iban: k.ibanMasked ?? '', mandateReference: k.mandateReference ?? '' }
          : k.bearerType === 'CreditCard'
            ? { type: 'CreditCard', card: `${k.cardType ?? ''} ${k.maskedCardPan ?? ''}`.trim() }
            : { type: 'none' },
    }),
  );
  const fileName = `${locale === 'en' ? 'Invoice' : 'Rechnung'} ${number} ${cu.companyName}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .slice(0, 120)
    .trim()
    .concat('.pdf');
  const fileHash = await o.storage.put(pdf);
  // Kept under Documents like a generated report (decision 0021): no item, no uploader.
  const [doc] = await db
    .insert(attachment)
    .values({
      companyId: c.companyId,
      itemId: null,
      fileHash,
      fileName,
      mimeType: 'application/pdf',
      size: pdf.length,
      uploadedBy: null,
    })
    .returning({ id: attachment.id });
  const [invoice] = await db
    .insert(billingInvoice)
    .values({
      companyId: c.companyId,
      sequence: Number(n),
      number,
      issuedOn: c.issuedOn,
      periodFrom: c.periodFrom,
      periodTo,
      netCents: price.netCents - price.discountCents,
      vatCents: price.vatCents,
      grossCents: price.grossCents,
      vatBasisPoints: v.vatBasisPoints,
      fileName,
      fileHash,
      documentId: doc!.id,
    })
    .returning({ id: billingInvoice.id });
  await db.insert(billingLedger).values({
    companyId: c.companyId,
    bookedOn: c.issuedOn,
    kind: 'charge',
    descriptionDe: `Rechnung ${number}: ${v.nameDe}, ${dayText(c.periodFrom, 'de')} – ${dayText(periodTo, 'de')}`,
    descriptionEn: `Invoice ${number}: ${v.nameEn}, ${dayText(c.periodFrom, 'en')} – ${dayText(periodTo, 'en')}`,
    amountCents: -price.grossCents,
    invoiceId: invoice!.id,
  });
  await db
    .update(billingContract)
    .set({ balanceCents: sql`${billingContract.balanceCents} - ${price.grossCents}` })
    .where(eq(billingContract.id, k.id));
  return { invoiceId: invoice!.id, number, grossCents: price.grossCents };
}
