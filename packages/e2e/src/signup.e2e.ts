import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeViolations, field, login, PHONE, SNACKBARS, shot, signIn } from './browser';
import { downloadBy } from './downloads';
import { withServerAndBrowser } from './harness';
import { linkIn } from './mail-catcher';
import { psql } from './server';

const seriousViolations = (page: Page) => axeViolations(page, { exclude: ['aside', SNACKBARS] });

/** A Visa number with a right Luhn check digit. */
function visaNumber() {
  const body = '411111111111111';
  for (let d = 0; d <= 9; d++) {
    const n = `${body}${d}`;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

describe('sign-up, account, upgrade and cancel in the browser', () => {
  const app = withServerAndBrowser({ mail: true, env: { SUBSCRIPTIONS_ENABLED: 'true' } });

  /**
   * Fills the sign-up form's required fields and ticks the two required confirmations; the consent
   * to be named as a customer stays unticked (optional: a consent is no condition of the contract).
   */
  async function fillForm(page: Page, email: string, company: string) {
    await field(page, 'Unternehmen').fill(company);
    await field(page, 'Vorname').fill('Nina');
    await field(page, 'Nachname').fill('Neu');
    await field(page, 'E-Mail-Adresse').fill(email);
    await field(page, 'E-Mail-Adresse wiederholen').fill(email);
    for (const label of [/Nutzungsbedingungen akzeptiere|akzeptiere die Nutzungsbedingungen/, /Datenschutzerklärung gelesen/]) {
      await page.getByRole('checkbox', { name: label }).check();
    }
  }

  it('the consent to be named as a customer is optional and unticked; required boxes have an asterisk; the disabled button says why', async () => {
    const { page, close } = await app.newPage(PHONE);
    await page.goto(`${app.server.url}/signup`);
    await page.getByRole('heading', { name: 'Registrierung', level: 1 }).waitFor();
    const form = page.locator('main, body').first();
    const box = (label: RegExp) => form.locator('label').filter({ has: page.getByRole('checkbox', { name: label }) });
    const marketing = page.getByRole('checkbox', { name: /als Kunde genannt/ });
    expect(await marketing.isChecked()).toBe(false);
    expect(await box(/als Kunde genannt/).innerText()).not.toContain('*');
    expect(await box(/akzeptiere die Nutzungsbedingungen/).innerText()).toMatch(/\*\s*$/);
    expect(await box(/Datenschutzerklärung gelesen/).innerText()).toMatch(/\*\s*$/);

    await field(page, 'Unternehmen').fill('Ohne Werbung GmbH');
    await field(page, 'Vorname').fill('Nina');
    await field(page, 'Nachname').fill('Neu');
    await field(page, 'E-Mail-Adresse').fill('ohne.werbung@trial.example');
    await field(page, 'E-Mail-Adresse wiederholen').fill('ohne.werbung@trial.example');
    const next = page.getByRole('button', { name: 'Weiter zur Bestellübersicht' });
    expect(await next.isDisabled()).toBe(true);
    const why = page.getByText(/^Um fortzufahren, fehlt noch:/);
    await expect.poll(() => why.innerText()).toContain('Nutzungsbedingungen, Datenschutzerklärung');
    expect(await next.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    await shot(page, 'signup-missing-phone');

    await page.getByRole('checkbox', { name: /akzeptiere die Nutzungsbedingungen/ }).check();
    await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await why.count()).toBe(0);
    expect(await marketing.isChecked()).toBe(false);
    await next.click();
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    await close();
  });

  it('trial with a faulty and a valid coupon; the mailed link sets the password; trial tile → upgrade → Active; cancel', async () => {
    const email = 'nina.neu@trial.example';
    const { page, errors, close } = await app.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('link', { name: 'Registrieren' }).click();
    await page.getByRole('heading', { name: 'Registrierung', level: 1 }).waitFor();
    await fillForm(page, email, 'Neu Bäckerei GmbH');
    // The VAT number is checked as the user leaves the field.
    await field(page, 'USt-IdNr.').fill('DE136695977');
    await field(page, 'Promotion-Code').focus();
    await page.getByText('Keine gültige Umsatzsteuer-Identifikationsnummer', { exact: false }).waitFor();
    const next = page.getByRole('button', { name: 'Weiter zur Bestellübersicht' });
    expect(await next.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'signup-form-desktop');
    await field(page, 'USt-IdNr.').fill('DE136695976');
    await field(page, 'Promotion-Code').fill('HERBST2024');
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByText('Der angegebene Promotion-Code ist fehlerhaft.').waitFor();
    await field(page, 'Promotion-Code').fill('willkommen20');
    await next.click();
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    await page.getByText('Promotion-Code WILLKOMMEN20 (20 %)').waitFor();
    await page.getByText('46,65 €', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'signup-preview-desktop');
    await page.getByRole('button', { name: 'Kostenlos testen' }).click();
    await page.getByText('Vielen Dank für Ihre Bestellung!').waitFor();
    await page.getByText(email, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => page.url()).toContain('/login');

    // The invitation link of the existing mechanism: choose a password, then log in.
    // The order confirmation with the contract summary comes with the invitation link.
    await app.mail.mailWith(email, 'Vertragszusammenfassung');
    await page.goto(linkIn(await app.mail.mailWith(email, '/reset-password/'), '/reset-password/'));
    await field(page, 'Neues Passwort').fill('Neu-Start1!');
    await field(page, 'Neues Passwort wiederholen').fill('Neu-Start1!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    // Setting the first password ends on the login with the address filled in.
    expect(await page.locator('input[name=username]').inputValue()).toBe(email);
    await login(page, app.server.url, email, 'Neu-Start1!', false);
    // A new company starts its first-run wizard: the reminder greets the account holder.
    const reminder = page.getByRole('dialog', { name: 'Willkommen bei Privacy Cockpit' });
    await reminder.waitFor();
    await reminder.getByRole('button', { name: 'Nicht jetzt' }).click();
    await reminder.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const tile = page.getByRole('region', { name: 'Testphase' });
    await tile.getByText('Ihre Testphase endet am', { exact: false }).waitFor();
    await shot(page, 'signup-trial-tile-desktop');
    await tile.getByRole('link', { name: 'Jetzt abonnieren' }).click();
    await page.getByRole('heading', { name: 'Abonnieren', level: 1 }).waitFor();
    // The coupon of the sign-up applies to the subscription.
    await page.getByText('Promotion-Code WILLKOMMEN20 (20 %)').waitFor();
    await page.getByRole('radio', { name: 'SEPA-Lastschrift' }).check();
    await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await field(page, 'IBAN wiederholen').fill('DE89 3704 0044 0532 0130 01');
    // Before the click: the trial stays free, and the SEPA mandate names the creditor and the refund right.
    await page.getByText('Ihre Testphase bleibt bis zu ihrem Ende kostenlos.', { exact: false }).waitFor();
    const mandate = page.getByRole('region', { name: 'SEPA-Lastschriftmandat' });
    await mandate.getByText('Gläubiger-Identifikationsnummer DE98ZZZ09999999999', { exact: false }).waitFor();
    await mandate.getByText('innerhalb von acht Wochen', { exact: false }).waitFor();
    await shot(page, 'account-upgrade-sepa-desktop');
    // Leaving the repeated IBAN shows its error at once; the layout settles before the tick.
    await field(page, 'IBAN wiederholen').blur();
    await page.getByText('Die Eingaben stimmen nicht überein.').waitFor();
    await page.getByRole('checkbox', { name: /Ich erteile dieses SEPA-Lastschriftmandat/ }).check();
    await page.getByRole('button', { name: 'Abonnieren' }).click();
    await page.getByText('Die Eingaben stimmen nicht überein.').waitFor();
    await field(page, 'IBAN wiederholen').fill('DE89370400440532013000');
    await page.getByRole('button', { name: 'Abonnieren' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    const contract = page.getByRole('region', { name: 'Vertrag' });
    await contract.getByText('Aktiv', { exact: true }).waitFor();
    await page.getByText('DE89 •••• •••• •••• ••30 00').waitFor();
    await contract.getByText('Kundennummer').waitFor();
    await contract.getByText('Tarif ab').waitFor();
    await page.getByText('Mandatsreferenz').waitFor();
    // Nothing charged during the trial: no entries, no invoices yet.
    await page.getByRole('region', { name: 'Kontostand' }).getByText('Noch keine Buchungen.').waitFor();
    await page.getByRole('region', { name: 'Rechnungen' }).getByText('Noch keine Rechnungen.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-desktop');
    // The subscription's order confirmation carries the mandate with its reference.
    await app.mail.mailWith(email, 'Mandatsreferenz: PC-');

    await contract.getByRole('link', { name: 'Vertrag kündigen' }).click();
    await page.getByRole('heading', { name: 'Vertrag kündigen', level: 1 }).waitFor();
    const cancel = page.getByRole('button', { name: 'Vertrag kündigen' });
    expect(await cancel.isDisabled()).toBe(true);
    const confirm = page.getByRole('checkbox', { name: /Ich möchte meinen Vertrag zum (\d{2}\.\d{2}\.\d{4}) kündigen/ });
    const endDate = /(\d{2}\.\d{2}\.\d{4})/.exec((await confirm.locator('xpath=ancestor::label').innerText()) ?? '')![1]!;
    await confirm.check();
    await cancel.click();
    await page.getByText(`Ihr Vertrag ist gekündigt und endet am ${endDate}.`).waitFor();
    await page.goto(`${app.server.url}/cancel`);
    await page.getByText(`Ihr Vertrag ist bereits gekündigt und endet am ${endDate}.`).waitFor();
    await page.goto(`${app.server.url}/account`);
    await page.getByRole('region', { name: 'Vertrag' }).getByText('Gekündigt', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it('DPO sign-up with a card and with SEPA; an address that has a user gets a mail, not an account', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    for (const [email, kind] of [
      ['dora.card@dpo.example', 'card'],
      ['dora.sepa@dpo.example', 'sepa'],
    ] as const) {
      await page.goto(`${app.server.url}/signup/dpo`);
      await page.getByRole('heading', { name: 'Registrierung als Datenschutzbeauftragter', level: 1 }).waitFor();
      expect(await field(page, 'Promotion-Code').count()).toBe(0);
      await fillForm(page, email, `DSB Kanzlei ${kind}`);
      await page.getByRole('button', { name: 'Weiter zur Bestellübersicht' }).click();
      await page.getByText('58,31 €').waitFor();
      await page.getByRole('button', { name: 'Weiter zu den Zahlungsdaten' }).click();
      if (kind === 'card') {
        await field(page, 'Kartennummer').fill('4111 1111 1111 1112');
        await field(page, 'Gültig bis').fill('12/99');
        await page.getByText('Keine gültige Kartennummer', { exact: false }).waitFor();
        await field(page, 'Kartennummer').fill(visaNumber());
        await page.getByText('Erkannt: Visa').waitFor();
        await field(page, 'Prüfnummer (CVC)').fill('123');
        await shot(page, 'signup-dpo-card-phone');
      } else {
        await page.getByRole('radio', { name: 'SEPA-Lastschrift' }).check();
        await field(page, 'IBAN').fill('DE89370400440532013001');
        await field(page, 'IBAN wiederholen').fill('DE89370400440532013001');
        await page.getByRole('checkbox', { name: /Ich erteile dieses SEPA-Lastschriftmandat/ }).check();
        await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
        await page.getByText('Keine gültige IBAN', { exact: false }).first().waitFor();
        await field(page, 'IBAN').fill('DE89370400440532013000');
        await field(page, 'IBAN wiederholen').fill('DE89370400440532013000');
        await page.getByRole('region', { name: 'SEPA-Lastschriftmandat' }).scrollIntoViewIfNeeded();
        await shot(page, 'signup-dpo-sepa-phone');
      }
      await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
      await page.getByText('Vielen Dank für Ihre Bestellung!').waitFor();
      await app.mail.mailWith(email, 'Vertragszusammenfassung');
      linkIn(await app.mail.mailWith(email, '/reset-password/'), '/reset-password/');
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Anti-enumeration: the same page as for a new address; the owner is told by mail.
    await page.goto(`${app.server.url}/signup`);
    await fillForm(page, 'reader@demo.local', 'Noch eine GmbH');
    await page.getByRole('button', { name: 'Weiter zur Bestellübersicht' }).click();
    await page.getByRole('button', { name: 'Kostenlos testen' }).click();
    await page.getByText('Vielen Dank für Ihre Bestellung!').waitFor();
    const mail = await app.mail.mailFor('reader@demo.local', 1);
    expect(mail.body).toContain('bereits ein Zugang');
    expect(() => linkIn(mail, '/reset-password/')).toThrow();

    // The card customer's first month is invoiced: listed on /account, downloaded as PDF.
    await page.goto(linkIn(await app.mail.mailWith('dora.card@dpo.example', '/reset-password/'), '/reset-password/'));
    await field(page, 'Neues Passwort').fill('Neu-Start1!');
    await field(page, 'Neues Passwort wiederholen').fill('Neu-Start1!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    await login(page, app.server.url, 'dora.card@dpo.example', 'Neu-Start1!', false);
    const reminder = page.getByRole('dialog', { name: 'Willkommen bei Privacy Cockpit' });
    await reminder.waitFor();
    await reminder.getByRole('button', { name: 'Nicht jetzt' }).click();
    await page.goto(`${app.server.url}/account`);
    const invoices = page.getByRole('region', { name: 'Rechnungen' });
    const row = invoices.getByRole('row', { name: /RE-\d{6}.*58,31 €/ });
    await row.waitFor();
    const statement = page.getByRole('region', { name: 'Kontostand' });
    await statement.getByText(/^Belastung( ·|$)/).waitFor();
    await statement.getByTestId('statement-balance').getByText('-58,31 €').waitFor();
    const download = await downloadBy(page, row.getByRole('button', { name: /Rechnung RE-\d{6} als PDF herunterladen/ }));
    expect(download.suggestedFilename()).toMatch(/^Rechnung RE-\d{6} DSB Kanzlei card\.pdf$/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-invoices-phone');
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it('the account holder reads the balance line by line (charges and payments) and the contract data', async () => {
    for (const size of [undefined, PHONE]) {
      const { page, errors, close } = await app.newPage(size);
      await signIn(page, app.server.url, 'admin@demo.local', { to: '/account' });
      const statement = page.getByRole('region', { name: 'Kontostand' });
      await statement.getByText('Zahlung per SEPA-Lastschrift').first().waitFor();
      await statement.getByText('DSB-Paket, monatlich', { exact: false }).first().waitFor();
      await statement.getByTestId('statement-balance').getByText('-58,31 €').waitFor();
      const contract = page.getByRole('region', { name: 'Vertrag' });
      for (const label of ['Kundennummer', 'Externe Kunden-ID', 'Standard-Zahlungsart', 'Menge', 'Tarif seit']) {
        await contract.getByText(label, { exact: true }).waitFor();
      }
      const payment = page.getByRole('region', { name: 'Zahlungsart' });
      await payment.getByText('DE98ZZZ09999999999', { exact: true }).waitFor();
      await payment.getByText('PC-10001-DEMO').waitFor();
      await payment.getByText('innerhalb von acht Wochen', { exact: false }).waitFor();
      await payment.scrollIntoViewIfNeeded();
      await shot(page, size ? 'account-payment-phone' : 'account-payment-desktop');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, size ? 'account-contract-phone' : 'account-contract-desktop');
      await statement.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await shot(page, size ? 'account-statement-phone' : 'account-statement-desktop');
      expect(errors).toEqual([]);
      await close();
    }
  }, 120_000);

  it('the operator lists plans and coupons, adds, edits, deletes and deactivates a coupon, changes a price', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'admin@demo.local', { to: '/administration/billing' });
    const plans = page.getByRole('region', { name: 'Tarife' });
    await plans.getByRole('row', { name: /DSB-Paket, monatlich.*49,00 €.*30 Tage/ }).waitFor();
    const coupons = page.getByRole('region', { name: 'Promotion-Codes' });
    await coupons.getByRole('row', { name: /WILLKOMMEN20/ }).waitFor();
    await coupons.getByRole('button', { name: 'Promotion-Code anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Promotion-Code anlegen' });
    await field(dialog, 'Code').fill('sommer-26');
    await field(dialog, 'Rabatt in %').fill('150');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Höchstens 100 %.').waitFor();
    await field(dialog, 'Rabatt in %').fill('15');
    await field(dialog, 'Höchstens einlösbar (leer: unbegrenzt)').fill('50');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await coupons.getByRole('row', { name: /SOMMER-26.*15 %.*0 \/ 50/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'billing-admin-desktop');

    // Edit the new coupon, then delete it (never redeemed).
    await coupons.getByRole('button', { name: 'SOMMER-26 bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Promotion-Code bearbeiten' });
    await field(edit, 'Rabatt in %').fill('25');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await coupons.getByRole('row', { name: /SOMMER-26.*25 %.*0 \/ 50/ }).waitFor();
    await coupons.getByRole('button', { name: 'SOMMER-26 löschen' }).click();
    await page.getByRole('dialog', { name: 'Promotion-Code löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await expect.poll(() => coupons.getByRole('row', { name: /SOMMER-26/ }).count()).toBe(0);
    // A redeemed coupon cannot be deleted, only deactivated: it then reads expired.
    expect(await coupons.getByRole('button', { name: 'EINMALIG löschen' }).count()).toBe(0);
    await coupons.getByRole('button', { name: 'EINMALIG deaktivieren' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Promotion-Code deaktivieren?' });
    await deactivate.getByText('bestehende Verträge behalten ihren Rabatt', { exact: false }).waitFor();
    await deactivate.getByRole('button', { name: 'Deaktivieren' }).click();
    await coupons.getByRole('row', { name: /EINMALIG.*Abgelaufen/ }).waitFor();

    // A new monthly price.
    await plans.getByRole('button', { name: 'DSB-Paket, monatlich bearbeiten' }).click();
    const variant = page.getByRole('dialog', { name: 'Tarifvariante bearbeiten' });
    await field(variant, 'Netto pro Monat in €').fill('59,50');
    await variant.getByRole('button', { name: 'Speichern' }).click();
    await plans.getByRole('row', { name: /DSB-Paket, monatlich.*59,50 €.*30 Tage/ }).waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it.skipIf(!process.env.E2E_DATABASE_URL)(
    'a contract moved past its end locks the account: AccountExpired page, the holder may subscribe',
    async () => {
      // Fremdfirma AG is in its trial (demo data); its last day moves to yesterday.
      psql(
        app.server.databaseUrl!,
        `update billing_contract set start_date = current_date - 40, end_date = current_date - 1
       where company_id = (select id from company where name = 'Fremdfirma AG')`,
      );
      const { page, errors, close } = await app.newPage();
      await login(page, app.server.url, 'other@demo.local');
      await page.getByRole('heading', { name: 'Ihr Vertrag ist beendet' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account');
      await page.getByText('Abonnieren Sie das DSB-Paket', { exact: false }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Seitenleiste' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'account-contract-ended-desktop');
      await page.getByRole('link', { name: 'Abonnieren' }).click();
      await page.getByRole('heading', { name: 'Abonnieren', level: 1 }).waitFor();
      await field(page, 'Kartennummer').fill(visaNumber());
      await field(page, 'Gültig bis').fill('12/99');
      await field(page, 'Prüfnummer (CVC)').fill('123');
      await page.getByRole('button', { name: 'Abonnieren' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
      await page.getByRole('region', { name: 'Vertrag' }).getByText('Aktiv', { exact: true }).waitFor();
      await page.getByRole('complementary', { name: 'Seitenleiste' }).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );
});
