import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { seriousViolations as axeViolations, DESKTOP, field, login, PHONE, SNACKBARS, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';
import { linkIn } from './mail-catcher';

/** A small solid-colour PNG, built by hand (signature, IHDR, IDAT, IEND). */
function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serious or critical axe violations outside the snackbars: they belong to the shell and are
 * judged in shell.e2e.ts once settled, not mid-animation; these pages are judged on what they render.
 */
const seriousViolations = (page: Page) => axeViolations(page, { exclude: [SNACKBARS] });

async function fits(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const identityButton = (page: Page) => page.getByRole('button', { name: /Benutzermenü|User menu/ });
const toolbarAvatar = (page: Page) => page.getByRole('banner').locator('[data-avatar]').first();

async function logoutViaMenu(page: Page) {
  await identityButton(page).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect.poll(() => page.url()).toContain('/login');
}

describe('profile, help administration and presentation mode in the browser', () => {
  const app = withServerAndBrowser({ mail: true });

  const apiGet = async (token: string, path: string) => {
    const res = await fetch(`${app.server.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };

  it('edits name, language, picture and mail settings on the profile', async () => {
    const email = 'reader@demo.local';
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, email, { to: `/profile` });
    await page.getByRole('heading', { name: 'Mein Profil', level: 1 }).waitFor();
    const main = page.locator('#main-content');
    await main.getByText('Ralf Leser').waitFor();
    await page.getByRole('switch', { name: /Sicherheitshinweise per E-Mail/ }).waitFor();
    await expect.poll(() => toolbarAvatar(page).getAttribute('data-avatar')).toBe('picture');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'profile-desktop');

    // Name: saved on the server and shown in the toolbar at once.
    await field(main, 'Vorname').fill('');
    await main.getByRole('button', { name: 'Name speichern' }).click();
    await main.getByText('Bitte füllen Sie dieses Feld aus.').waitFor();
    await field(main, 'Vorname').fill('Ralph');
    await main.getByRole('button', { name: 'Name speichern' }).click();
    await page.getByText('Ihr Name wurde gespeichert.').waitFor();
    await page.getByRole('button', { name: 'Ralph Leser Benutzermenü' }).waitFor();
    const token = await accessToken(app.server.url, email);
    expect((await apiGet(token, '/user/me')).firstname).toBe('Ralph');

    // Language: applied at once and stored for the next login.
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save name' }).waitFor();
    await expect.poll(async () => (await apiGet(token, '/user/me')).language).toBe('en');
    await shot(page, 'profile-english-desktop');
    await page.getByRole('radio', { name: 'Deutsch' }).check();
    await page.getByRole('heading', { name: 'Mein Profil', level: 1 }).waitFor();
    await expect.poll(async () => (await apiGet(token, '/user/me')).language).toBe('de');

    // Picture: a wrong file is refused before upload; a PNG shows as preview, then everywhere.
    const chooser = main.locator('input[type=file]');
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await main.getByText('Bitte wählen Sie ein Bild im Format PNG, JPEG oder GIF.').waitFor();
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(96, [192, 57, 43]) });
    await main.getByText('Vorschau – noch nicht gespeichert').waitFor();
    await main.getByRole('img', { name: 'Vorschau des neuen Profilbilds' }).waitFor();
    await shot(page, 'profile-avatar-preview-desktop');
    await main.getByRole('button', { name: 'Bild speichern' }).click();
    await page.getByText('Ihr Profilbild wurde gespeichert.').waitFor();
    await main.getByRole('button', { name: 'Bild entfernen' }).waitFor();
    // The toolbar shows the uploaded red picture now (before: the server's initials on a calm colour).
    const toolbarPicture = () =>
      toolbarAvatar(page)
        .locator('img')
        .evaluate((img: HTMLImageElement) => {
          if (!img.complete || !img.naturalWidth) return 'loading';
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          const [r, g, b] = ctx.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight * 0.15), 1, 1).data;
          return r! > 150 && g! < 100 && b! < 100 ? 'red' : 'other';
        })
        .catch(() => 'loading');
    await expect.poll(toolbarPicture).toBe('red');
    await page.reload();
    await main.getByRole('button', { name: 'Bild entfernen' }).waitFor();
    await expect.poll(toolbarPicture).toBe('red');
    await shot(page, 'profile-avatar-desktop');
    await main.getByRole('button', { name: 'Bild entfernen' }).click();
    await page.getByText(/Ihr Profilbild wurde entfernt/).waitFor();
    await main.getByRole('button', { name: 'Bild hochladen' }).waitFor();
    await expect.poll(toolbarPicture).toBe('other');

    // Mail settings.
    const notices = page.getByRole('switch', { name: /Sicherheitshinweise per E-Mail/ });
    expect(await notices.isChecked()).toBe(true);
    await notices.uncheck();
    await page.getByText('Sie erhalten keine Sicherheitshinweise per E-Mail mehr.').waitFor();
    expect(await apiGet(token, '/user/notifications')).toMatchObject({ securityNotices: false });
    await notices.check();
    await page.getByText('Sie erhalten wieder Sicherheitshinweise per E-Mail.').waitFor();
    expect(await apiGet(token, '/user/notifications')).toMatchObject({ securityNotices: true });

    expect(await seriousViolations(page)).toEqual([]);

    // The password and two-factor cards still work from here.
    await main.getByRole('link', { name: 'Passwort ändern' }).waitFor();
    await main.getByRole('button', { name: 'Einschalten' }).click();
    const twoFactor = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einschalten' });
    await twoFactor.waitFor();
    await twoFactor.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => twoFactor.count()).toBe(0);

    // Help administration is for administrators only.
    await page.goto(`${app.server.url}/administration/help`);
    await expect.poll(() => page.url()).toContain('/forbidden');
    expect(errors).toEqual([]);
    await close();
  });

  it('changes the e-mail address through the link mailed to the new address', async () => {
    const email = 'reader@demo.local';
    const next = 'ralf.neu@demo.local';
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, email, { to: `/profile` });
    const main = page.locator('#main-content');
    await main.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await field(main, 'Neue E-Mail-Adresse').fill(email.toUpperCase());
    await main.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await main.getByText('Das ist bereits Ihre aktuelle Adresse.').waitFor();
    // Taken by someone else: the server says so on the field.
    await field(main, 'Neue E-Mail-Adresse').fill('admin@demo.local');
    await main.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await main.getByText('Diese E-Mail-Adresse wird bereits verwendet.').waitFor();
    await field(main, 'Neue E-Mail-Adresse').fill(next);
    await main.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await main.getByText('Bitte prüfen Sie Ihr Postfach').waitFor();
    await main.getByText(`Wir haben einen Bestätigungslink an ${next} gesendet.`, { exact: false }).waitFor();
    expect(await main.getByTestId('current-email').innerText()).toBe(email);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'profile-email-sent-desktop');

    const link = linkIn(await app.mail.mailFor(next, 1), '/profile?confirmEmail=');
    expect(link.startsWith(`${app.server.url}/profile?confirmEmail=`)).toBe(true);
    // Opened without a session (another browser, say): log in first – still with the old address.
    await logoutViaMenu(page);
    await page.goto(link);
    await expect.poll(() => page.url()).toContain('/login');
    await login(page, app.server.url, email, 'Demo1234!', false);
    await main.getByText('Ihre neue E-Mail-Adresse ist bestätigt.', { exact: false }).waitFor();
    await expect.poll(() => main.getByTestId('current-email').innerText()).toBe(next);
    // The token leaves the address bar.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await shot(page, 'profile-email-confirmed-desktop');

    // Used once only.
    await page.goto(link);
    await main.getByText('Der Bestätigungslink ist ungültig', { exact: false }).waitFor();

    // The new address is the login name now.
    await logoutViaMenu(page);
    await login(page, app.server.url, next, 'Demo1234!', false);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('administrators manage help contents with a markdown preview; the help dialog shows them', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'admin@demo.local', { to: `/administration/help` });
    await page.getByRole('heading', { name: 'Hilfetexte verwalten', level: 1 }).waitFor();
    const home = page.getByRole('region', { name: '/home' });
    await home.getByText('Kacheln ausblenden').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'help-admin-desktop');

    // Language filter.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await home.getByText('Hiding tiles').waitFor();
    expect(await home.getByText('Kacheln ausblenden').count()).toBe(0);
    await page.getByRole('button', { name: 'Alle', exact: true }).click();

    // Create: /calendar has no help yet, so its help button is disabled.
    await page.getByRole('button', { name: 'Neuer Hilfetext' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Hilfetext' });
    await field(dialog, 'Route').fill('Kalender');
    await field(dialog, 'Inhalt (Markdown)').fill('# Kalenderhilfe\nTermine mit **Erinnerung** anlegen.\nZweite Zeile');
    const preview = dialog.getByTestId('help-preview');
    await preview.getByRole('heading', { name: 'Kalenderhilfe' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('Erinnerung');
    // Line breaks are kept (remark-breaks).
    expect(await preview.locator('br').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText(/Bitte geben Sie eine Route ein/).waitFor();
    await field(dialog, 'Route').fill('/calendar');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'help-admin-editor-desktop');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Hilfeseite wurde angelegt.').waitFor();
    const calendar = page.getByRole('region', { name: '/calendar' });
    await calendar.getByText('Kalenderhilfe').waitFor();
    await calendar.getByText('Nr. 0').waitFor();

    // A second page for the same route gets the next number.
    await calendar.getByRole('button', { name: 'Seite hinzufügen: /calendar' }).click();
    const second = page.getByRole('dialog', { name: 'Neuer Hilfetext' });
    expect(await field(second, 'Reihenfolge').inputValue()).toBe('1');
    await field(second, 'Inhalt (Markdown)').fill('# Termine teilen\nText');
    await second.getByRole('button', { name: 'Speichern' }).click();
    await calendar.getByText('Termine teilen').waitFor();

    // Edit.
    await calendar.getByRole('button', { name: 'Kalenderhilfe (DE) bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Hilfetext bearbeiten' });
    await field(edit, 'Inhalt (Markdown)').fill('# Kalender im Überblick\nTermine mit **Erinnerung** anlegen.');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Hilfeseite wurde gespeichert.').waitFor();
    await calendar.getByText('Kalender im Überblick').waitFor();
    expect(await calendar.getByText('Kalenderhilfe').count()).toBe(0);

    // The toolbar's help shows both pages on /calendar in index order.
    await page.goto(`${app.server.url}/calendar`);
    const helpButton = page.getByRole('button', { name: 'Hilfe', exact: true });
    await expect.poll(() => helpButton.isEnabled()).toBe(true);
    await helpButton.click();
    const help = page.getByRole('dialog', { name: 'Hilfe' });
    await help.getByRole('heading', { name: 'Kalender im Überblick' }).waitFor();
    await help.getByRole('button', { name: 'Nächste Seite' }).click();
    await help.getByRole('heading', { name: 'Termine teilen' }).waitFor();
    await help.getByRole('button', { name: 'OK' }).click();

    // Delete, after confirmation.
    await page.goto(`${app.server.url}/administration/help`);
    await calendar.getByRole('button', { name: 'Termine teilen (DE) löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hilfeseite löschen?' });
    await confirm.getByText(/„Termine teilen“ \(Deutsch\) wird von \/calendar entfernt/).waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    // The page is hidden from assistive technology while the dialog fades out: poll.
    await expect.poll(() => calendar.getByText('Termine teilen').count()).toBe(1);
    await calendar.getByRole('button', { name: 'Termine teilen (DE) löschen' }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Die Hilfeseite wurde gelöscht.').waitFor();
    await expect.poll(() => calendar.getByText('Termine teilen').count()).toBe(0);

    expect(errors).toEqual([]);
    await close();
  });

  it('presentation mode hides time entries and narrows the scope dialog to the family', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const badge = page.getByRole('button', { name: 'Präsentationsmodus beenden' });
    expect(await badge.count()).toBe(0);

    // Scope: a child company of the group.
    const openScope = async () => {
      await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Unternehmen wählen' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openScope();
    await dialog.getByText('Alle Unternehmen').waitFor();
    await dialog.getByLabel('Unternehmen suchen').fill('Handel');
    await dialog.getByRole('button', { name: /^Beispiel Handel GmbH/ }).click();
    await expect.poll(() => page.title()).toBe('Privacy Cockpit (Beispiel Handel GmbH)');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const menu = page.getByRole('dialog', { name: 'Benutzermenü' });
    await identityButton(page).click();
    for (const entry of ['Zeiterfassung', 'Zeitvergleich', 'Zeitbudgets'])
      await menu.getByRole('menuitem', { name: entry }).waitFor();
    const toggle = menu.getByRole('menuitemcheckbox', { name: 'Präsentationsmodus' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    for (const entry of ['Zeiterfassung', 'Zeitvergleich', 'Zeitbudgets']) {
      expect(await menu.getByRole('menuitem', { name: entry }).count()).toBe(0);
    }
    await menu.getByRole('menuitem', { name: 'Mein Profil' }).waitFor();
    await shot(page, 'presentation-menu-desktop');
    await page.keyboard.press('Escape');
    await badge.waitFor();

    // Scope dialog: the scope, its children and its siblings; no 'all companies'.
    dialog = await openScope();
    await dialog.getByText('2 Unternehmen').waitFor();
    const tiles = () => dialog.locator('[data-tile-index]').allInnerTexts();
    await expect.poll(async () => (await tiles()).length).toBe(2);
    const names = (await tiles()).join('\n');
    expect(names).toContain('Beispiel Handel GmbH');
    expect(names).toContain('Beispiel Logistik GmbH');
    expect(await dialog.getByText('Alle Unternehmen').count()).toBe(0);
    expect(await dialog.getByText('Bäckerei Schmidt').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'presentation-scope-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Stays on across a reload (per browser).
    await page.reload();
    await badge.waitFor();

    // Off again from the toolbar icon: everything is back.
    await badge.click();
    await expect.poll(() => badge.count()).toBe(0);
    await identityButton(page).click();
    await menu.getByRole('menuitem', { name: 'Zeiterfassung' }).waitFor();
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Präsentationsmodus' }).getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    dialog = await openScope();
    await dialog.getByText('Alle Unternehmen').waitFor();
    await expect
      .poll(async () => Number((await dialog.getByText(/^\d+ Unternehmen$/).innerText()).split(' ')[0]))
      .toBeGreaterThan(2);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await close();
  });

  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`fits a ${label}: profile, help administration and its editor`, async () => {
      const { page, errors, close } = await app.newPage(size);
      await signIn(page, app.server.url, 'admin@demo.local', { to: `/profile` });
      await page.locator('#main-content').getByText('Anna Admin').waitFor();
      await page.getByRole('switch', { name: /Sicherheitshinweise/ }).waitFor();
      await fits(page, size.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `profile-${label}`);
      await page.locator('#main-content').getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
      await fits(page, size.width);
      await shot(page, `profile-email-form-${label}`);

      await page.goto(`${app.server.url}/administration/help`);
      await page.getByRole('region', { name: '/home' }).waitFor();
      await fits(page, size.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `help-admin-${label}`);
      await page.getByRole('region', { name: '/home' }).getByRole('button', { name: 'Dashboard (DE) bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hilfetext bearbeiten' });
      await dialog.waitFor();
      if (label === 'phone') {
        await dialog.getByRole('tab', { name: 'Vorschau' }).click();
        await dialog.getByTestId('help-preview').getByRole('heading', { name: 'Dashboard' }).waitFor();
      }
      await fits(page, size.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `help-admin-editor-${label}`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      expect(errors).toEqual([]);
      await close();
    });
  }
});
