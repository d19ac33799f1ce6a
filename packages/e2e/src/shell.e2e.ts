import { describe, expect, it } from 'vitest';
import { login, PHONE, SNACKBARS, seriousViolations, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';

/** WCAG's contrast ratio of two computed colours (`rgb(r, g, b)`, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the application shell', () => {
  const app = withServerAndBrowser();

  it('a newcomer logs in, sees the German shell, switches the scope to a group and logs out', async () => {
    const { page, errors, close } = await app.newPage();
    await page.goto(`${app.server.url}/`);
    await expect.poll(() => page.url()).toContain('/login');
    await expect.poll(() => page.title()).toBe('Privacy Cockpit');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'shell-login-desktop');

    await login(page, app.server.url, 'admin@demo.local', 'Demo1234!', false);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toContain('/home');
    const nav = page.getByRole('navigation').first();
    // The time-critical registers first, then the sections (the registers open, the others closed).
    for (const entry of ['Aufgaben', 'Datenpannen', 'Betroffenenanfragen', 'Verarbeitungstätigkeiten', 'Verträge']) {
      await expect.poll(() => nav.getByText(entry, { exact: true }).count()).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByText(`© 2024–${new Date().getFullYear()}`).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'shell-home-desktop');

    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await dialog.waitFor();
    await dialog.getByLabel('Unternehmen suchen').fill('beispiel');
    // Name, parent and child names match: the group and both of its children.
    await expect.poll(() => dialog.getByText('Bäckerei Schmidt').count()).toBe(0);
    await expect.poll(() => dialog.getByText('Beispiel Handel GmbH').count()).toBe(1);
    await shot(page, 'shell-scope-search-desktop');
    await dialog.getByRole('button', { name: /^Beispiel Gruppe/ }).click();
    await expect.poll(() => page.title()).toBe('Privacy Cockpit (Beispiel Gruppe)');
    await expect.poll(() => page.getByText('Mandant gewechselt: Beispiel Gruppe').count()).toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The snackbar, once its entry animation is over, is readable (other files leave it out of axe).
    await page.waitForTimeout(1000);
    expect(await seriousViolations(page, { include: SNACKBARS })).toEqual([]);

    // The scope is stored: a fresh login restores it.
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    await login(page, app.server.url, 'admin@demo.local', 'Demo1234!', false);
    await expect.poll(() => page.title()).toBe('Privacy Cockpit (Beispiel Gruppe)');
    expect(errors).toEqual([]);
    await close();
  });

  it('another tenant sees nothing of the agency anywhere', async () => {
    const { page, close } = await app.newPage();
    await signIn(page, app.server.url, 'other@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const forbidden = /Muster|Beispiel|Bäckerei|Druckerei|Demo Unternehmen/;
    expect(await page.locator('body').innerText()).not.toMatch(forbidden);
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await dialog.getByText('Fremdfirma AG').waitFor();
    expect(await dialog.innerText()).not.toMatch(forbidden);
    // One company only: no 'all companies' tile.
    expect(await dialog.getByText('Alle Unternehmen').count()).toBe(0);
    await page.keyboard.press('Escape');
    // A tenant administrator administers the tenant, not the installation's help and terms.
    await page.goto(`${app.server.url}/administration`);
    await page.getByRole('heading', { name: 'Benutzer verwalten', level: 2 }).waitFor();
    const cards = page.locator('main li h2');
    // Users, roles, companies, security log and webhooks.
    expect(await cards.count()).toBe(5);
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: /Hilfetexte|Nutzungsbedingungen/, level: 2 }).count()).toBe(0);
    await close();
  });

  it('rings a primary button focused by keyboard, 3:1 against the surface around it', async () => {
    const { page, errors, close } = await app.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.locator('input[name=password]').focus();
    const submit = page.getByRole('button', { name: 'Anmelden', exact: true });
    for (let i = 0; i < 5 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    const ring = await submit.evaluate((el) => {
      const style = getComputedStyle(el);
      // The ring lies outside the button: it is seen against the first opaque background behind it.
      let surface = el.parentElement;
      while (surface && ['transparent', 'rgba(0, 0, 0, 0)'].includes(getComputedStyle(surface).backgroundColor)) {
        surface = surface.parentElement;
      }
      return {
        focused: el === document.activeElement && el.matches(':focus-visible'),
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        colour: style.outlineColor,
        surface: surface ? getComputedStyle(surface).backgroundColor : 'rgb(255, 255, 255)',
      };
    });
    expect(ring).toMatchObject({ focused: true, style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.colour, ring.surface)).toBeGreaterThanOrEqual(3);
    await shot(page, 'shell-login-focus-ring');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the login error on the password field and keeps the user on the login page', async () => {
    const { page, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local', 'falsch');
    await page.getByText('Anmeldung fehlgeschlagen. Bitte prüfen Sie Benutzername und Passwort.').waitFor();
    expect(await page.locator('input[name=password]').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/login');
    await close();
  });

  it('a deep link needs a login first and returns there afterwards; claims guard routes', async () => {
    const { page, close } = await app.newPage();
    await page.goto(`${app.server.url}/process`);
    await expect.poll(() => page.url()).toContain('/login');
    await login(page, app.server.url, 'reader@demo.local', 'Demo1234!', false);
    await expect.poll(() => page.url()).toContain('/process');
    await page.goto(`${app.server.url}/administration`);
    await expect.poll(() => page.url()).toContain('/forbidden');
    await page.getByRole('heading', { name: 'Kein Zugriff' }).waitFor();
    await page.getByText('Sie haben nicht die erforderlichen Berechtigungen für diesen Bereich.').waitFor();
    await close();
  });

  it('says on the password field when the server cannot be reached, and a locked account looks like any failed login', async () => {
    const { page, close } = await app.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.route('**/api/auth/token', (route) => route.abort('connectionrefused'));
    await login(page, app.server.url, 'admin@demo.local', 'Demo1234!', false);
    await page.getByText('Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.').waitFor();
    expect(page.url()).toContain('/login');
    await page.unroute('**/api/auth/token');

    // Five wrong passwords lock the account; then even the right one fails like an unknown
    // address would, so the screen reveals nothing about which addresses have accounts.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.server.url}/api/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'other@demo.local', password: 'falsch' }).toString(),
      });
      expect(res.status).toBe(400);
    }
    const generic =
      'Anmeldung fehlgeschlagen. Bitte prüfen Sie Benutzername und Passwort. Nach mehreren Fehlversuchen wird der Zugang vorübergehend gesperrt; Sie erhalten dann eine E-Mail.';
    await login(page, app.server.url, 'other@demo.local', 'Demo1234!', false);
    await page.getByText(generic).waitFor();
    expect(await page.locator('input[name=password]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/gesperrt\. Bitte versuchen/).count()).toBe(0);
    await login(page, app.server.url, 'nobody@demo.local', 'Demo1234!', false);
    await page.getByText(generic).waitFor();
    expect(page.url()).toContain('/login');
    await close();
  });

  it('Alt+a and Alt+End move between issues and home', async () => {
    const { page, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.keyboard.press('Alt+a');
    await expect.poll(() => page.url()).toContain('/issues');
    await page.keyboard.press('Alt+1');
    await expect.poll(() => page.url()).toContain('/process');
    await page.keyboard.press('Alt+End');
    await expect.poll(() => page.url()).toContain('/home');
    await close();
  });

  it('works on a phone: the menu is a drawer and the scope dialog fits', async () => {
    const { page, close } = await app.newPage(PHONE);
    await login(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await shot(page, 'shell-home-phone');
    await page.getByRole('button', { name: /Menü/ }).first().click();
    await page.getByRole('navigation').first().getByText('Verarbeitungstätigkeiten').waitFor();
    await shot(page, 'shell-drawer-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const box = await page.getByRole('dialog', { name: 'Unternehmen wählen' }).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'shell-scope-phone');
    await close();
  });

  it('answers the desktop layout at 1440×900 with a 230 px sidebar', async () => {
    const { page, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const sidebar = await page.getByRole('navigation').first().boundingBox();
    expect(Math.round(sidebar!.width)).toBeLessThanOrEqual(230);
    // The dashboard is taller than the window: scrolled to the end, the sidebar stays in place.
    await page.locator('[data-tile=process]').waitFor();
    const aside = page.locator('aside').first();
    const logoTop = async () => (await aside.getByRole('link').first().boundingBox())!.y;
    const before = await logoTop();
    await page.mouse.move(800, 600);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(await logoTop()).toBeCloseTo(before, 0);
    await close();
  });
});
