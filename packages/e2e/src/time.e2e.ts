import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWebBuilt, DESKTOP, launch, login, newPage } from './browser';
import { type RunningServer, startServer } from './server';

/** Downloads what the Excel-Export button gives: its file name, sheet name and rows. */
async function exportXlsx(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel-Export' }).click(),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pc-time-')), 'export.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: download.suggestedFilename(), sheet: sheet.name, rows };
}

/** Time: book on a project, see the sum under the list, find the hours in the time comparison, edit, delete. */
describe('time', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    assertWebBuilt();
    server = await startServer({ LOGIN_RATE_LIMIT: '1000' });
    browser = await launch();
    // A project of the bakery with a plan for this month, created through the API.
    const token = await fetch(`${server.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: 'Demo1234!' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const companies = (await (await fetch(`${server.url}/api/company/list-items`, { headers })).json()) as {
      id: string;
      name: string;
    }[];
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const res = await fetch(`${server.url}/api/project`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        companyId: companies.find((c) => c.name === 'Bäckerei Schmidt')!.id,
        name: 'DSB-Betreuung',
        validFrom: `${now.getFullYear() - 1}-01-01`,
        budgetHours: 10,
        plannedHours: [{ month, hours: 8 }],
      }),
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('books time, shows the sum, finds the hours in the comparison, edits and deletes', { timeout: 180_000 }, async () => {
    const { page, errors, close } = await newPage(browser, DESKTOP);
    await login(page, server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/time-record`);
    await page.getByText('Noch keine Zeiteinträge.').or(page.getByText('Keine Zeiteinträge für diese Auswahl.')).waitFor();
    await page.getByRole('button', { name: 'Zeit buchen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Unternehmen/ }).click();
    await page.getByRole('option', { name: 'Bäckerei Schmidt' }).click();
    await dialog.getByRole('combobox', { name: /Projekt/ }).click();
    await page.getByRole('option', { name: 'DSB-Betreuung' }).click();
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
    await dialog.getByRole('textbox', { name: /Beschreibung/ }).fill('Schulung der Mitarbeitenden');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.MuiDataGrid-row', { hasText: 'Schulung der Mitarbeitenden' }).waitFor();
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 1,5');
    const records = await exportXlsx(page);
    expect(records.name).toBe('DataGrid.xlsx');
    expect(records.rows[0]!.slice(0, 2)).toEqual(['Datum', 'Stunden']);
    expect(records.rows[1]!.slice(1, 6)).toEqual([
      1.5,
      'Anna Admin',
      'Bäckerei Schmidt',
      'DSB-Betreuung',
      'Schulung der Mitarbeitenden',
    ]);

    await page.goto(`${server.url}/time-comparison`);
    const row = page.locator('.MuiDataGrid-row', { hasText: 'Bäckerei Schmidt' });
    await row.waitFor();
    expect(await row.locator('[data-field="bookedTime"]').innerText()).toBe('1,5');
    expect(await row.locator('[data-field="plannedTime"]').innerText()).toBe('8,0');
    const comparison = await exportXlsx(page);
    expect(comparison.name).toBe('DataGrid.xlsx');
    expect(comparison.sheet).toBe('Unternehmen · Alle · Monat');
    const header = comparison.rows[0]!;
    expect(comparison.rows[1]![header.indexOf('Gebucht (h)')]).toBe(1.5);
    expect(comparison.rows[1]![header.indexOf('Geplant (h)')]).toBe(8);
    // Drill-down to the row's records and back to the grid.
    await row.click();
    await page.locator('.MuiDataGrid-row', { hasText: 'Schulung der Mitarbeitenden' }).waitFor();
    await page.getByRole('button', { name: 'Zurück zum Zeitvergleich' }).click();
    await row.waitFor();

    // Back on the list: edit the hours, then delete the record after confirming.
    await page.goto(`${server.url}/time-record`);
    await page.locator('.MuiDataGrid-row', { hasText: 'Schulung der Mitarbeitenden' }).click();
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('2');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 2,0');
    await page.locator('.MuiDataGrid-row', { hasText: 'Schulung der Mitarbeitenden' }).click();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Zeiteintrag löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Keine Zeiteinträge für diese Auswahl.').waitFor();
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 0,0');
    expect(errors).toEqual([]);
    await close();
  });
});
