import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, PHONE, seriousViolations, shot, signIn } from './browser';
import { downloadBy } from './downloads';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';

/** Straight from the API, to compute what the screens should show. */
async function apiGet<T>(server: RunningServer, path: string, tenant?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    headers: {
      Authorization: `Bearer ${await accessToken(server.url, ADMIN)}`,
      'Accept-Language': 'de',
      ...(tenant ? { 'X-Tenant': tenant } : {}),
    },
  });
  return (await res.json()) as T;
}

/**
 * The radar shows one company: runs `fn` with the bakery as the admin's stored
 * scope and its statistics, and clears the scope again.
 */
async function inBakeryScope(server: RunningServer, fn: (stats: { itemType: string; closedPercent: number }[]) => Promise<void>) {
  const companies = await apiGet<{ id: string; name: string }[]>(server, '/company/list-items');
  const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!;
  const setScope = async (companyId: string | null) =>
    fetch(`${server.url}/api/user/scope`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${await accessToken(server.url, ADMIN)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyId }),
    });
  expect((await setScope(bakery.id)).status).toBe(200);
  try {
    await fn(await apiGet(server, '/item/statistics', bakery.id));
  } finally {
    await setScope(null);
  }
}

async function loginToDashboard(page: Page, server: RunningServer) {
  await signIn(page, server.url, ADMIN);
  try {
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
  } catch (error) {
    await shot(page, 'dashboard-login-failure');
    throw error;
  }
  await page.locator('[data-tile=process]').waitFor();
}

describe('the dashboard side', () => {
  // The operator's legal documents and the browser warning are configuration.
  const legalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-legal-'));
  fs.writeFileSync(path.join(legalDir, 'imprint.de.md'), '# Angaben gemäß § 5 DDG\n\nMusterbetrieb GmbH\nMusterweg 1');
  fs.writeFileSync(path.join(legalDir, 'privacy-statement.de.md'), '# Datenschutzerklärung\n\nWir verarbeiten …');
  fs.writeFileSync(path.join(legalDir, 'privacy-statement.en.md'), '# Privacy statement\n\nWe process …');
  const app = withServerAndBrowser({
    env: { LEGAL_DIR: legalDir, BROWSER_WARNING: 'true', WEBCAST_URL: 'https://webcast.example/live' },
  });
  afterAll(() => fs.rmSync(legalDir, { recursive: true, force: true }));

  it('shows the tiles, hides one after confirmation and brings it back via the options menu', async () => {
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    for (const key of ['process', 'training', 'ServiceAgreement', 'Issue', 'Timeline', 'changeLog', 'TimeRecord']) {
      await expect.poll(() => page.locator(`[data-tile="${key}"]`).count()).toBe(1);
    }
    // The time tile shows this month's figures of the server's time comparison (the demo's records).
    const month = await apiGet<{ bookedTime: number; plannedTime: number }>(app.server, '/time-comparison/this-month');
    const h = (v: number) =>
      `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)} h`;
    await expect
      .poll(() => page.locator('[data-tile=TimeRecord] [data-testid=time-tile-booked]').innerText())
      .toBe(h(month.bookedTime));
    expect(await page.locator('[data-tile=TimeRecord] [data-testid=time-tile-planned]').innerText()).toBe(h(month.plannedTime));
    expect(await page.locator('[data-tile=TimeRecord] a').getAttribute('href')).toBe('/time-comparison');
    await page.locator('[data-tile=Timeline] li').first().waitFor();
    await page.locator('[data-tile=Issue] tbody tr').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-home-desktop');

    // Hide with confirmation.
    await page.getByRole('button', { name: 'Kachel „Letzte Aktivitäten“ ausblenden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kachel ausblenden?' });
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(640);
    await dialog.getByRole('button', { name: 'Ausblenden' }).click();
    await expect.poll(() => page.locator('[data-tile=Timeline]').count()).toBe(0);
    await page.reload();
    await page.locator('[data-tile=process]').waitFor();
    expect(await page.locator('[data-tile=Timeline]').count()).toBe(0);

    // Back via the options menu, stored on the server. Its entries are named checkbox menu items
    // with no control nested inside them.
    await page.getByRole('button', { name: 'Kacheln' }).click();
    const menu = page.getByRole('menu', { name: 'Kacheln' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Letzte Aktivitäten', checked: false }).count()).toBe(1);
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Verarbeitungstätigkeiten', checked: true }).count()).toBe(1);
    expect(await menu.locator('[role=menuitemcheckbox] :is(input, button, a, [tabindex])').count()).toBe(0);
    expect(await seriousViolations(page, { include: '.MuiMenu-root' })).toEqual([]);
    await shot(page, 'dashboard-tiles-menu-desktop');
    await page.getByRole('menuitemcheckbox', { name: 'Letzte Aktivitäten' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-tile=Timeline]').count()).toBe(1);
    await page.reload();
    await page.locator('[data-tile=process]').waitFor();
    expect(await page.locator('[data-tile=Timeline]').count()).toBe(1);

    // A progress tile leads to its list.
    await page.locator('[data-tile=process] a').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/process');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows on each register tile the trend of open and overdue items over 12 weeks, with its numbers in words', async () => {
    const trend = await apiGet<{ itemType: string; weeks: { day: string; open: number; overdue: number }[] }[]>(
      app.server,
      '/item/trend',
    );
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    for (const key of ['process', 'training']) {
      const weeks = trend.find((x) => x.itemType === key)!.weeks;
      expect(weeks).toHaveLength(12);
      const [y, m, d] = weeks[0]!.day.split('-');
      const tile = page.locator(`[data-tile="${key}"]`);
      // The line chart is drawn (two lines) and its text says what it shows.
      await expect.poll(() => tile.locator('[data-trend] svg path').count()).toBe(3);
      expect(await tile.locator('[data-trend-text]').innerText()).toBe(
        `Seit ${d}.${m}.${y}: offen ${weeks[0]!.open} → ${weeks[11]!.open}, überfällig ${weeks[0]!.overdue} → ${weeks[11]!.overdue}`,
      );
    }
    // The last point is today's state: the tile's own open count.
    const stats = await apiGet<{ itemType: string; open: number; red: number }[]>(app.server, '/item/statistics');
    const process = stats.find((s) => s.itemType === 'process')!;
    expect(trend.find((x) => x.itemType === 'process')!.weeks[11]).toMatchObject({ open: process.open, overdue: process.red });
    await page.locator('[data-tile=process]').scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-trend-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  it('names every link while a tile is still loading', async () => {
    // A tile whose link held only a skeleton had no accessible name until its data came (a
    // browser test saw it when the PDCA figures answered late): hold them back and look.
    const { page, errors, close } = await app.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/pdca-list/progress', async (route) => {
      await held;
      await route.continue();
    });
    await loginToDashboard(page, app.server);
    const tile = page.locator('[data-tile=PdcaCycle]');
    await tile.locator('.MuiSkeleton-root').waitFor();
    expect(await seriousViolations(page, { include: '[data-tile=PdcaCycle]' })).toEqual([]);
    expect(await tile.locator('a').count()).toBe(0);
    release();
    await expect.poll(() => tile.locator('a').getAttribute('href')).toBe('/pdca-list');
    expect(await seriousViolations(page, { include: '[data-tile=PdcaCycle]' })).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right on a phone', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    await loginToDashboard(page, app.server);
    await shot(page, 'dashboard-home-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Kacheln' }).click();
    await page.getByRole('menu', { name: 'Kacheln' }).waitFor();
    await shot(page, 'dashboard-tiles-menu-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    // The due-issues tile shows every column it keeps without scrolling, from a phone to a wide
    // screen (its columns follow the tile's width); on a phone the due date sits under the name.
    const tile = page.locator('[data-tile=Issue]');
    await tile.locator('tbody tr').first().waitFor();
    const overflow = () => tile.locator('table').evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    for (const w of [PHONE.width, 820, 1440, 1920]) {
      await page.setViewportSize({ width: w, height: PHONE.height });
      await expect.poll(overflow, { message: `due-issues tile at ${w} px` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(PHONE);
    await expect
      .poll(() =>
        tile
          .locator('tbody tr')
          .first()
          .getByText(/^fällig am \d\d\.\d\d\.\d{4}$/)
          .isVisible(),
      )
      .toBe(true);
    // Across all companies numbers repeat (each company counts its own), and a phone has no room
    // for the company column: each row names its company under the name instead.
    const due = await apiGet<{ number: string; companyName: string }[]>(app.server, '/issue/due');
    expect(new Set(due.map((i) => i.companyName)).size).toBeGreaterThan(1);
    const rows = tile.locator('tbody tr');
    for (let i = 0; i < Math.min(due.length, 5); i++) {
      await expect.poll(() => rows.nth(i).locator('[data-company]').isVisible()).toBe(true);
      expect(await rows.nth(i).locator('[data-company]').textContent()).toBe(due[i]!.companyName);
    }
    await tile.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-due-issues-phone');
    // Where the tile has room for the column, the line under the name goes.
    await page.setViewportSize({ width: 1440, height: PHONE.height });
    await expect.poll(() => rows.first().locator('[data-company]').isVisible()).toBe(false);
    await page.setViewportSize(PHONE);
    await page.goto(`${app.server.url}/calendar`);
    await page.getByRole('heading', { name: 'Kalender', level: 1 }).waitFor();
    await page.locator('[data-day]').first().waitFor();
    await shot(page, 'calendar-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await close();
  });

  it('names no company under a due issue when the scope is one company', () =>
    inBakeryScope(app.server, async () => {
      const { page, errors, close } = await app.newPage(PHONE);
      await loginToDashboard(page, app.server);
      const rows = page.locator('[data-tile=Issue] tbody tr');
      await rows.first().waitFor();
      expect(
        await rows
          .first()
          .getByText(/^fällig am /)
          .isVisible(),
      ).toBe(true);
      expect(await page.locator('[data-tile=Issue] [data-company]').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }));

  it('draws the radar with one active segment per ten progress points', () =>
    inBakeryScope(app.server, async (stats) => {
      const { page, errors, close } = await app.newPage();
      await loginToDashboard(page, app.server);
      const radar = page.locator('[data-radar=svg]');
      await radar.waitFor();
      for (const key of ['process', 'measure', 'service-agreement-with-provider']) {
        const progress = stats.find((s) => s.itemType === key)!.closedPercent;
        const expected = Math.min(10, Math.floor(progress / 10));
        const category = radar.locator(`[data-category="${key}"]`);
        expect(await category.locator('path[data-step]').count()).toBe(10);
        expect(await category.locator('path[data-active=true]').count()).toBe(expected);
        expect(await category.getAttribute('data-active-steps')).toBe(String(expected));
      }
      expect(await radar.getByText('PRO', { exact: true }).count()).toBe(1);
      // The previous quarter: a dark mark per register that had items then, at its share then,
      // named in the link's label (without items then: no mark, the plain label).
      const companies = await apiGet<{ id: string; name: string }[]>(app.server, '/company/list-items');
      const previous = await apiGet<{ until: string; types: { itemType: string; total: number; closedPercent: number }[] }>(
        app.server,
        '/item/previous-quarter',
        companies.find((c) => c.name === 'Bäckerei Schmidt')!.id,
      );
      const [py, pm, pd] = previous.until.split('-');
      const then = previous.types.find((x) => x.itemType === 'process')!;
      const processNow = Math.round(stats.find((s) => s.itemType === 'process')!.closedPercent);
      const mark = radar.locator('[data-category=process] path[data-previous]');
      await radar.locator('[data-category=process] path[data-step]').first().waitFor();
      expect(await mark.count()).toBe(then.total > 0 ? 1 : 0);
      expect(await radar.locator('[data-category=process]').getAttribute('aria-label')).toBe(
        then.total > 0
          ? `PRO – Verarbeitungstätigkeiten: ${processNow} % erledigt (am ${pd}.${pm}.${py}: ${Math.round(then.closedPercent)} %)`
          : `PRO – Verarbeitungstätigkeiten: ${processNow} % erledigt`,
      );
      await radar.locator('[data-category=process]').hover();
      await page.getByRole('tooltip').filter({ hasText: 'Verarbeitungstätigkeiten' }).waitFor();
      await page
        .locator('[data-slot=privacy-status]')
        .screenshot({ path: `${process.cwd()}/../../screenshots/radar-desktop.png` });
      await radar.locator('[data-category=measure]').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/measure');
      await radar.locator('[data-radar-centre]').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
      expect(errors).toEqual([]);
      await close();
    }));

  it('draws the radar without a scope from every visible company, as the tiles, and labels the environment', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const { page, errors, close } = await app.newPage(size);
      await loginToDashboard(page, app.server);
      if (size === PHONE) await page.getByRole('button', { name: /Menü/ }).first().click();
      await page.locator('[data-radar=svg]').waitFor();
      expect(await page.locator('[data-radar=prompt]').count()).toBe(0);
      // Every page's sidebar names the installation outside Production (the e2e server runs as Test).
      await expect.poll(() => page.locator('[data-environment=Test]').filter({ visible: true }).count()).toBe(1);
      await shot(page, `radar-without-scope-${size === PHONE ? 'phone' : 'desktop'}`);
      expect(errors).toEqual([]);
      await close();
    }
  });
  it('searches "Lohn" with the keyboard and opens the result', async () => {
    const expected = await apiGet<
      { id: string; type: string; name: string; parentType: string | null; parentId: string | null }[]
    >(app.server, `/searchable-item/search/${encodeURIComponent('Lohn')}`);
    expect(expected.length).toBeGreaterThan(0);
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    const input = page.getByRole('combobox', { name: 'Suchen' });
    // No longer than the server takes (a longer query was answered with an error).
    expect(await input.getAttribute('maxlength')).toBe('200');
    await input.fill('Lohn');
    const panel = page.locator('[data-search-panel]');
    await panel.getByRole('option').first().waitFor();
    expect(await panel.getByRole('option').count()).toBe(expected.length);
    expect(Math.round((await panel.boundingBox())!.width)).toBe(500);
    await panel.getByText(expected[0]!.name, { exact: true }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'search-dropdown-desktop');
    await input.press('ArrowDown');
    expect(await panel.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    const first = expected[0]!;
    const id = first.type === 'document' ? first.parentId : first.id;
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`/${id}$`));
    await expect.poll(() => panel.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('collapses the search to an icon on a phone', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    await loginToDashboard(page, app.server);
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    const input = page.getByRole('combobox', { name: 'Suchen' });
    await input.fill('Lohn');
    await page.locator('[data-search-panel] [role=option]').first().waitFor();
    await shot(page, 'search-dropdown-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await input.press('Escape');
    await input.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Suche öffnen' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
  it('opens help with F1 and pages through it', async () => {
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    const button = page.getByRole('button', { name: 'Hilfe', exact: true });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.keyboard.press('F1');
    const dialog = page.getByRole('dialog', { name: 'Hilfe' });
    await dialog.waitFor();
    await dialog.locator('[data-help-index="0"]').waitFor();
    expect(await dialog.getByRole('heading', { name: 'Dashboard' }).count()).toBe(1);
    expect(await dialog.getByText('Seite 1 von 2').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Vorherige Seite' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'help-dialog-desktop');
    await dialog.getByRole('button', { name: 'Nächste Seite' }).click();
    await dialog.locator('[data-help-index="1"]').waitFor();
    expect(await dialog.getByRole('button', { name: 'Nächste Seite' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Zu Seite 1' }).click();
    await dialog.locator('[data-help-index="0"]').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // A page without help: the button is disabled and F1 does nothing.
    await page.goto(`${app.server.url}/training`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => button.isDisabled()).toBe(true);
    await page.keyboard.press('F1');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the help dialog on a phone', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    await loginToDashboard(page, app.server);
    await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
    await page.getByRole('dialog', { name: 'Hilfe' }).locator('[data-help-index="0"]').waitFor();
    await shot(page, 'help-dialog-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it('lists the change log with dates in the current language', async () => {
    const log = await apiGet<{ version: string; date: string; notes: { de: string[] } }[]>(app.server, '/change-log');
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    await page.locator('[data-tile=changeLog] a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/change-log');
    await page.getByRole('heading', { name: 'Änderungsprotokoll', level: 1 }).waitFor();
    const first = log[0]!;
    const card = page.locator(`[data-version="${first.version}"]`);
    await card.waitFor();
    const [y, m, d] = first.date.slice(0, 10).split('-');
    expect(await card.getByText(`${d}.${m}.${y}`).count()).toBe(1);
    expect(await card.getByText(first.notes.de[0]!, { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-version]').count()).toBe(log.length);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'change-log-desktop');
    expect(errors).toEqual([]);
    await close();
  });
  it('creates, edits and deletes an appointment in the calendar', async () => {
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    await page.getByRole('button', { name: /^Kalender/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calendar');
    await page.getByRole('heading', { name: 'Kalender', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neuer Termin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
    await dialog.getByLabel('Titel').fill('Datenschutz-Jour-fixe');
    await dialog.getByLabel('Teilnehmende').fill('Anna Admin');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const entry = page.locator('[data-appointment="Datenschutz-Jour-fixe"]');
    await entry.waitFor();
    await shot(page, 'calendar-desktop');
    // The shared success snackbar (green, white text) fails contrast on its own; check the page without it.
    await expect.poll(() => page.locator('#notistack-snackbar').count(), { timeout: 10_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The week view shows the same appointment (created for today) in its week.
    await page.getByRole('button', { name: 'Woche', exact: true }).click();
    await page.getByRole('heading', { name: /^KW \d+ · / }).waitFor();
    await expect.poll(() => page.locator('[data-day]').count()).toBe(7);
    await entry.waitFor();
    await shot(page, 'calendar-week-desktop');
    await page.getByRole('button', { name: 'Nächste Woche' }).click();
    await expect.poll(() => entry.count()).toBe(0);
    await page.getByRole('button', { name: 'Heute' }).click();
    await entry.waitFor();
    await page.getByRole('button', { name: 'Monat', exact: true }).click();
    await expect.poll(() => page.locator('[data-day]').count()).toBeGreaterThanOrEqual(28);
    await entry.click();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
    await edit.getByLabel('Titel').fill('Jour fixe Datenschutz');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('[data-appointment="Jour fixe Datenschutz"]').waitFor();

    // The same appointment in the list (/appointment): this week, found by text, exported, opened.
    await page.goto(`${app.server.url}/appointment`);
    await page.getByRole('heading', { name: 'Termine', level: 1 }).waitFor();
    const listed = page.locator('.MuiDataGrid-row', { hasText: 'Jour fixe Datenschutz' });
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Anna Admin');
    await page.getByLabel('Titel oder Teilnehmende').fill('kein solcher Termin');
    await page.getByText('Im gewählten Zeitraum gibt es keine passenden Termine.').waitFor();
    await page.getByLabel('Titel oder Teilnehmende').fill('fixe');
    await listed.waitFor();
    // The view lives in the URL: a reload keeps the search; a cleared range stays cleared (every
    // date, not the week the list opens with).
    await page.waitForURL(/q=fixe/);
    await page.getByRole('button', { name: 'Zeitraum aufheben' }).click();
    await page.waitForURL(/from=/);
    await page.reload();
    await listed.waitFor();
    expect(await page.getByLabel('Titel oder Teilnehmende').inputValue()).toBe('fixe');
    expect(await page.getByRole('button', { name: 'Zeitraum aufheben' }).isDisabled()).toBe(true);
    await shot(page, 'appointment-list-desktop');
    const xlsx = await downloadBy(page, page.getByRole('button', { name: 'Excel-Export' }));
    expect(xlsx.suggestedFilename()).toBe('DataGrid.xlsx');
    await listed.click();
    await page.getByRole('dialog', { name: 'Termin bearbeiten' }).getByRole('button', { name: 'Abbrechen' }).click();
    // The list's own way back (a link); the top bar's calendar button is named after its upcoming appointments.
    await page.getByRole('link', { name: 'Kalender', exact: true }).click();
    await page.getByRole('heading', { name: 'Kalender', level: 1 }).waitFor();

    await page.locator('[data-appointment="Jour fixe Datenschutz"]').click();
    await page.getByRole('dialog', { name: 'Termin bearbeiten' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Termin löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await expect.poll(() => page.locator('[data-appointment]').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();

    const phone = await app.newPage(PHONE);
    await signIn(phone.page, app.server.url, ADMIN, { to: '/calendar' });
    await phone.page.getByRole('button', { name: 'Woche', exact: true }).click();
    await phone.page.getByRole('heading', { name: /^KW \d+ · / }).waitFor();
    // Demo items fall due every day around today.
    await phone.page.locator('li[data-day]').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone.page, 'calendar-week-phone');
    expect(phone.errors).toEqual([]);
    await phone.close();
  });
  it('lists the three kinds of service agreement in one list and opens each on its own route', async () => {
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    await page.goto(`${app.server.url}/service-agreement`);
    await page.getByRole('heading', { name: 'Auftragsverarbeitung', level: 1 }).waitFor();
    const rows = page.locator('.MuiDataGrid-row');
    await rows.first().waitFor();
    const kinds = await page.locator('.MuiDataGrid-row [data-field="kind"]').allInnerTexts();
    expect(new Set(kinds)).toEqual(
      new Set(['AV-Vertrag mit Kunde', 'AV-Vertrag mit Dienstleister', 'Vereinbarung zur gemeinsamen Verantwortung']),
    );
    await page.getByRole('combobox', { name: 'Art der Vereinbarung' }).click();
    await page.getByRole('option', { name: 'AV-Vertrag mit Dienstleister' }).click();
    await expect
      .poll(async () => new Set(await page.locator('.MuiDataGrid-row [data-field="kind"]').allInnerTexts()))
      .toEqual(new Set(['AV-Vertrag mit Dienstleister']));
    await rows.first().locator('[data-field="name"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/service-agreement-with-provider\/[0-9a-f-]{36}$/);
    // The generic detail route finds the agreement whatever its kind.
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${app.server.url}/service-agreement/${id}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/service-agreement-with-provider/${id}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('lists documents of the chosen company and downloads one', async () => {
    const found = await apiGet<{ id: string; type: string; companyName: string }[]>(
      app.server,
      `/searchable-item/search/${encodeURIComponent('Lohn')}`,
    );
    const target = found.find((f) => f.type === 'process' && f.companyName === 'Bäckerei Schmidt')!;
    const form = new FormData();
    form.append('file', new Blob(['Lohnliste 2026'], { type: 'text/plain' }), 'lohnliste.txt');
    const upload = await fetch(`${app.server.url}/api/process/${target.id}/attachment`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken(app.server.url, ADMIN)}` },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);

    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    const documents = page.getByRole('button', { name: 'Dokumente', exact: true });
    expect(await documents.isDisabled()).toBe(true);
    // A scope change clears the search query and its results.
    const search = page.getByRole('combobox', { name: 'Suchen' });
    await search.fill('Lohn');
    await page.locator('[data-search-panel] [role=option]').first().waitFor();
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await dialog.getByLabel('Unternehmen suchen').fill('Bäckerei');
    await dialog.getByRole('button', { name: /^Bäckerei Schmidt/ }).click();
    await expect.poll(() => documents.isEnabled()).toBe(true);
    expect(await search.inputValue()).toBe('');
    expect(await page.locator('[data-search-panel]').count()).toBe(0);
    await documents.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/documents');
    const row = page.locator('[data-document="lohnliste.txt"]');
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'Lohn- und Gehaltsabrechnung' }).count()).toBe(1);
    await expect.poll(() => page.locator('#notistack-snackbar').count(), { timeout: 10_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'documents-desktop');
    const download = await downloadBy(page, row.getByRole('button', { name: 'lohnliste.txt herunterladen' }));
    expect(download.suggestedFilename()).toBe('lohnliste.txt');

    // The shareable download page: downloads at once, or shows the server's reason.
    const { id } = (await upload.json()) as { id: string };
    const [again] = await Promise.all([page.waitForEvent('download'), page.goto(`${app.server.url}/download/${id}`)]);
    expect(again.suggestedFilename()).toBe('lohnliste.txt');
    await page.getByText('Der Download von „lohnliste.txt“ wurde gestartet.').waitFor();
    await shot(page, 'download-page-desktop');
    await page.goto(`${app.server.url}/download/00000000-0000-4000-8000-000000000000`);
    await page
      .getByRole('alert')
      .getByText(/^Dieser Eintrag wurde nicht gefunden\./)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('asks before forwarding to the webcast and opens it in a new window', async () => {
    const { page, errors, close } = await app.newPage();
    await page
      .context()
      .route('https://webcast.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Webcast</title>' }),
      );
    await loginToDashboard(page, app.server);
    await page.getByRole('button', { name: 'Webcast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zum Webcast' });
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(800);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Webcast' }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Weiter' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://webcast.example/live');
    expect(errors).toEqual([]);
    await close();
  });
  it('falls back to a 200 px bar chart without SVG support', () =>
    inBakeryScope(app.server, async (stats) => {
      const { page, errors, close } = await app.newPage();
      const oldBrowser = await page.addInitScript(() => {
        // An old browser: no SVG DOM interfaces.
        Reflect.deleteProperty(window, 'SVGElement');
      });
      await loginToDashboard(page, app.server);
      const bars = page.locator('[data-radar=bars]');
      await bars.waitFor();
      const box = (await bars.locator('> div').first().boundingBox())!;
      expect(Math.round(box.height)).toBe(200);
      const measure = stats.find((s) => s.itemType === 'measure')!.closedPercent;
      const bar = (await bars.locator('[data-category=measure]').boundingBox())!;
      expect(Math.abs(bar.height - (200 * measure) / 100)).toBeLessThan(3);
      await page
        .locator('[data-slot=privacy-status]')
        .screenshot({ path: `${process.cwd()}/../../screenshots/radar-bars-desktop.png` });
      await bars.locator('[data-category=measure]').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/measure');
      expect(errors).toEqual([]);
      // The page serves the next test, in a browser with SVG.
      await oldBrowser.dispose();
      await close();
    }));

  it("shows the operator's legal documents from the login page and the sidebar", async () => {
    const { page, errors, close } = await app.newPage();
    await page.goto(`${app.server.url}/login`);
    const legal = page.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    await legal.getByRole('button', { name: 'Impressum' }).click();
    const imprint = page.getByRole('dialog', { name: 'Impressum' });
    await imprint.getByRole('heading', { name: 'Angaben gemäß § 5 DDG' }).waitFor();
    const box = (await imprint.locator('.MuiDialog-paper').or(imprint).first().boundingBox())!;
    expect(Math.round(box.width)).toBe(800);
    expect(Math.round(box.height)).toBe(600);
    expect(Math.round((await page.getByTestId('legal-document').boundingBox())!.height)).toBe(430);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'legal-imprint-desktop');
    await imprint.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => imprint.count()).toBe(0);

    // No file and no published version: said plainly.
    await legal.getByRole('button', { name: 'Nutzungsbedingungen' }).click();
    await page.getByText('Dieses Dokument hat der Betreiber dieser Installation nicht hinterlegt.').waitFor();
    await page.keyboard.press('Escape');

    await loginToDashboard(page, app.server);
    await page.getByRole('button', { name: 'Datenschutzerklärung' }).first().click();
    await page.getByRole('dialog', { name: 'Datenschutzerklärung' }).getByText('Wir verarbeiten …').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('warns about Internet Explorer when configured', async () => {
    const { page, errors, close } = await app.newPage();
    await loginToDashboard(page, app.server);
    await page.getByText('Der Internet Explorer wird nicht unterstützt.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the DPO of a responsible party; an editor changes them by clicking', async () => {
    const companies = await apiGet<{ id: string; name: string }[]>(app.server, '/company/list-items');
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!;
    const setScope = (companyId: string | null) =>
      accessToken(app.server.url, ADMIN).then((t) =>
        fetch(`${app.server.url}/api/user/scope`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ companyId }),
        }),
      );
    expect((await setScope(bakery.id)).status).toBe(200);
    try {
      // The phone only looks; the desktop then changes the DPO.
      for (const size of [PHONE, DESKTOP]) {
        const { page, errors, close } = await app.newPage(size);
        await signIn(page, app.server.url, ADMIN);
        const tile = page.locator('[data-tile=myDpo]');
        await tile.getByText('Anna Admin').waitFor();
        await tile.getByText('dsb@muster-datenschutz.example').waitFor();
        if (size === PHONE) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
          await shot(page, 'dashboard-my-dpo-phone');
          await close();
          continue;
        }
        // Named by what it shows, as speech input users say it: the DPO, then "Zum Ändern klicken".
        await tile.getByRole('button', { name: /^Anna Admin\b.*dsb@muster-datenschutz\.example.*Zum Ändern klicken$/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Datenschutzbeauftragter von Bäckerei Schmidt' });
        await dialog.getByLabel('E-Mail').fill('kein-mail');
        await dialog.getByRole('button', { name: 'Speichern' }).click();
        await dialog.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
        await dialog.getByLabel('E-Mail').fill('berta.berater@muster-datenschutz.example');
        await dialog.getByLabel('Vorname').fill('Berta');
        await dialog.getByLabel('Nachname').fill('Berater');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'dashboard-my-dpo-dialog-desktop');
        await dialog.getByRole('button', { name: 'Speichern' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        await tile.getByText('Berta Berater').waitFor();
        const saved = await apiGet<{ dataPrivacyAgentEmailAddress: string; name: string }>(app.server, `/company/${bakery.id}`);
        expect(saved).toMatchObject({
          name: 'Bäckerei Schmidt',
          dataPrivacyAgentEmailAddress: 'berta.berater@muster-datenschutz.example',
        });
        await shot(page, 'dashboard-my-dpo-desktop');
        expect(errors).toEqual([]);
        await close();
      }
    } finally {
      await setScope(null);
    }
  });
});
