import { itemTypes } from '@pc/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, PHONE, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';

async function toDashboard(page: Page, server: RunningServer) {
  await signIn(page, server.url, ADMIN);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.locator('[data-tile=process]').waitFor();
}

/** The first list request of a register, as the browser sent it and as the server answered. */
function nextListResponse(page: Page, type: string) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${type}` && r.request().method() === 'GET');
}

describe('everyday use', () => {
  const app = withServerAndBrowser();

  it('opens each register from its tile with the items the tile counts', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await toDashboard(page, app.server);
    const tiles = itemTypes.filter((t) => t.key !== 'issue');
    let checked = 0;
    for (const { key, route } of tiles) {
      const tile = page.locator(`[data-tile="${key}"]`);
      if ((await tile.count()) === 0) continue;
      const total = Number(await tile.locator('a p').first().innerText());
      const response = nextListResponse(page, key);
      await tile.locator('a').first().click();
      const res = await response;
      const sent = new URL(res.url()).searchParams;
      expect(sent.get('from'), key).toBeNull();
      expect(sent.get('until'), key).toBeNull();
      expect(sent.get('sort')).toBe('number');
      expect(((await res.json()) as { total: number }).total, key).toBe(total);
      expect(new URL(page.url()).pathname).toBe(route);
      if (total > 0) {
        await page.locator('.MuiDataGrid-row').first().waitFor();
        await page.getByText(new RegExp(`von ${total}$`)).waitFor();
      }
      if (key === 'process') await shot(page, 'everyday-register-unfiltered-desktop');
      checked++;
      await page.goBack();
      await page.locator('[data-tile=process]').waitFor();
    }
    expect(checked).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('queries a date range only for a finished, real date', async () => {
    const { page, errors, close } = await app.newPage();
    await toDashboard(page, app.server);
    const sent: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/process' && url.searchParams.has('from')) sent.push(url.searchParams.get('from')!);
    });
    await page.goto(`${app.server.url}/process`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const field = page.getByRole('group', { name: 'Fällig ab', exact: true });
    const sections = field.getByRole('spinbutton');
    const helper = page.locator('.MuiFormHelperText-root.Mui-error');

    // Day and month only: nothing is sent, nothing is wrong yet.
    await sections.first().click();
    await page.keyboard.type('0101');
    await page.waitForTimeout(700);
    expect(sent).toEqual([]);
    expect(await helper.count()).toBe(0);

    // The year typed at a normal pace: one request, for 2026 only.
    for (const digit of '2026') await page.keyboard.type(digit, { delay: 120 });
    await expect.poll(() => sent).toEqual(['2026-01-01 00:00:00']);
    await page.waitForTimeout(700);
    expect(sent).toEqual(['2026-01-01 00:00:00']);

    // Year 0101 and 31 February are field errors, not queries.
    await sections.nth(2).click();
    await page.keyboard.type('0101');
    await helper.filter({ hasText: 'Bitte geben Sie ein Jahr zwischen 1900 und 2199 ein.' }).waitFor();
    await sections.first().click();
    await page.keyboard.type('31022026');
    await helper.filter({ hasText: 'Dieses Datum gibt es nicht.' }).waitFor();
    await shot(page, 'everyday-date-error-desktop');
    await page.waitForTimeout(500);
    expect(sent).toEqual(['2026-01-01 00:00:00']);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the identity popup 8 px from the right and /terms-of-use without a console 404', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const { page, errors, close } = await app.newPage(size);
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      await toDashboard(page, app.server);
      await page
        .getByRole('button', { name: /Anna Admin|Benutzermenü/ })
        .first()
        .click();
      const popup = page.getByRole('dialog', { name: 'Benutzermenü' });
      await popup.waitFor();
      const box = (await popup.boundingBox())!;
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      expect(Math.round(width - (box.x + box.width))).toBe(8);
      await shot(page, `everyday-identity-${size === PHONE ? 'phone' : 'desktop'}`);
      await page.keyboard.press('Escape');

      await page.goto(`${app.server.url}/terms-of-use`);
      await page.getByText('Es sind noch keine Nutzungsbedingungen veröffentlicht.').waitFor();
      if (size === DESKTOP) await shot(page, 'everyday-terms-none-desktop');
      expect(consoleErrors).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('shows dialogs full-screen on a phone', async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    await toDashboard(page, app.server);
    await page.getByRole('button', { name: /^Unternehmen wählen/ }).click();
    const paper = page.locator('.MuiDialog-paper');
    await paper.waitFor();
    await expect.poll(async () => (await paper.boundingBox())?.width).toBe(PHONE.width);
    const box = (await paper.boundingBox())!;
    expect([box.x, box.y, box.height]).toEqual([0, 0, PHONE.height]);
    await shot(page, 'everyday-dialog-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it("inserts a text module at the cursor of a new item's long text", async () => {
    const token = await accessToken(app.server.url, ADMIN);
    const phrase = 'auf Grundlage von Art. 6 Abs. 1 lit. b DSGVO';
    const created = await fetch(`${app.server.url}/api/text-module`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: phrase }),
    });
    expect(created.status).toBe(201);

    const { page, errors, close } = await app.newPage();
    await toDashboard(page, app.server);
    await page.goto(`${app.server.url}/process/new`);
    const description = page.getByRole('textbox', { name: 'Beschreibung' });
    await description.fill('Die Verarbeitung erfolgt .');
    // The cursor before the full stop, as a person would place it.
    await description.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(25, 25));
    const select = page.getByRole('combobox', { name: 'Textbaustein einfügen' }).first();
    await select.click();
    await page.getByRole('option', { name: phrase }).click();
    await expect.poll(() => description.inputValue()).toBe(`Die Verarbeitung erfolgt ${phrase}.`);
    await shot(page, 'everyday-text-module-desktop');

    // A saved item keeps the select's read-only rule: nothing to insert there.
    await page.goto(`${app.server.url}/process`);
    await page.locator('.MuiDataGrid-row').first().click();
    await page.getByRole('textbox', { name: 'Beschreibung' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Textbaustein einfügen' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
