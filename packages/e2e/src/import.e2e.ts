import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setScope } from './api';
import { PHONE, seriousViolations, shot, signIn } from './browser';
import { tr } from './catalog';
import { downloadBy, firstSheet } from './downloads';
import { withServerAndBrowser } from './harness';

const ADMIN = 'admin@demo.local';
const SCOPE = 'Bäckerei Schmidt';

/** A real workbook as a DPO's client would send it: a header row and data rows. */
async function workbook(file: string, rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Verzeichnis');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
}

const HEADERS = ['Bezeichnung', 'Rolle', 'Zwecke der Verarbeitung', 'Interne Notiz'];

async function chooseFile(page: Page, file: string) {
  await page.locator('[data-testid="import-file-input"]').setInputFiles(file);
}

describe('the register import wizard', () => {
  const app = withServerAndBrowser();
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-import-'));
    await setScope(app.server.url, ADMIN, SCOPE);
  });
  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports an XLSX: mapping changed, errors shown and downloaded, corrected file committed, rows in the list', {
    timeout: 180_000,
  }, async () => {
    const { page, errors, close } = await app.newPage();
    const faulty = path.join(dir, 'Verzeichnis Mandant.xlsx');
    await workbook(faulty, [
      HEADERS,
      ['Import Bewerbermanagement', 'Verantwortlicher', 'Auswahl von Bewerbern', 'von Frau Weber gepflegt'],
      ['Import Videoüberwachung', 'Chef', 'Schutz des Hausrechts', 'Kameras im Laden'],
    ]);
    await signIn(page, app.server.url, ADMIN, { to: '/process' });
    await page.locator('.MuiDataGrid-row').first().waitFor();

    // Opened from the list's toolbar with the keyboard.
    await page.getByRole('button', { name: tr('import.button'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tr('import.title', { type: 'Verarbeitungstätigkeiten' }) });
    await dialog.waitFor();
    // The template is offered in the user's language.
    const template = await firstSheet(
      await downloadBy(page, dialog.getByRole('button', { name: tr('import.file.templateXlsx') })),
    );
    expect(template.getRow(1).values).toContain('Zwecke der Verarbeitung');
    await shot(page, 'import-1-file-desktop');

    await chooseFile(page, faulty);
    // The mapping: pre-filled by header; the unknown column is not imported until the user says so.
    const notiz = dialog.getByRole('combobox', { name: tr('import.mapping.fieldFor', { column: 'Interne Notiz' }) });
    await notiz.waitFor();
    await expect.poll(() => notiz.textContent()).toBe(tr('import.mapping.ignore'));
    expect(
      await dialog.getByRole('combobox', { name: tr('import.mapping.fieldFor', { column: 'Rolle' }) }).textContent(),
    ).toMatch(/^Rolle/);
    await notiz.click();
    await page.getByRole('option', { name: 'Beschreibung', exact: true }).click();
    await expect.poll(() => notiz.textContent()).toBe('Beschreibung');
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await shot(page, 'import-2-mapping-desktop');
    await dialog.getByRole('button', { name: tr('import.next') }).click();

    // The preview: one row has an error; nothing can be written; the errors download as XLSX.
    await dialog.getByText(tr('import.preview.counts.errors', { count: 1 })).waitFor();
    await dialog.getByRole('cell', { name: 'Chef', exact: true }).waitFor();
    const commit = dialog.getByRole('button', { name: /importieren$/ });
    expect(await commit.isDisabled()).toBe(true);
    await shot(page, 'import-3-preview-errors-desktop');
    const rows = await firstSheet(
      await downloadBy(page, dialog.getByRole('button', { name: tr('import.preview.downloadErrors') })),
    );
    expect(rows.getRow(1).values).toEqual([undefined, 'Zeile', ...HEADERS, 'Fehler']);
    expect(rows.rowCount).toBe(2);
    expect(rows.getRow(2).getCell(1).value).toBe(3);
    expect(rows.getRow(2).getCell(3).value).toBe('Chef');
    expect(String(rows.getRow(2).getCell(6).value)).toContain('Rolle:');

    // Corrected and uploaded again: the changed mapping is remembered, the rows are written.
    await dialog.getByRole('button', { name: tr('import.back') }).click();
    await dialog.getByRole('button', { name: tr('import.back') }).click();
    const fixed = path.join(dir, 'Verzeichnis korrigiert.xlsx');
    await workbook(fixed, [
      HEADERS,
      ['Import Bewerbermanagement', 'Verantwortlicher', 'Auswahl von Bewerbern', 'von Frau Weber gepflegt'],
      ['Import Videoüberwachung', 'Verantwortlicher', 'Schutz des Hausrechts', 'Kameras im Laden'],
    ]);
    await chooseFile(page, fixed);
    await expect.poll(() => notiz.textContent()).toBe('Beschreibung');
    await dialog.getByRole('button', { name: tr('import.next') }).click();
    await dialog.getByText(tr('import.preview.counts.new', { count: 2 })).waitFor();
    // The wizard asks for the rows written as they go (its progress bar), then the outcome. The
    // lines themselves are the API tests' (Chromium keeps no body of a stream the page has read).
    const answer = page.waitForResponse((r) => r.url().endsWith('/commit'));
    await dialog.getByRole('button', { name: '2 Einträge importieren' }).click();
    const committed = await answer;
    expect(committed.request().headers().accept).toContain('application/x-ndjson');
    expect(committed.headers()['content-type']).toContain('application/x-ndjson');
    await dialog.getByText(tr('import.result.done')).waitFor();
    await dialog.getByText('2 Einträge angelegt').waitFor();
    await shot(page, 'import-4-result-desktop');
    await dialog.getByRole('button', { name: tr('import.close') }).click();
    await dialog.waitFor({ state: 'detached' });

    // The rows are in the register's list.
    await page.getByRole('searchbox', { name: 'Schnellsuche' }).fill('Import');
    await page.locator('.MuiDataGrid-row', { hasText: 'Import Bewerbermanagement' }).waitFor();
    await page.locator('.MuiDataGrid-row', { hasText: 'Import Videoüberwachung' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('asks on the list of all service agreements which kind a file holds, then opens that kind’s wizard', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/service-agreement' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('button', { name: tr('import.button'), exact: true }).click();
    const kinds = page.getByRole('menu');
    expect(await kinds.getByRole('menuitem').allInnerTexts()).toEqual([
      tr('items.type.service-agreement-with-client.one'),
      tr('items.type.service-agreement-with-provider.one'),
      tr('items.type.service-agreement-with-shared-responsibility.one'),
    ]);
    await kinds.getByRole('menuitem', { name: tr('items.type.service-agreement-with-provider.one') }).click();
    const dialog = page.getByRole('dialog', {
      name: tr('import.title', { type: tr('items.type.service-agreement-with-provider.other') }),
    });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: the wizard takes the screen and its steps read one below the other', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    const file = path.join(dir, 'phone.xlsx');
    await workbook(file, [HEADERS, ['Import am Telefon', 'Chef', 'Zweck', 'Notiz']]);
    await signIn(page, app.server.url, ADMIN, { to: '/process' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await shot(page, 'import-0-list-phone');
    await page.getByRole('button', { name: tr('import.button'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(tr('import.stepOf', { step: 1, count: 4, name: tr('import.steps.file') })).waitFor();
    await shot(page, 'import-1-file-phone');
    await chooseFile(page, file);
    await dialog
      .getByRole('heading', { name: tr('import.stepOf', { step: 2, count: 4, name: tr('import.steps.mapping') }) })
      .waitFor();
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'import-2-mapping-phone');
    await dialog.getByRole('button', { name: tr('import.next') }).click();
    await dialog.getByText(tr('import.preview.counts.errors', { count: 1 })).waitFor();
    await shot(page, 'import-3-preview-phone');
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
