import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations as axeViolations, field, login, PHONE, SNACKBARS, shot, signIn } from './browser';
import { bytesOf, downloadBy } from './downloads';
import { withServerAndBrowser } from './harness';
import { linkIn } from './mail-catcher';

/** A code of the step after the current one: the server refuses steps at or before the last one used. */
function nextCode(secret: string, offsetSteps = 1) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Six digits that no step in the ±1 window accepts. */
function wrongCode(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return ['000000', '111111', '222222'].find((c) => totp.validate({ token: c, window: 2 }) === null)!;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Seitenleiste' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Navigationspfad' });

/**
 * Serious or critical axe violations outside the sidebar and the snackbars: both belong to the
 * shell and are judged in shell.e2e.ts (snackbars there once settled, not mid-animation); these
 * pages are judged on what they render themselves.
 */
const seriousViolations = (page: Page) => axeViolations(page, { exclude: ['aside', SNACKBARS] });

async function logoutViaMenu(page: Page) {
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect.poll(() => page.url()).toContain('/login');
}

describe('account security in the browser', () => {
  const app = withServerAndBrowser({ mail: true });
  const passwords: Record<string, string> = {
    'admin@demo.local': 'Demo1234!',
    'reader@demo.local': 'Demo1234!',
    'other@demo.local': 'Demo1234!',
  };
  let otherSecret = '';
  let unsubscribeLink = '';

  /** A Bearer token from the password grant, for set-up calls an administrator would make elsewhere. */
  const apiToken = async (email: string) => {
    const res = await fetch(`${app.server.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password: passwords[email]! }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; mfa_required: string };
    expect(body.mfa_required).toBe('none');
    return body.access_token;
  };

  const api = async (token: string, path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await fetch(`${app.server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${token}`, ...(init.json ? { 'Content-Type': 'application/json' } : {}) },
      body: init.json ? JSON.stringify(init.json) : undefined,
    });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as unknown) };
  };

  it('turns on two-factor login on the profile, then asks for the code at the next login', async () => {
    const email = 'other@demo.local';
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, email, { to: `/profile` });
    await page.getByRole('heading', { name: 'Mein Profil', level: 1 }).waitFor();
    const main = page.locator('#main-content');
    await main.getByText('Otto Fremd').waitFor();
    await main.getByText('Fremdfirma AG').waitFor();
    expect(await page.getByText('Ausgeschaltet', { exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-profile-desktop');

    await page.getByRole('button', { name: 'Einschalten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einschalten' });
    await field(dialog, 'Passwort').fill('falsch');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByText('Das Passwort ist nicht korrekt.').waitFor();
    await field(dialog, 'Passwort').fill(passwords[email]!);
    await dialog.getByRole('button', { name: 'Weiter' }).click();

    const scan = page.getByRole('dialog', { name: 'Authenticator-App verbinden' });
    await scan.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    const shown = await scan.getByTestId('two-factor-secret').innerText();
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    otherSecret = shown.replace(/\s+/g, '');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-two-factor-scan-desktop');
    await field(scan, '6-stelliger Code').fill(wrongCode(otherSecret));
    await scan.getByRole('button', { name: 'Einschalten' }).click();
    await scan.getByText('Der Code ist ungültig oder abgelaufen.').waitFor();
    const enabledWith = nextCode(otherSecret, 0);
    await field(scan, '6-stelliger Code').fill(enabledWith);
    await scan.getByRole('button', { name: 'Einschalten' }).click();

    const codesDialog = page.getByRole('dialog', { name: 'Ihre Wiederherstellungscodes' });
    await codesDialog.getByTestId('recovery-codes').waitFor();
    const codes = (await codesDialog.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const finish = codesDialog.getByRole('button', { name: 'Fertig' });
    expect(await finish.isDisabled()).toBe(true);
    // Shown once: Escape does not close the dialog before the confirmation.
    await page.keyboard.press('Escape');
    expect(await codesDialog.isVisible()).toBe(true);
    const download = await downloadBy(page, codesDialog.getByRole('button', { name: 'Als Textdatei herunterladen' }));
    expect((await bytesOf(download)).toString('utf8')).toContain(codes[0]);
    await shot(page, 'account-two-factor-codes-desktop');
    await codesDialog.getByLabel('Ich habe die Wiederherstellungscodes sicher aufbewahrt.').check();
    await finish.click();
    await expect.poll(() => codesDialog.isVisible()).toBe(false);
    await page.getByText('Eingeschaltet', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ausschalten' }).waitFor();
    await shot(page, 'account-profile-two-factor-on-desktop');

    // The next login owes the second factor.
    await logoutViaMenu(page);
    await login(page, app.server.url, email, passwords[email], false);
    await expect.poll(() => page.url()).toContain('/mfa');
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The code just typed to turn it on is still on the phone: it is refused, and says why.
    await field(page, 'Bestätigungscode').fill(enabledWith);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code.').waitFor();
    await expect.poll(() => field(page, 'Bestätigungscode').isEnabled()).toBe(true);
    await field(page, 'Bestätigungscode').fill(wrongCode(otherSecret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('Der Code ist ungültig. Bitte versuchen Sie es erneut.').waitFor();
    // Busy for one second after a failure, then the field takes input again.
    expect(await field(page, 'Bestätigungscode').isDisabled()).toBe(true);
    await expect.poll(() => field(page, 'Bestätigungscode').isEnabled()).toBe(true);
    expect(page.url()).toContain('/mfa');
    await shot(page, 'account-mfa-error-desktop');
    await field(page, 'Bestätigungscode').fill(nextCode(otherSecret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toContain('/home');
    await sidebar(page).waitFor();

    // A recovery code works instead of the app, once.
    await logoutViaMenu(page);
    await login(page, app.server.url, email, passwords[email], false);
    await expect.poll(() => page.url()).toContain('/mfa');
    await page.getByLabel('Wiederherstellungscode verwenden').check();
    await field(page, 'Wiederherstellungscode').fill(codes[3]!);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await close();

    // The two-factor mail carries an unsubscribe link for security notices.
    expect(linkIn(await app.mail.mailFor(email, 1), '/unsubscribe/')).toContain(`${app.server.url}/unsubscribe/`);
  }, 120_000);

  it('resets a forgotten password through the mailed link and logs in with the new one', async () => {
    const email = 'reader@demo.local';
    const { page, errors, close } = await app.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort vergessen' });
    await field(dialog, 'E-Mail-Adresse').fill(email);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Wenn die Adresse bei uns bekannt ist, erhalten Sie in Kürze eine E-Mail.').waitFor();

    const link = linkIn(await app.mail.mailFor(email, 1), '/reset-password/');
    expect(link.startsWith(`${app.server.url}/reset-password/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    const submit = page.getByRole('button', { name: 'Passwort speichern' });
    const criteria = page.getByRole('list', { name: 'Ihr neues Passwort braucht' });
    await criteria.waitFor();
    expect(await criteria.locator('li').count()).toBe(6);
    expect(await submit.isDisabled()).toBe(true);

    await field(page, 'Neues Passwort').fill('kurz');
    await expect.poll(() => criteria.locator('li[data-met="true"]').count()).toBe(1);
    await field(page, 'Neues Passwort').fill('Neu-Passwort1');
    await field(page, 'Neues Passwort wiederholen').fill('Neu-Passwort2');
    await page.getByText('Die Passwörter stimmen nicht überein.').waitFor();
    await expect.poll(() => criteria.locator('li[data-met="true"]').count()).toBe(5);
    expect(await submit.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-reset-password-desktop');
    await field(page, 'Neues Passwort wiederholen').fill('Neu-Passwort1');
    await expect.poll(() => criteria.locator('li[data-met="true"]').count()).toBe(6);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expect.poll(() => page.url()).toContain('/login');
    await page.getByText('Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.').waitFor();
    // The login has the address the link was mailed to filled in.
    expect(await page.locator('input[name=username]').inputValue()).toBe(email);
    passwords[email] = 'Neu-Passwort1';

    // The link is single-use.
    await page.goto(link);
    await page.getByText('Dieser Link ist ungültig oder abgelaufen.', { exact: false }).waitFor();
    await shot(page, 'account-reset-password-invalid-desktop');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.url()).toContain('/login');

    await login(page, app.server.url, email, 'Demo1234!', false);
    await page.getByText('Anmeldung fehlgeschlagen', { exact: false }).waitFor();
    await login(page, app.server.url, email, passwords[email], false);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('forces a password change: locked shell, field errors, success logs out, the new password works', async () => {
    const email = 'reader@demo.local';
    const admin = await apiToken('admin@demo.local');
    const users = (await api(admin, '/user/lookup')).body as { id: string; email: string }[];
    const reader = users.find((u) => u.email === email)!;
    expect((await api(admin, `/user/${reader.id}/force-password-change`, { method: 'POST' })).status).toBe(204);
    const mailsBefore = app.mail.mails.filter((m) => m.to === email).length;

    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, email, passwords[email]);
    await expect.poll(() => page.url()).toContain('/change-password');
    await page.getByRole('heading', { name: 'Passwort ändern', level: 1 }).waitFor();
    await page.getByText('Ihr Passwort ist abgelaufen.').waitFor();
    expect(await sidebar(page).count()).toBe(0);
    expect(await breadcrumbs(page).count()).toBe(0);
    // Locked: every other page leads back here.
    await page.goto(`${app.server.url}/process`);
    await expect.poll(() => page.url()).toContain('/change-password');

    await field(page, 'Bisheriges Passwort').fill('Falsch-123!');
    await field(page, 'Neues Passwort').fill('Noch-Neuer2');
    await field(page, 'Neues Passwort wiederholen').fill('Noch-Neuer3');
    await field(page, 'Neues Passwort wiederholen').blur();
    await page.getByText('Die Passwörter stimmen nicht überein.').first().waitFor();
    await field(page, 'Neues Passwort wiederholen').fill('Noch-Neuer2');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Das Passwort konnte nicht geändert werden.').waitFor();
    await page.getByText('Das Passwort ist nicht korrekt.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-change-password-forced-desktop');

    await field(page, 'Bisheriges Passwort').fill(passwords[email]!);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    await page.getByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.').waitFor();
    passwords[email] = 'Noch-Neuer2';

    await login(page, app.server.url, email, passwords[email], false);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await sidebar(page).waitFor();
    expect(errors).toEqual([]);

    // The "password changed" notice can be unsubscribed from its link; a forged one is refused.
    const notice = await app.mail.mailFor(email, mailsBefore + 1);
    const unsubscribe = linkIn(notice, '/unsubscribe/');
    unsubscribeLink = unsubscribe;
    await page.goto(unsubscribe);
    await page.getByText('Sie sind abgemeldet.').waitFor();
    await page.getByText('An reader@demo.local senden wir keine „Sicherheitshinweise“ mehr.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-unsubscribe-desktop');
    await page.goto(unsubscribe.replace(/s=[^&]+/, 's=forged'));
    await page.getByText('Die Abmeldung hat nicht geklappt.').waitFor();
    await page.getByText('Der Abmeldelink ist ungültig.').waitFor();
    await shot(page, 'account-unsubscribe-error-desktop');
    await close();
  }, 90_000);

  it('forces consent to new terms of use: decline logs out, accept unlocks the app', async () => {
    const email = 'reader@demo.local';
    const admin = await apiToken('admin@demo.local');
    const published = await api(admin, '/terms-of-use', {
      method: 'POST',
      json: {
        releaseDate: new Date(Date.now() - 60_000).toISOString(),
        contentDe:
          '# Nutzungsbedingungen\n\n## 1. Geltungsbereich\nDiese Bedingungen gelten für die Nutzung des Privacy Cockpit.\nZeilenumbrüche bleiben erhalten.\n\n## 2. Pflichten\n- Zugangsdaten geheim halten\n- **Personenbezogene Daten** nur rechtmäßig erfassen',
        contentEn:
          '# Terms of use\n\n## 1. Scope\nThese terms apply to the use of Privacy Cockpit.\n\n## 2. Duties\n- Keep your credentials secret',
      },
    });
    expect(published.status).toBe(201);

    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, email, passwords[email]);
    await expect.poll(() => page.url()).toContain('/terms-of-use');
    await page.getByRole('heading', { name: '1. Geltungsbereich' }).waitFor();
    await page.getByText(/^Fassung vom \d{2}\.\d{2}\.\d{4}$/).waitFor();
    expect(await sidebar(page).count()).toBe(0);
    expect(await breadcrumbs(page).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-terms-of-use-desktop');

    await page.getByRole('button', { name: 'Ablehnen und abmelden' }).click();
    await expect.poll(() => page.url()).toContain('/login');

    await login(page, app.server.url, email, passwords[email], false);
    await expect.poll(() => page.url()).toContain('/terms-of-use');
    await page.getByRole('button', { name: 'Zustimmen' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toContain('/home');
    await sidebar(page).waitFor();
    await breadcrumbs(page).waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('administrators see the terms versions with their agreements and the security log', async () => {
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    // Published a moment ago: the administrator owes consent as well.
    await expect.poll(() => page.url()).toContain('/terms-of-use');
    await page.getByRole('button', { name: 'Zustimmen' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.goto(`${app.server.url}/administration/terms-of-use`);
    await page.getByRole('heading', { name: 'Nutzungsbedingungen verwalten', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByText('Gültig', { exact: true }) });
    await row.waitFor();
    // Reader and administrator.
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('2');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-terms-admin-desktop');
    await row.getByRole('button', { name: 'Anzeigen' }).click();
    const preview = page.getByRole('dialog', { name: /^Nutzungsbedingungen vom/ });
    await preview.getByRole('heading', { name: '2. Pflichten' }).waitFor();
    await preview.getByRole('tab', { name: 'English' }).click();
    await preview.getByRole('heading', { name: '2. Duties' }).waitFor();
    await shot(page, 'account-terms-admin-preview-desktop');
    await preview.getByRole('button', { name: 'Schließen' }).click();

    // An empty form does not publish.
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect.poll(() => page.getByText('Bitte füllen Sie dieses Feld aus.').count()).toBe(2);

    await page.goto(`${app.server.url}/administration/security-log`);
    await page.getByRole('heading', { name: 'Sicherheitsprotokoll', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Passwort zurückgesetzt' }).first().waitFor();
    await page.getByRole('combobox', { name: 'Ereignis' }).click();
    await page.getByRole('option', { name: 'Nutzungsbedingungen akzeptiert' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.getByText('1 - 2 von 2').waitFor();
    await page.getByRole('combobox', { name: 'Ereignis' }).click();
    await page.getByRole('option', { name: 'Alle Ereignisse' }).click();
    // The menu fades out; axe would judge the half-transparent options.
    await page.locator('[role=listbox]').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(5);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-security-log-desktop');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('fits a phone: second factor, reset link, profile, change password, terms and the admin pages', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    const fits = async () => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    };

    await login(page, app.server.url, 'other@demo.local', passwords['other@demo.local']);
    await expect.poll(() => page.url()).toContain('/mfa');
    await field(page, 'Bestätigungscode').waitFor();
    await shot(page, 'account-mfa-phone');
    await fits();
    await page.getByRole('button', { name: 'Zurück zur Anmeldung' }).click();
    await expect.poll(() => page.url()).toContain('/login');

    // A reset link of the administrator, opened but not used.
    const before = app.mail.mails.filter((m) => m.to === 'admin@demo.local').length;
    await fetch(`${app.server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local' }),
    });
    await page.goto(linkIn(await app.mail.mailFor('admin@demo.local', before + 1), '/reset-password/'));
    await field(page, 'Neues Passwort').fill('Beinahe1');
    await shot(page, 'account-reset-password-phone');
    await fits();

    // Unsubscribing twice is fine: the link keeps answering with success.
    await page.goto(unsubscribeLink);
    await page.getByText('Sie sind abgemeldet.').waitFor();
    await shot(page, 'account-unsubscribe-phone');
    await fits();

    await signIn(page, app.server.url, 'admin@demo.local', { to: `/profile` });
    await page.locator('#main-content').getByText('Anna Admin').waitFor();
    await shot(page, 'account-profile-phone');
    await fits();
    await page.getByRole('button', { name: 'Einschalten' }).click();
    await field(page.getByRole('dialog'), 'Passwort').fill(passwords['admin@demo.local']!);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByTestId('two-factor-secret').waitFor();
    await shot(page, 'account-two-factor-scan-phone');
    await page.getByRole('button', { name: 'Abbrechen' }).click();

    await page.goto(`${app.server.url}/terms-of-use`);
    await page.getByRole('heading', { name: '1. Geltungsbereich' }).waitFor();
    // Not owed any more: no accept or decline.
    expect(await page.getByRole('button', { name: 'Zustimmen' }).count()).toBe(0);
    await shot(page, 'account-terms-of-use-phone');
    await fits();

    await page.goto(`${app.server.url}/administration/security-log`);
    await page.getByText('Nutzungsbedingungen akzeptiert').first().waitFor();
    await shot(page, 'account-security-log-phone');
    await fits();
    await page.goto(`${app.server.url}/administration/terms-of-use`);
    await page
      .getByRole('row')
      .filter({ has: page.getByText('Gültig', { exact: true }) })
      .waitFor();
    await shot(page, 'account-terms-admin-phone');
    await fits();

    // From the profile, the change-password page locks the shell too; cancel logs out.
    await page.goto(`${app.server.url}/profile`);
    await page.getByRole('link', { name: 'Passwort ändern' }).click();
    await page.getByRole('heading', { name: 'Passwort ändern', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Menü einblenden' }).count()).toBe(0);
    expect(await breadcrumbs(page).count()).toBe(0);
    await shot(page, 'account-change-password-phone');
    await fits();
    await page.getByRole('button', { name: 'Abbrechen und abmelden' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('sends a user whose access has run out to /account, where only logging out is left', async () => {
    const admin = await apiToken('admin@demo.local');
    const users = (await api(admin, '/user')).body as { id: string; email: string; [key: string]: unknown }[];
    const reader = users.find((u) => u.email === 'reader@demo.local')!;
    const input = (validUntil: string | null) => ({
      firstname: reader.firstname,
      lastname: reader.lastname,
      email: reader.email,
      language: reader.language,
      companyId: reader.companyId,
      roleIds: reader.roleIds,
      companyIds: reader.companyIds,
      isActive: true,
      validUntil,
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await api(admin, `/user/${reader.id}`, { method: 'PUT', json: input(yesterday) })).status).toBe(200);
    try {
      const { page, errors, close } = await app.newPage();
      await login(page, app.server.url, 'reader@demo.local', passwords['reader@demo.local']);
      await expect.poll(() => page.url()).toContain('/account');
      await page.getByRole('heading', { name: 'Ihr Zugang ist abgelaufen' }).waitFor();
      // Locked: no menu, and every other page leads back here.
      expect(await breadcrumbs(page).count()).toBe(0);
      await page.goto(`${app.server.url}/process`);
      await page.getByRole('heading', { name: 'Ihr Zugang ist abgelaufen' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'account-expired-desktop');
      await page.getByRole('button', { name: 'Abmelden' }).click();
      await expect.poll(() => page.url()).toContain('/login');
      expect(errors).toEqual([]);
      await close();
    } finally {
      await api(admin, `/user/${reader.id}`, { method: 'PUT', json: input(null) });
    }
  });
  // Last in the file: it locks other@demo.local, whom the tests above log in with two-factor.
  it('ends the second-factor step after too many wrong codes; the account is then locked', async () => {
    const email = 'other@demo.local';
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, email, passwords[email]);
    await expect.poll(() => page.url()).toContain('/mfa');
    const code = field(page, 'Bestätigungscode');
    for (let i = 0; i < 5; i++) {
      await expect.poll(() => code.isEnabled()).toBe(true);
      await code.fill(wrongCode(otherSecret));
      await page.getByRole('button', { name: 'Bestätigen' }).click();
      // Busy for a second after each failure; the error text itself stays from the last try.
      await expect.poll(() => code.isDisabled()).toBe(true);
      await page.getByText('Der Code ist ungültig. Bitte versuchen Sie es erneut.').waitFor();
    }
    // The fifth wrong code locked the account and ended the pending login.
    await expect.poll(() => code.isEnabled()).toBe(true);
    await code.fill(nextCode(otherSecret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page
      .getByText('Die Anmeldung ist abgelaufen oder wurde nach zu vielen falschen Codes beendet.', { exact: false })
      .waitFor();
    await expect.poll(() => page.url()).toContain('/login');
    // A locked account answers like a wrong password (the lock is told by mail, decision 0010).
    await login(page, app.server.url, email, passwords[email], false);
    await page.getByText('Anmeldung fehlgeschlagen. Bitte prüfen Sie Benutzername und Passwort.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
