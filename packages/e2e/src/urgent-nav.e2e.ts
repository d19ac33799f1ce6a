import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, PHONE, seriousViolations, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';

const ADMIN = 'admin@demo.local';

/**
 * Finding what is urgent: the time-critical registers first in the menu with their badges, a
 * search by item number, a new company's checklist instead of empty tiles, and status colours
 * that are red only when something is overdue.
 */
describe('finding what is urgent', () => {
  const app = withServerAndBrowser();
  let token: string;
  let bakery: string;

  const api = async (method: string, path: string, body?: unknown, tenant?: string) => {
    const res = await fetch(`${app.server.url}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(tenant ? { 'X-Tenant': tenant } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const setScope = (companyId: string | null) => api('PUT', '/user/scope', { companyId }, companyId ?? undefined);
  const newCompany = async (name: string) => ((await api('POST', '/company', { name })) as { id: string }).id;

  /** The wizard greets a company that has not been set up yet; these tests look past it. */
  async function pastWelcome(page: Page) {
    const later = page.getByRole('button', { name: 'Nicht jetzt' });
    await later.waitFor({ timeout: 5_000 }).then(
      () => later.click(),
      () => undefined,
    );
  }

  beforeAll(async () => {
    token = await accessToken(app.server.url, ADMIN);
    const companies = (await api('GET', '/company/list-items')) as { id: string; name: string }[];
    bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
    // A breach discovered 60 hours ago: 12 hours left to tell the authority.
    await api(
      'POST',
      '/data-breach',
      { name: 'Fehlversand Lohnabrechnungen', data: { discoveredAt: new Date(Date.now() - 60 * 3_600_000).toISOString() } },
      bakery,
    );
  }, 120_000);

  /** Each urgent entry lies inside the window and the menu is not scrolled to show it. */
  async function expectUrgentInView(page: Page, height: number) {
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    for (const label of ['Aufgaben', 'Datenpannen', 'Betroffenenanfragen']) {
      const link = nav.getByRole('link', { name: new RegExp(`^${label}( |$)`) });
      await link.waitFor();
      const box = (await link.boundingBox())!;
      expect(box.y, label).toBeGreaterThan(0);
      expect(box.y + box.height, label).toBeLessThanOrEqual(height);
    }
    expect(await nav.evaluate((el) => el.parentElement!.scrollTop)).toBe(0);
  }

  it('shows data breaches and privacy requests first, with badges, at 1440×900 and 390×844', { timeout: 120_000 }, async () => {
    await setScope(bakery);
    const desktop = await app.newPage();
    await signIn(desktop.page, app.server.url, ADMIN);
    await desktop.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectUrgentInView(desktop.page, DESKTOP.height);
    const nav = desktop.page.getByRole('navigation', { name: 'Hauptmenü' });
    // The breach: open ones and, in red, the one due within 24 hours; read after the label.
    const breaches = nav.getByRole('link', { name: /^Datenpannen / });
    await expect.poll(() => breaches.getAttribute('href')).toBe('/data-breach');
    await expect.poll(async () => (await breaches.textContent()) ?? '').toMatch(/offen, 1 innerhalb von 24 Stunden fällig/);
    await breaches.locator('[data-badge=urgent]').waitFor();
    // Every section, opened in turn, fits beside the first group without scrolling the menu.
    const scroller = nav.locator('xpath=..');
    for (const section of ['Register', 'Verträge', 'Organisation', 'Auswertung']) {
      const button = nav.getByRole('button', { name: section });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      const fits = await scroller.evaluate((el) => el.scrollHeight <= el.clientHeight);
      expect(fits, section).toBe(true);
    }
    // The time screens and questionnaires are entries of their sections.
    await nav.getByRole('link', { name: 'Zeiterfassung' }).waitFor();
    expect(await seriousViolations(desktop.page)).toEqual([]);
    await shot(desktop.page, 'urgent-nav-desktop');
    await desktop.close();

    const phone = await app.newPage(PHONE);
    await signIn(phone.page, app.server.url, ADMIN);
    await phone.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await phone.page.getByRole('button', { name: 'Menü einblenden' }).click();
    await expectUrgentInView(phone.page, PHONE.height);
    await shot(phone.page, 'urgent-nav-phone');
    await phone.close();
  });

  it('finds the items of a number in every register, and AUF-0005 first for "AUF 5"', { timeout: 120_000 }, async () => {
    const shop = await newCompany('Nummernprobe GmbH');
    for (let i = 1; i <= 5; i++) {
      await api('POST', '/issue', { name: `Aufgabe Nummer ${i}`, data: { priority: 'Low' } }, shop);
      await api('POST', '/process', { name: `Tätigkeit Nummer ${i}`, data: { role: 'controller' } }, shop);
    }
    await setScope(shop);
    const { page, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/issues' });
    await pastWelcome(page);
    const input = page.getByRole('combobox', { name: 'Suchen' });
    const results = page.getByRole('option');
    const numbers = () => results.evaluateAll((os) => os.map((o) => o.getAttribute('data-result')));
    await input.fill('5');
    await expect.poll(async () => (await numbers()).slice(0, 2).sort()).toEqual(['AUF-0005', 'VT-0005']);
    await shot(page, 'urgent-search-number');
    await input.fill('0005');
    await expect.poll(async () => (await numbers()).slice(0, 2).sort()).toEqual(['AUF-0005', 'VT-0005']);
    // Emptied first, so that the previous answer cannot pass for this one.
    await input.fill('');
    await expect.poll(() => results.count()).toBe(0);
    await input.fill('AUF 5');
    // The issue first; "Tätigkeit Nummer 5" may follow as a match of the text "5", never before it.
    await expect
      .poll(async () => {
        const n = await numbers();
        return { first: n[0], processAfter: !n.includes('VT-0005') || n.indexOf('VT-0005') > 0 };
      })
      .toEqual({ first: 'AUF-0005', processAfter: true });
    await close();
  });

  it("shows a new company's checklist instead of empty tiles, and a new item's status is not red", {
    timeout: 120_000,
  }, async () => {
    const fresh = await newCompany('Neukunde Radsport GmbH');
    await setScope(fresh);
    const { page, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN);
    await pastWelcome(page);
    const checklist = page.locator('[data-tile=checklist]');
    await checklist.waitFor();
    await expect.poll(() => checklist.getByTestId('checklist-progress').textContent()).toBe('0 von 6 erledigt');
    expect(await checklist.locator('[data-step]').count()).toBe(6);
    // No register tile at "0 %" while the checklist leads.
    await page.locator('[data-tile=Timeline]').waitFor();
    expect(await page.locator('[data-tile=process]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'urgent-checklist-desktop');

    // The first activity ticks its step off.
    const created = (await api('POST', '/process', { name: 'Kundenverwaltung', data: { role: 'controller' } }, fresh)) as {
      id: string;
    };
    await page.reload();
    await pastWelcome(page);
    await expect.poll(() => checklist.getByTestId('checklist-progress').textContent()).toBe('1 von 6 erledigt');
    await expect.poll(() => checklist.locator('[data-step=activities]').getAttribute('data-done')).toBe('true');

    // Hidden, it stays hidden; the tiles menu brings it back.
    await checklist.getByRole('button', { name: 'Checkliste ausblenden' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Kacheln' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Erste Schritte' }).click();
    await checklist.waitFor();

    // A freshly created, healthy item is not red.
    await page.goto(`${app.server.url}/process/${created.id}`);
    const chip = page.locator('[data-status-colour]').first();
    await chip.waitFor();
    expect(await chip.getAttribute('data-status-colour')).toBe('grey');
    await close();

    const phone = await app.newPage(PHONE);
    await signIn(phone.page, app.server.url, ADMIN);
    await pastWelcome(phone.page);
    await phone.page.locator('[data-tile=checklist]').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone.page, 'urgent-checklist-phone');
    await phone.close();
  });

  it('fits the item header and /documents on a phone without sideways scrolling, actions in reach', {
    timeout: 120_000,
  }, async () => {
    await setScope(bakery);
    const issue = (await api(
      'POST',
      '/issue',
      { name: 'Verzeichnis der Verarbeitungstätigkeiten für alle Filialen aktualisieren', data: { priority: 'High' } },
      bakery,
    )) as { id: string };
    const { page, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, ADMIN, { to: `/issues/${issue.id}` });
    const remove = page.getByRole('button', { name: 'Löschen' });
    await remove.waitFor();
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'urgent-issue-phone');
    await page.goto(`${app.server.url}/documents`);
    await page.getByRole('heading', { name: 'Dokumente' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'urgent-documents-phone');
    await close();
  });
});
