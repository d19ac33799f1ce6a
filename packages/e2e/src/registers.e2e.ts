import { type FieldDef, type ItemTypeKey, itemTypeDefs, itemTypes } from '@pc/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setScope } from './api';
import { seriousViolations as axeViolations, PHONE, revealMenuLink, shot, signIn, snackbar } from './browser';
import { tr } from './catalog';
import { bytesOf, downloadBy, firstSheet, rowsOf } from './downloads';
import { withServerAndBrowser } from './harness';

const ADMIN = 'admin@demo.local';
const SCOPE = 'Bäckerei Schmidt';

const has = (key: string) => {
  try {
    tr(key);
    return true;
  } catch {
    return false;
  }
};
const fieldLabel = (type: ItemTypeKey, key: string) =>
  has(`items.fieldFor.${type}.${key}`) ? tr(`items.fieldFor.${type}.${key}`) : tr(`items.field.${key}`);

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
const todayDigits = `${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`;

/** Types into a date (or date-time) picker field: click its first section, then the digits. */
async function typeDate(page: Page, label: string, digits: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

async function chooseOption(page: Page, combobox: Locator, option?: string) {
  await combobox.click();
  const listbox = page.getByRole('listbox');
  const choice = option ? listbox.getByRole('option', { name: option, exact: true }) : listbox.getByRole('option').nth(0);
  await choice.click();
  await listbox.waitFor({ state: 'hidden' });
}

/** Fills what a new item of the type needs: the required fields of its declaration. */
async function fillRequired(page: Page, type: ItemTypeKey, name: string) {
  await page.getByRole('textbox', { name: tr('items.field.name'), exact: true }).fill(name);
  for (const f of itemTypeDefs[type].fields as readonly FieldDef[]) {
    if (!('required' in f) || !f.required) continue;
    const label = fieldLabel(type, f.key);
    switch (f.kind) {
      case 'text':
        await page
          .getByRole('textbox', { name: label, exact: true })
          .fill(f.key === 'url' ? 'https://example.org' : `E2E ${f.key}`);
        break;
      case 'textarea':
        await page.getByRole('textbox', { name: label, exact: true }).fill(`E2E ${f.key}\nZeile 2`);
        break;
      case 'select':
        await chooseOption(page, page.getByRole('combobox', { name: label, exact: true }));
        break;
      case 'date':
        await typeDate(page, label, todayDigits);
        break;
      case 'datetime':
        await typeDate(page, label, `${todayDigits}0000`);
        break;
      default:
        throw new Error(`no filler for ${f.kind}`);
    }
  }
}

/** The list's column headers for a single-company scope: number, name, then the type's columns. */
function expectedHeaders(type: ItemTypeKey): string[] {
  const core: Record<string, string> = {
    status: 'items.field.status',
    dueDate: 'items.field.dueDate',
    assignee: 'items.field.assignee',
    owner: 'items.field.owner',
    tags: 'items.field.tags',
  };
  const rest = itemTypeDefs[type].columns
    .filter((c) => c !== 'company')
    .map((c) => (core[c] ? tr(core[c]) : fieldLabel(type, c)));
  return [tr('items.field.number'), tr('items.field.name'), ...rest];
}

/**
 * Serious axe findings inside the page content: these tests answer for the register screens, the
 * shell (sidebar, toolbar, snackbars) has its own browser test.
 */
const mainViolations = (page: Page) => axeViolations(page, { include: '#main-content' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** On a saved item: the rename shows in the history; a file is checked, uploaded, previewed, downloaded and deleted. */
async function historyAndAttachments(page: Page) {
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByText('Geändert', { exact: true }).first().waitFor();
  await panel.locator('dt', { hasText: 'Bezeichnung' }).first().waitFor();

  await page.getByRole('tab', { name: 'Anhänge' }).click();
  const input = page.getByTestId('attachment-input');
  await input.setInputFiles({ name: 'programm.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await panel.getByText('„programm.exe“ hat einen Dateityp, der nicht erlaubt ist.').waitFor();
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await snackbar(page, '„logo.png“ wurde hochgeladen.');
  await page.getByRole('tab', { name: 'Anhänge (1)' }).waitFor();
  await panel.getByRole('button', { name: 'Vorschau von logo.png' }).click();
  const preview = page.getByRole('dialog', { name: 'logo.png' });
  await preview.getByRole('img', { name: 'logo.png' }).waitFor();
  await preview.getByRole('button', { name: 'Schließen' }).click();
  const download = await downloadBy(page, panel.getByRole('button', { name: 'logo.png herunterladen' }));
  expect(download.suggestedFilename()).toBe('logo.png');
  await panel.getByRole('button', { name: 'logo.png löschen' }).click();
  await page.getByRole('dialog', { name: 'Anhang löschen' }).getByRole('button', { name: 'Löschen' }).click();
  await panel.getByText('Noch keine Anhänge.').waitFor();
  await page.getByRole('tab', { name: 'Details' }).click();
}

/** In-app navigation through the sidebar (no reload); entries of the 'more' group open it first. */
async function openFromMenu(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  // The issues entry carries the open-issue badge in its name ("Aufgaben 3 offene Aufgaben").
  const link = nav.getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}( |$)`) });
  await revealMenuLink(nav, link);
  await link.click();
}

/** The values of one column of the grid as shown (header name → cells of the rendered rows). */
async function gridColumn(page: Page, field: string): Promise<string[]> {
  return page.locator(`.MuiDataGrid-row [data-field="${field}"]`).allInnerTexts();
}

describe('the compliance registers', () => {
  const app = withServerAndBrowser();
  beforeAll(() => setScope(app.server.url, ADMIN, SCOPE));

  it('walks every register: create, find, edit, export to DataGrid.xlsx, delete', { timeout: 300_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.title()).toBe(`Privacy Cockpit (${SCOPE})`);

    const only = process.env.REGISTERS?.split(',');
    for (const { key: type, route } of itemTypes.filter((t) => !only || only.includes(t.key))) {
      const t0 = Date.now();
      const lap = (what: string) => process.env.REGISTERS_TIMING && console.log(type, what, Date.now() - t0);
      const plural = tr(`items.type.${type}.other`);
      const singular = tr(`items.type.${type}.one`);
      const name = `E2E ${singular} ${Date.now()}`;
      await openFromMenu(page, tr(`section.${type}`));
      await expect.poll(() => new URL(page.url()).pathname).toBe(route);
      await page.getByRole('heading', { level: 1, name: plural }).waitFor();
      lap('list');
      // Create through the form.
      await page.getByRole('button', { name: tr('items.list.new'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: tr('items.detail.newTitle', { type: singular }) }).waitFor();
      await fillRequired(page, type, name);
      if (type === 'impact-assessment') {
        // A risk of likelihood 4 and severity 4 lands top right and makes the overall risk very high.
        await page.getByRole('button', { name: 'Risiko hinzufügen' }).click();
        await page.getByRole('textbox', { name: 'Risikobeschreibung' }).fill('Unbefugter Zugriff');
        await chooseOption(page, page.getByRole('combobox', { name: 'Eintrittswahrscheinlichkeit' }), '4 – groß');
        await chooseOption(page, page.getByRole('combobox', { name: 'Schwere' }), '4 – groß');
        await expect.poll(() => page.getByTestId('overall-risk').innerText()).toBe('Sehr hoch');
        expect(await page.locator('td[data-cell="4-4"]').innerText()).toContain('1');
      }
      await page.getByRole('button', { name: tr('items.detail.save'), exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(new RegExp(`${route}/[0-9a-f-]{36}$`));
      await snackbar(page, /wurde angelegt/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      lap('created');

      if (type === 'data-breach') {
        const clock = page.getByTestId('breach-clock');
        await expect.poll(() => clock.innerText()).toMatch(/Meldung spätestens am .*(verbleibend|Frist seit)/s);
        await shot(page, 'registers-breach-detail-desktop');
      }
      if (type === 'impact-assessment') {
        await expect.poll(() => page.getByTestId('overall-risk').innerText()).toBe('Sehr hoch');
        await shot(page, 'registers-dsfa-detail-desktop');
      }
      if (type === 'process') {
        expect(await mainViolations(page)).toEqual([]);
        await shot(page, 'registers-detail-desktop');
      }

      // Edit: rename and save.
      const renamed = `${name} geändert`;
      await page.getByRole('textbox', { name: tr('items.field.name'), exact: true }).fill(renamed);
      await page.getByRole('button', { name: tr('items.detail.save'), exact: true }).click();
      await snackbar(page, /wurde gespeichert/);
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();

      if (type === 'process') await historyAndAttachments(page);
      lap('edited');
      // Find it in the list: back through the breadcrumb (no due-date range by default), quick search.
      await page
        .getByRole('navigation', { name: 'Navigationspfad' })
        .getByRole('link', { name: tr(`section.${type}`) })
        .click();
      await page.getByRole('heading', { level: 1, name: plural }).waitFor();
      await page.getByRole('searchbox', { name: tr('items.list.search') }).fill(renamed);
      const row = page.locator('.MuiDataGrid-row').filter({ hasText: renamed });
      await row.waitFor();
      await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
      if (type === 'data-breach') {
        await expect
          .poll(() => row.locator('[data-field="authorityDeadline"]').innerText())
          .toMatch(/noch \d+:\d\d h|überfällig/);
        await shot(page, 'registers-breach-list-desktop');
      }
      if (type === 'process') {
        expect(await mainViolations(page)).toEqual([]);
        await shot(page, 'registers-list-desktop');
      }

      lap('found');
      // Excel: every row matching the filters, with the visible headers.
      const download = await downloadBy(page, page.getByRole('button', { name: tr('grid.export') }));
      expect(download.suggestedFilename()).toBe('DataGrid.xlsx');
      const [header, ...rows] = rowsOf(await firstSheet(download));
      expect(header).toEqual(expectedHeaders(type));
      expect(rows.map((r) => r[0])).toEqual(await gridColumn(page, 'number'));
      expect(rows.map((r) => r[1])).toEqual([renamed]);

      lap('exported');
      // Delete with confirmation.
      await row.getByRole('link', { name: renamed }).click();
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      await page.getByRole('button', { name: tr('items.detail.delete'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: tr('items.detail.delete'), exact: true }).click();
      await snackbar(page, /wurde gelöscht/);
      await page.getByRole('heading', { level: 1, name: plural }).waitFor();
      await page.getByText(tr('items.list.emptyFiltered')).waitFor();
      lap('deleted');
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('adds, edits and deletes a tag through the prompt', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/tag` });
    await page.getByRole('heading', { level: 1, name: 'Schlagwörter' }).waitFor();
    for (const tab of ['Personengruppen', 'Datenkategorien', 'Prozesskategorien', 'Textbausteine']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await page.getByRole('tab', { name: 'Datenkategorien' }).click();
    await page.locator('.MuiDataGrid-row').first().waitFor();

    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    let dialog = page.getByRole('dialog', { name: 'Neuer Eintrag: Datenkategorien' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('E2E Gesundheitsdaten');
    await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Art. 9 DSGVO');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, '„E2E Gesundheitsdaten“ wurde gespeichert.');
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'E2E Gesundheitsdaten' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Art. 9 DSGVO');

    // A duplicate name is refused by the server; the message lands on the field.
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    dialog = page.getByRole('dialog', { name: 'Neuer Eintrag: Datenkategorien' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('E2E Gesundheitsdaten');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Diese Bezeichnung gibt es bereits.').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    await row.click();
    dialog = page.getByRole('dialog', { name: 'Eintrag bearbeiten: Datenkategorien' });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('E2E Gesundheitsdaten (Art. 9)');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const renamed = page.locator('.MuiDataGrid-row').filter({ hasText: 'E2E Gesundheitsdaten (Art. 9)' });
    await renamed.waitFor();
    expect(await mainViolations(page)).toEqual([]);
    await shot(page, 'registers-tags-desktop');

    await renamed.getByRole('button', { name: '„E2E Gesundheitsdaten (Art. 9)“ löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await snackbar(page, /wurde gelöscht/);
    await expect.poll(() => renamed.count()).toBe(0);

    // Text modules live in the fourth tab.
    await page.getByRole('tab', { name: 'Textbausteine' }).click();
    await page.getByRole('button', { name: 'Textbaustein hinzufügen' }).click();
    dialog = page.getByRole('dialog', { name: 'Neuer Textbaustein' });
    await dialog.getByRole('textbox', { name: 'Text' }).fill('E2E Wir bestätigen den Eingang Ihrer Anfrage.');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'E2E Wir bestätigen' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a register row with Enter on its focused cell', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'reader@demo.local', { to: '/process' });
    await page.getByRole('heading', { level: 1, name: 'Verarbeitungstätigkeiten' }).waitFor();
    const first = page.locator('.MuiDataGrid-row[data-rowindex="0"]');
    await first.waitFor();
    const id = await first.getAttribute('data-id');
    // The keyboard's way into the grid: a column header, down into the first row, one cell right.
    await page.locator('.MuiDataGrid-columnHeader').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.MuiDataGrid-row')?.getAttribute('data-rowindex')))
      .toBe('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/process/${id}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a reader read-only forms without create, save or delete', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'reader@demo.local', { to: `/process` });
    await page.getByRole('heading', { level: 1, name: 'Verarbeitungstätigkeiten' }).waitFor();
    const first = page.locator('.MuiDataGrid-row').first();
    await first.waitFor();
    expect(await page.getByRole('button', { name: 'Neu', exact: true }).count()).toBe(0);
    await first.locator('[data-field="name"] a').click();
    await page.getByText(tr('items.detail.readOnly')).waitFor();
    expect(await page.getByRole('button', { name: 'Löschen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).getAttribute('readonly')).not.toBeNull();
    // A direct link to the create form says what is missing instead of showing a form.
    await page.goto(`${app.server.url}/process/new`);
    await page.getByText(tr('items.detail.noCreate')).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('turns an audit finding into a linked issue, writes a summary report and renders a document as PDF', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const openFirst = async (route: string) => {
      await page.goto(`${app.server.url}${route}`);
      // The newest item: lists open by ascending number, one click on the header turns it.
      await page.locator('.MuiDataGrid-row').first().waitFor();
      await page.getByRole('columnheader', { name: tr('items.field.number') }).click();
      await page.locator('.MuiDataGrid-columnHeader[aria-sort=descending]').waitFor();
      await page.locator('.MuiDataGrid-row').first().locator('[data-field="name"] a').click();
      await page.getByRole('tab', { name: 'Details' }).waitFor();
    };

    // Audit finding → issue under the audit, listed there and linking back.
    await openFirst('/audit');
    const auditNumber = (
      await page
        .locator('main')
        .getByText(/^AUD-\d{4}/)
        .first()
        .innerText()
    ).slice(0, 8);
    await page.getByRole('button', { name: tr('items.linked.finding.asIssue') }).click();
    const dialog = page.getByRole('dialog', { name: tr('items.linked.finding.asIssue') });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Bezeichnung/).inputValue()).toBe('Aktenvernichter fehlt im Backstubenbüro.');
    await chooseOption(page, dialog.getByRole('combobox', { name: /Priorität/ }), 'Hoch');
    await dialog.getByRole('button', { name: tr('items.linked.finding.create') }).click();
    await snackbar(page, new RegExp(`^AUF-\\d{4} wurde angelegt und mit ${auditNumber} verknüpft\\.$`));
    const linked = page.getByRole('region', { name: tr('items.linked.title') });
    const child = linked.getByRole('link', { name: /Aktenvernichter fehlt/ });
    await child.waitFor();
    await shot(page, 'registers-audit-finding-desktop');
    await child.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/issues\//);
    await page.getByRole('link', { name: new RegExp(auditNumber) }).waitFor();
    expect(await mainViolations(page)).toEqual([]);

    // Summary: the report counts the items of its period and lands in the report field.
    await openFirst('/summary');
    await page.getByRole('button', { name: tr('items.summaryReport.generate') }).click();
    const report = page.getByRole('region', { name: tr('items.summaryReport.title') });
    await report.getByRole('table').first().waitFor();
    await report.getByRole('button', { name: tr('items.summaryReport.apply') }).click();
    const replace = page.getByRole('dialog', { name: tr('items.summaryReport.replaceTitle') });
    if (await replace.isVisible().catch(() => false))
      await replace.getByRole('button', { name: tr('items.summaryReport.replace') }).click();
    const reportField = page.getByRole('textbox', { name: fieldLabel('summary', 'report'), exact: true });
    await expect.poll(async () => (await reportField.inputValue()).length).toBeGreaterThan(40);
    expect(await reportField.inputValue()).toContain('Verarbeitungstätigkeiten');
    await shot(page, 'registers-summary-desktop');
    expect(await mainViolations(page)).toEqual([]);

    // Dynamic document: placeholders filled from the company, downloaded as PDF.
    await openFirst('/dynamic-document');
    await expect
      .poll(() => page.getByTestId('document-preview').innerText(), { timeout: 10_000 })
      .toContain('Verantwortlich: Bäckerei Schmidt');
    const pdf = await downloadBy(page, page.getByRole('button', { name: tr('items.dynamicDocument.download') }));
    expect(pdf.suggestedFilename()).toMatch(/^DOK-\d{4}\.pdf$/);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'registers-dynamic-document-desktop');
    expect(await mainViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('downloads the record of processing activities (Art. 30(1)) as Excel and an item as PDF; both are kept as documents', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // One company in scope: its register, its item, its documents.
    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    const scope = page.getByRole('dialog', { name: 'Unternehmen wählen' });
    await scope.getByLabel('Unternehmen suchen').fill('Bäckerei');
    await scope.getByRole('button', { name: /^Bäckerei Schmidt/ }).click();
    await scope.waitFor({ state: 'detached' });
    await page.goto(`${app.server.url}/process`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('button', { name: tr('items.report.button.controller') }).click();
    const download = await downloadBy(page, page.getByRole('menuitem', { name: tr('items.report.xlsx') }));
    expect(download.suggestedFilename()).toMatch(/^VVT Bäckerei Schmidt \d{4}-\d\d-\d\d\.xlsx$/);
    const sheet = await firstSheet(download);
    expect(sheet.name).toBe('Art. 30 Abs. 1');
    expect(sheet.getRow(1).getCell(5).value).toBe('Zwecke der Verarbeitung');
    expect(sheet.rowCount).toBeGreaterThan(1);
    // The button is usable again once the file is there.
    await expect.poll(() => page.getByRole('button', { name: tr('items.report.button.controller') }).isEnabled()).toBe(true);
    await snackbar(page, tr('items.report.kept'));

    // One item as a PDF report, from its detail page.
    await page.locator('.MuiDataGrid-row').first().locator('[data-field="name"]').click();
    await page.getByRole('tab', { name: 'Verlauf' }).waitFor();
    const itemPdf = await downloadBy(page, page.getByRole('button', { name: tr('items.report.item.button') }));
    expect(itemPdf.suggestedFilename()).toMatch(/^VT-\d{4} .+ \d{4}-\d\d-\d\d\.pdf$/);
    expect((await bytesOf(itemPdf)).subarray(0, 5).toString()).toBe('%PDF-');

    // Both are kept under the company's documents.
    await page.goto(`${app.server.url}/documents`);
    await page.locator(`[data-document="${download.suggestedFilename()}"]`).waitFor();
    await page.locator(`[data-document="${itemPdf.suggestedFilename()}"]`).waitFor();

    // The management report, for a chosen period, is requested from the documents and kept there.
    await page.getByRole('button', { name: tr('managementReport.button') }).click();
    const dialog = page.getByRole('dialog', { name: tr('managementReport.title') });
    await dialog.getByRole('button', { name: tr('managementReport.preset.thisYear') }).click();
    expect(await dialog.getByRole('button', { name: tr('managementReport.preset.thisYear') }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shot(page, 'documents-management-report-dialog');
    const report = await downloadBy(page, dialog.getByRole('button', { name: tr('managementReport.create') }));
    expect(report.suggestedFilename()).toMatch(/^Managementbericht Bäckerei Schmidt \d{4}-01-01 – \d{4}-12-31\.pdf$/);
    await snackbar(page, tr('managementReport.kept'));
    await page.locator('[data-document^="Managementbericht Bäckerei Schmidt "]').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: list, detail form and tag page', async () => {
    const { page, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, ADMIN, { to: `/process` });
    await page.getByRole('heading', { level: 1, name: 'Verarbeitungstätigkeiten' }).waitFor();
    const row = page.locator('.MuiDataGrid-row').first();
    await row.waitFor();
    // The toolbar (quick search, the Filter button) fits the page instead of being cut off.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The grid scrolls sideways under its number and name columns, which stay where they are.
    const xOf = (field: string) => row.locator(`[data-field="${field}"]`).evaluate((c) => c.getBoundingClientRect().x);
    const before = { number: await xOf('number'), name: await xOf('name'), status: await xOf('status') };
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollBy(400, 0));
    await expect.poll(() => xOf('status')).toBeLessThan(before.status - 100);
    expect({ number: await xOf('number'), name: await xOf('name') }).toEqual({ number: before.number, name: before.name });
    await shot(page, 'registers-list-phone');
    await row.locator('[data-field="name"] a').click();
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'registers-detail-phone');
    await page.goto(`${app.server.url}/impact-assessment`);
    await page.locator('.MuiDataGrid-row').first().locator('[data-field="name"] a').click();
    await page.getByTestId('overall-risk').waitFor();
    await shot(page, 'registers-dsfa-detail-phone');
    await page.goto(`${app.server.url}/tag`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await shot(page, 'registers-tags-phone');
    await close();
  });

  it('answers the desktop layout of a detail page at 1440×900', async () => {
    const { page, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/data-breach` });
    await page.locator('.MuiDataGrid-row').first().locator('[data-field="name"] a').click();
    await page.getByTestId('breach-clock').waitFor();
    expect(await mainViolations(page)).toEqual([]);
    await close();
  });
});
