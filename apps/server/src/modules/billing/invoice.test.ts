import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf';
import { renderPdf } from '../dynamic-document/pdf';
import { type InvoiceData, invoiceDefinition } from './invoice';

const invoice: InvoiceData = {
  locale: 'de',
  number: 'RE-000042',
  issuedOn: '2026-12-27',
  periodFrom: '2026-12-27',
  periodTo: '2027-01-26',
  seller: {
    name: 'Cockpit Betrieb GmbH',
    address: ['Am Markt 1', '10115 Berlin'],
    vatId: '',
    taxNumber: '27/123/45678',
    email: '',
    creditorId: 'DE98ZZZ09999999999',
  },
  buyer: {
    customerNumber: '10007',
    companyName: 'Bäckerei Schmidt',
    contact: '',
    address: ['Brotweg 2', '80331 München'],
    vatId: '',
  },
  line: { description: 'DSB-Paket, monatlich', netCents: 4900, discountCents: 980, couponCode: 'WILLKOMMEN20' },
  vatBasisPoints: 1900,
  vatCents: 745,
  grossCents: 4665,
  payment: { type: 'Debit', iban: 'DE89 •••• •••• •••• ••30 00', mandateReference: 'PC-10007-X1' },
};

describe('the invoice PDF', () => {
  it('prints a coupon as its own line and VAT on the discounted net amount; a tax number stands in for a VAT id', async () => {
    const text = await pdfText(await renderPdf(invoiceDefinition(invoice)));
    for (const expected of [
      'Rechnung RE-000042',
      'Rechnungsdatum 27.12.2026',
      'Kundennummer 10007',
      'Leistungszeitraum 27.12.2026 – 26.01.2027',
      'Gutschein WILLKOMMEN20',
      '-9,80 €',
      'Nettobetrag 39,20 €',
      'Umsatzsteuer 19 % 7,45 €',
      'Rechnungsbetrag 46,65 €',
      'Steuernummer 27/123/45678',
      'Mandatsreferenz: PC-10007-X1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('USt-IdNr.');
  });

  it('is written in English for an English customer', async () => {
    const text = await pdfText(await renderPdf(invoiceDefinition({ ...invoice, locale: 'en', payment: { type: 'none' } })));
    expect(text).toContain('Invoice RE-000042');
    expect(text).toContain('Coupon WILLKOMMEN20');
    expect(text).toContain('Please transfer the total within 14 days.');
  });
});
