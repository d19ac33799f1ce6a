import type { ContractDetails, Language } from '@pc/shared';
import type { MailQueue, RequestMailer } from '../../platform/mail/mailer';
import { dayText, euroText, type Seller } from './invoice';

const cents = (euro: number) => Math.round(euro * 100);

/**
 * The SEPA core mandate's wording: the creditor with its identifier and the mandate reference,
 * the authorisation, the instruction to the bank and the right to a refund within eight weeks.
 */
export function sepaMandateText(locale: Language, m: { creditor: string; creditorId: string; reference: string }) {
  return locale === 'en'
    ? `SEPA direct debit mandate\nCreditor: ${m.creditor}, creditor identifier ${m.creditorId}\nMandate reference: ${m.reference}\nI authorise ${m.creditor} to collect payments from my account by direct debit. At the same time I instruct my bank to pay the direct debits drawn on my account by ${m.creditor}.\nNote: I can demand a refund of the amount debited within eight weeks, starting with the date of the debit. The conditions agreed with my bank apply.`
    : `SEPA-Lastschriftmandat\nZahlungsempfänger: ${m.creditor}, Gläubiger-Identifikationsnummer ${m.creditorId}\nMandatsreferenz: ${m.reference}\nIch ermächtige ${m.creditor}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ${m.creditor} auf mein Konto gezogenen Lastschriften einzulösen.\nHinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.`;
}

/**
 * The contract summary of the order confirmation: the parties, the plan and its price with VAT,
 * when it starts and is first paid, billing, notice, the payment means and, for a direct debit,
 * the mandate.
 */
export function contractSummary(d: ContractDetails, locale: Language, seller: Seller) {
  const en = locale === 'en';
  const day = (s: string | null) => (s ? dayText(s, locale) : '–');
  const money = (e: number) => euroText(cents(e), locale);
  const c = d.contract;
  const b = c.paymentBearer;
  const vat = d.currentPlan.vatPercent.toLocaleString(en ? 'en' : 'de');
  const lines: [string, string][] = [
    [en ? 'Provider' : 'Anbieter', [seller.name, ...seller.address].join(', ')],
    [en ? 'Customer' : 'Kunde', `${d.customer.companyName} (${en ? 'customer number' : 'Kundennummer'} ${d.customer.id})`],
    [en ? 'Plan' : 'Tarif', `${d.currentPlan.name} (${d.customer.plan.quantity} ×)`],
    [
      en ? 'Price' : 'Preis',
      en
        ? `${money(d.currentPlan.monthlyNet)} net a month plus ${vat} % VAT = ${money(d.currentPlan.monthlyGross)}`
        : `${money(d.currentPlan.monthlyNet)} netto im Monat zzgl. ${vat} % USt. = ${money(d.currentPlan.monthlyGross)}`,
    ],
    [en ? 'Contract start' : 'Vertragsbeginn', day(c.startDate)],
  ];
  if (c.lifecycleStatus === 'InTrial') {
    lines.push([
      en ? 'Free trial' : 'Kostenlose Testphase',
      en
        ? `until ${day(c.endDate)}; it ends by itself unless you subscribe`
        : `bis ${day(c.endDate)}; sie endet von selbst, wenn Sie kein Abonnement abschließen`,
    ]);
  } else {
    lines.push([en ? 'Paid plan from' : 'Bezahlter Tarif ab', day(d.customer.plan.startDate)]);
    lines.push([
      en ? 'Billing' : 'Abrechnung',
      en
        ? `monthly in advance; next charge on ${day(c.nextBillingDate)}`
        : `monatlich im Voraus; nächste Abrechnung am ${day(c.nextBillingDate)}`,
    ]);
    lines.push([
      en ? 'Term and notice' : 'Laufzeit und Kündigung',
      c.endDate
        ? en
          ? `cancelled; ends on ${day(c.endDate)}`
          : `gekündigt; endet am ${day(c.endDate)}`
        : en
          ? `runs until cancelled; notice of ${c.noticePeriodDays} days to the end of a billing month`
          : `unbefristet; kündbar mit ${c.noticePeriodDays} Tagen Frist zum Ende eines Abrechnungsmonats`,
    ]);
  }
  if (b) {
    lines.push([
      en ? 'Payment' : 'Zahlungsweise',
      b.type === 'Debit'
        ? `${en ? 'SEPA direct debit' : 'SEPA-Lastschrift'}, ${b.holder}, ${b.iban ?? ''}`
        : `${en ? 'Credit card' : 'Kreditkarte'} ${b.cardType ?? ''} ${b.maskedCardPan ?? ''}, ${b.holder}`,
    ]);
  }
  const text = [en ? 'Contract summary' : 'Vertragszusammenfassung', ...lines.map(([k, v]) => `- ${k}: ${v}`)].join('\n');
  if (b?.type !== 'Debit' || !b.mandateReference) return text;
  return `${text}\n\n${sepaMandateText(locale, { creditor: seller.name, creditorId: seller.creditorId || '–', reference: b.mandateReference })}`;
}

/** The order confirmation, to the billing customer in the customer's language. */
export function sendOrderConfirmation(mailer: RequestMailer, queue: MailQueue, d: ContractDetails, seller: Seller) {
  const locale = d.customer.locale;
  return mailer.send(queue, {
    to: d.customer.emailAddress,
    template: 'order-confirmation',
    locale,
    vars: {
      name: `${d.customer.firstName} ${d.customer.lastName}`.trim(),
      summary: contractSummary(d, locale, seller),
      link: mailer.link('/account'),
    },
  });
}

/** The cancellation confirmation: when it was received (date and time) and the contract's last day. */
export function sendCancellationConfirmation(
  mailer: RequestMailer,
  queue: MailQueue,
  d: ContractDetails,
  seller: Seller,
  o: { receivedAt: Date; timeZone: string; endDate: string },
) {
  const locale = d.customer.locale;
  const receivedAt = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: o.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(o.receivedAt);
  return mailer.send(queue, {
    to: d.customer.emailAddress,
    template: 'cancellation-confirmation',
    locale,
    vars: {
      name: `${d.customer.firstName} ${d.customer.lastName}`.trim(),
      receivedAt,
      endDate: dayText(o.endDate, locale),
      summary: contractSummary(d, locale, seller),
      link: mailer.link('/account'),
    },
  });
}
