import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, field, login, PHONE, SNACKBARS, seriousViolations, shot } from './browser';
import { withServerAndBrowser } from './harness';
import { linkIn } from './mail-catcher';

/**
 * Invitations between DPOs and companies: the round trip in both purposes between demo
 * users and a new address (mail caught, link followed, accepted), decline, withdraw, resend and
 * delete by role. One server and one login per user for the whole file.
 */
describe('invitations in the browser', () => {
  const app = withServerAndBrowser({ mail: true });
  const pages: Record<string, Page> = {};

  /** The user's page, logged in once and kept for the file. */
  const as = async (email: string) => {
    if (!pages[email]) {
      const { page } = await app.newPage();
      await login(page, app.server.url, email);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      pages[email] = page;
    }
    app.watch(pages[email]!);
    return pages[email]!;
  };
  const companiesOf = async (email: string, password = 'Demo1234!') => {
    const token = await accessToken(app.server.url, email, password);
    const at = async (path: string) => {
      const list = await fetch(`${app.server.url}/api/company/${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await list.json()) as { name: string }[]).map((c) => c.name);
    };
    return { own: await at('list-items'), granted: await at('granted') };
  };
  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  it('as client: a new address sets up its access from the mailed link, accepts, and the agency has the client', async () => {
    const admin = await as('admin@demo.local');
    await admin.goto(`${app.server.url}/invitation`);
    await row(admin, 'praxis@zahnarzt-weber.example').waitFor();
    await admin.getByRole('button', { name: 'Einladen' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Einladung erstellen' });
    // The agency may invite both: the purpose is offered, DPO first.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Zweck' }).textContent()).toBe('Als Datenschutzbeauftragter');
    // The server's 422 lands on the field, without a toast.
    await field(dialog, 'E-Mail-Adresse des Empfängers').fill('admin@demo.local');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('Diese Adresse gehört zu Ihrem eigenen Unternehmen.').waitFor();
    await dialog.getByRole('combobox', { name: 'Zweck' }).click();
    await admin.getByRole('option', { name: 'Als Mandant' }).click();
    await field(dialog, 'E-Mail-Adresse des Empfängers').fill('chefin@neukunde.example');
    await field(dialog, 'Nachricht').fill('Wir freuen uns auf die Zusammenarbeit.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await admin.getByText('Die Einladung an chefin@neukunde.example wurde versendet.').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await row(admin, 'chefin@neukunde.example').getByText('Offen').waitFor();
    // A sent invitation names the company it was sent for beside the recipient.
    await row(admin, 'chefin@neukunde.example').getByText('für Muster Datenschutz GmbH', { exact: true }).waitFor();
    await shot(admin, 'invitations-desktop');
    // On a phone the page keeps its width; the grid scrolls on its own.
    await admin.setViewportSize(PHONE);
    // Direction and dates give way on a phone (they are in the detail dialog); the purpose narrows.
    await expect.poll(() => admin.locator('.MuiDataGrid-columnHeader[data-field=sentDate]').count()).toBe(0);
    await expect
      .poll(async () => (await admin.locator('.MuiDataGrid-columnHeader[data-field=purpose]').boundingBox())?.width)
      .toBeLessThan(150);
    await row(admin, 'chefin@neukunde.example').getByText('für Muster Datenschutz GmbH', { exact: true }).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(admin, 'invitations-phone');
    await admin.setViewportSize(DESKTOP);
    expect(await seriousViolations(admin, { exclude: [SNACKBARS] })).toEqual([]);

    // The recipient follows the mailed link, sets up a company and password, logs in, accepts.
    const link = linkIn(await app.mail.mailFor('chefin@neukunde.example', 1), '/invitation/token/');
    const { page: chefin, close } = await app.newPage();
    await chefin.goto(link);
    await chefin.getByText('Muster Datenschutz GmbH (Anna Admin) lädt Ihr Unternehmen ein').waitFor();
    await shot(chefin, 'invitation-link-register-desktop');
    expect(await seriousViolations(chefin)).toEqual([]);
    // A person gives a name; the button waits for it.
    await field(chefin, 'Name Ihres Unternehmens').fill('Neukunde GmbH');
    await field(chefin, 'Neues Passwort').fill('Neu-Kunde1!');
    await field(chefin, 'Neues Passwort wiederholen').fill('Neu-Kunde1!');
    expect(await chefin.getByRole('button', { name: 'Zugang einrichten' }).isDisabled()).toBe(true);
    await field(chefin, 'Vorname').fill('Clara');
    await field(chefin, 'Nachname').fill('Chefin');
    await chefin.getByRole('button', { name: 'Zugang einrichten' }).click();
    await chefin.getByText('Ihr Zugang ist eingerichtet. Bitte melden Sie sich an.').waitFor();
    // The login has the address filled in: only the password is left.
    expect(await chefin.locator('input[name=username]').inputValue()).toBe('chefin@neukunde.example');
    await chefin.locator('input[name=password]').fill('Neu-Kunde1!');
    await chefin.getByRole('button', { name: /^Anmelden$/ }).click();
    // Straight to the invitation: no "please sign in" left over, no reminder over "Annehmen".
    await chefin.getByRole('heading', { name: 'Einladungen' }).waitFor();
    await expect.poll(() => chefin.getByText('Ihr Zugang ist eingerichtet', { exact: false }).count(), { timeout: 2000 }).toBe(0);
    await row(chefin, 'Muster Datenschutz GmbH').getByRole('button', { name: 'Annehmen' }).waitFor();
    await chefin.waitForTimeout(500);
    expect(await chefin.getByRole('dialog').count()).toBe(0);
    await chefin.getByText('Clara Chefin').first().waitFor();
    await row(chefin, 'Muster Datenschutz GmbH').getByRole('button', { name: 'Annehmen' }).click();
    await chefin.getByText('Ihr Unternehmen wird nun von Muster Datenschutz GmbH betreut.').waitFor();
    await row(chefin, 'Muster Datenschutz GmbH')
      .getByText(/^Angenommen am/)
      .waitFor();
    expect((await companiesOf('admin@demo.local')).own).toContain('Neukunde GmbH');

    // The used link is refused.
    await chefin.goto(link);
    await chefin.getByText('Diese Einladung wurde bereits beantwortet.', { exact: false }).waitFor();
    await close();
  });

  it('as DPO from the dashboard tile and banner; decline, resend, withdraw and delete by role', async () => {
    // The foreign company may only invite a DPO: the tile's button opens the dialog without a purpose.
    const otto = await as('other@demo.local');
    const tile = otto.locator('[data-tile="invitation"]');
    await tile.getByText('offen, gesendet').waitFor();
    expect(await tile.getByRole('link', { name: 'Mandanten einladen' }).count()).toBe(0);
    await tile.getByRole('link', { name: 'Datenschutzbeauftragten einladen' }).click();
    const dialog = otto.getByRole('dialog', { name: 'Einladung erstellen' });
    await field(dialog, 'E-Mail-Adresse des Empfängers').fill('admin@demo.local');
    expect(await dialog.getByRole('combobox', { name: 'Zweck' }).count()).toBe(0);
    // The company chooses what the DPO may do in it: by default the external DPO's role.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Rolle in Ihrem Unternehmen' }).textContent())
      .toBe('Externe/r Datenschutzbeauftragte/r');
    await shot(otto, 'invitation-dialog-grant-role-desktop');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await otto.getByText('Die Einladung an admin@demo.local wurde versendet.').waitFor();
    expect(linkIn(await app.mail.mailFor('admin@demo.local', 1), '/invitation/token/')).toContain('/invitation/token/');

    // The recipient accepts in the dashboard banner; it disappears and the company is theirs to see.
    const admin = await as('admin@demo.local');
    await admin.goto(`${app.server.url}/home`);
    const banner = admin.locator('[data-tile="invitationBanner"]');
    await banner.getByText('Fremdfirma AG (Otto Fremd) lädt Sie ein').waitFor();
    await banner.getByRole('button', { name: 'Annehmen' }).click();
    await admin.getByText('Sie sind nun als Datenschutzbeauftragter des Unternehmens Fremdfirma AG eingetragen.').waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    // A grant, not one of the agency's companies: chosen in the scope dialog, with the grant's role.
    const seen = await companiesOf('admin@demo.local');
    expect(seen.own).not.toContain('Fremdfirma AG');
    expect(seen.granted).toContain('Fremdfirma AG');
    await admin.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const scope = admin.getByRole('dialog', { name: 'Unternehmen wählen' });
    await scope.getByLabel('Unternehmen suchen').fill('fremd');
    const grantedTile = scope.getByRole('button', { name: /^Fremdfirma AG/ });
    await grantedTile.getByText('Freigabe').waitFor();
    await shot(admin, 'scope-dialog-granted-desktop');
    await grantedTile.click();
    await expect.poll(() => admin.title()).toBe('Privacy Cockpit (Fremdfirma AG)');
    // The agency's administrator is an external DPO here: no administration in the menu.
    await admin.goto(`${app.server.url}/administration/users`);
    await admin.getByText('Sie haben nicht die erforderlichen Berechtigungen für diesen Bereich.').waitFor();

    // Fremdfirma sees its external DPO, gives them another role and then ends the grant.
    await otto.goto(`${app.server.url}/administration/users`);
    const external = otto.locator('[data-user="admin@demo.local"]');
    await external.getByText('Extern', { exact: true }).waitFor();
    await external.getByText(/^Aus Muster Datenschutz GmbH/).waitFor();
    await shot(otto, 'users-external-dpo-desktop');
    await external.getByRole('button', { name: /Aktionen/ }).click();
    await otto.getByRole('menuitem', { name: 'Rollen ändern' }).click();
    const roles = otto.getByRole('dialog', { name: 'Rollen von Anna Admin' });
    await roles.getByRole('checkbox', { name: 'Externe/r Datenschutzbeauftragte/r' }).uncheck();
    await roles.getByRole('checkbox', { name: 'Leser', exact: true }).check();
    await shot(otto, 'users-grant-dialog-desktop');
    await roles.getByRole('button', { name: 'Speichern' }).click();
    await otto.getByText('Die Rollen von Anna Admin sind gespeichert.').waitFor();
    await external.getByText('Leser').waitFor();
    await external.getByRole('button', { name: /Aktionen/ }).click();
    await otto.getByRole('menuitem', { name: 'Zugang entziehen' }).click();
    await otto.getByRole('dialog', { name: 'Zugang entziehen?' }).getByRole('button', { name: 'Zugang entziehen' }).click();
    await otto.getByText('Anna Admin hat keinen Zugang mehr.').waitFor();
    await expect.poll(() => external.count()).toBe(0);
    expect((await companiesOf('admin@demo.local')).granted).toEqual([]);
    // The DPO's open app notices at its next call and goes back to their own company.
    await admin.getByRole('link', { name: 'Dashboard' }).first().click();
    await admin.getByText('Ihr Zugang zu diesem Unternehmen besteht nicht mehr.', { exact: false }).waitFor();
    await expect.poll(() => admin.title()).toBe('Privacy Cockpit');

    // Resend and withdraw: the sender's menu, disabled on an incoming invitation.
    await admin.goto(`${app.server.url}/invitation`);
    const incoming = row(admin, 'Fremdfirma AG (Otto Fremd)');
    expect(await incoming.getByRole('button', { name: /^Weitere Aktionen/ }).isDisabled()).toBe(true);
    const praxis = row(admin, 'praxis@zahnarzt-weber.example');
    await praxis.getByRole('button', { name: /^Weitere Aktionen/ }).click();
    await admin.getByRole('menuitem', { name: 'Erneut senden' }).click();
    await admin.getByText('Die Einladung wurde erneut an praxis@zahnarzt-weber.example gesendet.').waitFor();
    expect((await app.mail.mailFor('praxis@zahnarzt-weber.example', 1)).body).toContain('Erinnerung');
    await praxis.getByRole('button', { name: /^Weitere Aktionen/ }).click();
    await admin.getByRole('menuitem', { name: 'Zurückziehen' }).click();
    await admin.getByRole('dialog', { name: 'Einladung zurückziehen?' }).getByRole('button', { name: 'Zurückziehen' }).click();
    await praxis.getByText(/^Zurückgezogen am/).waitFor();
    expect(await praxis.getByRole('button', { name: /löschen$/ }).count()).toBe(0);
    const withdrawnMail = (await app.mail.mailFor('praxis@zahnarzt-weber.example', 2)).body.replace(/=\r?\n/g, '');
    expect(withdrawnMail).toContain('hat die Einladung an Sie zur=C3=BCckgezogen');

    // Decline: the reader answers the demo invitation; the sender may then delete it.
    const reader = await as('reader@demo.local');
    const readerBanner = reader.locator('[data-tile="invitationBanner"]');
    await readerBanner.getByRole('button', { name: 'Ablehnen' }).click();
    await reader.getByText('Sie haben die Anfrage abgelehnt').waitFor();
    await expect.poll(() => readerBanner.count()).toBe(0);
    await otto.goto(`${app.server.url}/invitation`);
    const declined = row(otto, 'reader@demo.local');
    await declined.getByText(/^Abgelehnt am/).waitFor();
    await declined.getByRole('button', { name: 'Einladung an reader@demo.local löschen' }).click();
    await otto.getByRole('dialog', { name: 'Einladung löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await otto.getByText('Die Einladung wurde gelöscht.').waitFor();
    await expect.poll(() => declined.count()).toBe(0);
  });
});
