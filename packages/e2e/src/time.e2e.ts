import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, PHONE, shot, signIn } from './browser';
import { downloadBy, firstSheet, rowsOf } from './downloads';
import { withServerAndBrowser } from './harness';

/** Downloads what the Excel-Export button gives: its file name, sheet name and rows. */
async function exportXlsx(page: Page) {
  const download = await downloadBy(page, page.getByRole('button', { name: 'Excel-Export' }));
  const sheet = await firstSheet(download);
  return { name: download.suggestedFilename(), sheet: sheet.name, rows: rowsOf(sheet) };
}

const ADMIN = 'admin@demo.local';
/** The demo's editor: books time and reads only her own records (no TimeRecords.ReadAll). */
const EDITOR = 'lea.lang@demo.local';

/** Hours as the comparison's grid shows them: one decimal, German. */
const hours2 = (h: number) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(h);

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** This month and this week (Monday to Sunday) as the pages default to them, in this machine's time zone (the browser's). */
function thisMonth() {
  const now = new Date();
  return {
    from: day(new Date(now.getFullYear(), now.getMonth(), 1)),
    until: day(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}
function thisWeek() {
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  return { from: day(monday), until: day(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6)) };
}

/** Picks an option of a select (MUI TextField select) by the select's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Time: book on a project, see the sum under the list, find the hours in the time comparison, edit, delete. */
describe('time', () => {
  const app = withServerAndBrowser();
  const apiHeaders = async (email: string) => {
    const token = await accessToken(app.server.url, email);
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  };
  const api = async <T>(email: string, url: string): Promise<T> => {
    const res = await fetch(`${app.server.url}/api${url}`, { headers: await apiHeaders(email) });
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  };
  beforeAll(async () => {
    // A project of the bakery with a plan for this month, created through the API.
    const headers = await apiHeaders(ADMIN);
    const companies = (await (await fetch(`${app.server.url}/api/company/list-items`, { headers })).json()) as {
      id: string;
      name: string;
    }[];
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const res = await fetch(`${app.server.url}/api/project`, {
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
    // Today's records by the administrator and the editor on the demo's project, so that this
    // month and this week have records with an issue and a person whatever weekday it is.
    const dsb = (
      (await (await fetch(`${app.server.url}/api/project`, { headers })).json()) as { id: string; name: string }[]
    ).find((p) => p.name === 'Externer Datenschutzbeauftragter')!.id;
    const issues = (await (
      await fetch(`${app.server.url}/api/issue?pageSize=1`, {
        headers: { ...headers, 'x-tenant': companies.find((c) => c.name === 'Bäckerei Schmidt')!.id },
      })
    ).json()) as { items: { id: string }[] };
    for (const [email, description, itemId] of [
      [ADMIN, 'Telefonat Geschäftsführung', issues.items[0]!.id],
      [EDITOR, 'Rückruf Filialleitung', undefined],
    ] as const) {
      const booked = await fetch(`${app.server.url}/api/time-record`, {
        method: 'POST',
        headers: await apiHeaders(email),
        body: JSON.stringify({ projectId: dsb, day: day(now), hours: 0.25, description, itemId }),
      });
      expect(booked.status, await booked.text()).toBe(201);
    }
  });

  it('books time, shows the sum, finds the hours in the comparison, edits and deletes', { timeout: 180_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/time-record` });
    // The demo has records this week: the list is narrowed to the test's own project.
    const onlyTestProject = async () => {
      await page.locator('.MuiDataGrid-root').waitFor();
      await choose(page, 'Projekt', 'DSB-Betreuung (Bäckerei Schmidt)');
    };
    await onlyTestProject();
    await page.getByText('Keine Zeiteinträge für diese Auswahl.').waitFor();
    await page.getByRole('button', { name: 'Zeit buchen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Unternehmen/ }).click();
    await page.getByRole('option', { name: 'Bäckerei Schmidt' }).click();
    await dialog.getByRole('combobox', { name: /Projekt/ }).click();
    await page.getByRole('option', { name: 'DSB-Betreuung' }).click();
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('1,5');
    await dialog.getByRole('textbox', { name: /Beschreibung/ }).fill('Einweisung der neuen Filialleitung');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.MuiDataGrid-row', { hasText: 'Einweisung der neuen Filialleitung' }).waitFor();
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 1,50');
    // The view lives in the URL: a reload shows the same project's records and sum.
    await page.waitForURL(/projectId=/);
    await page.reload();
    await page.locator('.MuiDataGrid-row', { hasText: 'Einweisung der neuen Filialleitung' }).waitFor();
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 1,50');
    const records = await exportXlsx(page);
    expect(records.name).toBe('DataGrid.xlsx');
    expect(records.rows[0]!.slice(0, 2)).toEqual(['Datum', 'Stunden']);
    expect(records.rows[1]!.slice(1, 6)).toEqual([
      1.5,
      'Anna Admin',
      'Bäckerei Schmidt',
      'DSB-Betreuung',
      'Einweisung der neuen Filialleitung',
    ]);

    await page.goto(`${app.server.url}/time-comparison`);
    const row = page.locator('.MuiDataGrid-row', { hasText: 'DSB-Betreuung' });
    await row.waitFor();
    expect(await row.locator('[data-field="bookedTime"]').innerText()).toBe('1,50');
    expect(await row.locator('[data-field="plannedTime"]').innerText()).toBe('8,00');
    const comparison = await exportXlsx(page);
    // Named after the view and the month; a header block (title, period, grouping, filters) above the grid's columns.
    expect(comparison.name).toMatch(/^Zeitvergleich Unternehmen Monat \d{4}-\d\d\.xlsx$/);
    expect(comparison.sheet).toBe('Zeitvergleich');
    expect(comparison.rows[0]).toEqual(['Zeitvergleich']);
    const header = comparison.rows.find((r) => r.includes('Projekt') && r.includes('Gebucht (h)'))!;
    const exported = comparison.rows.find((r) => r[header.indexOf('Projekt')] === 'DSB-Betreuung')!;
    expect(comparison.rows.at(-1)![0]).toBe('Summe');
    // Under the grid, the hours of every matching row: the same sum as the export's totals row.
    const bookedTotal = comparison.rows.at(-1)![header.indexOf('Gebucht (h)')] as number;
    const totals = page.getByTestId('comparison-totals');
    expect(await totals.innerText()).toContain(`Gebucht (h): ${hours2(bookedTotal)}`);
    expect(await totals.innerText()).toContain('Summe aller Zeilen');
    await totals.scrollIntoViewIfNeeded();
    await shot(page, 'time-comparison-totals-desktop');
    expect(exported[header.indexOf('Unternehmen')]).toBe('Bäckerei Schmidt');
    expect(exported[header.indexOf('Gebucht (h)')]).toBe(1.5);
    expect(exported[header.indexOf('Geplant (h)')]).toBe(8);
    // Drill-down to the row's records and back to the grid.
    await row.click();
    await page.locator('.MuiDataGrid-row', { hasText: 'Einweisung der neuen Filialleitung' }).waitFor();
    await page.getByRole('button', { name: 'Zurück zum Zeitvergleich' }).click();
    await row.waitFor();

    // Back on the list: edit the hours, then delete the record after confirming.
    await page.goto(`${app.server.url}/time-record`);
    await onlyTestProject();
    await page.locator('.MuiDataGrid-row', { hasText: 'Einweisung der neuen Filialleitung' }).click();
    await dialog.getByRole('textbox', { name: 'Stunden' }).fill('2');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 2,00');
    await page.locator('.MuiDataGrid-row', { hasText: 'Einweisung der neuen Filialleitung' }).click();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Zeiteintrag löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Keine Zeiteinträge für diese Auswahl.').waitFor();
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe('Summe Stunden: 0,00');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows every grouping with the figures the server computed', { timeout: 120_000 }, async () => {
    type Row = { referenceDate: string; year: number; month: number | null; week: number | null; bookedTime: number };
    type Grouping = { bookedFor: string; bookedBy: string; dateGrouping: string };
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/time-comparison` });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const label = (g: Grouping, r: Row) => {
      if (g.dateGrouping === 'Year') return String(r.year);
      if (g.dateGrouping === 'Month') return `${String(r.month).padStart(2, '0')}/${r.year}`;
      if (g.dateGrouping === 'Week') return `KW ${r.week}/${r.year}`;
      const [y, m, d] = r.referenceDate.split('-');
      return `${d}.${m}.${y}`;
    };
    const de = {
      bookedFor: { Global: 'Gesamt', Company: 'Unternehmen', Issue: 'Aufgabe' },
      bookedBy: { Global: 'Alle', User: 'Person' },
      dateGrouping: { Year: 'Jahr', Month: 'Monat', Week: 'Woche', Day: 'Tag' },
    } as Record<keyof Grouping, Record<string, string>>;
    const labels = { bookedFor: 'Gebucht für', bookedBy: 'Gebucht von', dateGrouping: 'Zeitraum' } as const;
    let current: Grouping = { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Month' };
    // Each grouping once (the default first), changing one select at a time.
    const groupings: Grouping[] = [
      current,
      { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Year' },
      { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Week' },
      { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Day' },
      { bookedFor: 'Global', bookedBy: 'Global', dateGrouping: 'Day' },
      { bookedFor: 'Issue', bookedBy: 'Global', dateGrouping: 'Day' },
      { bookedFor: 'Issue', bookedBy: 'User', dateGrouping: 'Day' },
    ];
    for (const g of groupings) {
      for (const key of Object.keys(labels) as (keyof Grouping)[]) {
        if (g[key] !== current[key]) await choose(page, labels[key], de[key][g[key]]!);
      }
      current = g;
      const { items, total } = await api<{ items: Row[]; total: number }>(
        ADMIN,
        `/time-comparison/query?${new URLSearchParams({ ...g, ...thisMonth() })}`,
      );
      expect(total, JSON.stringify(g)).toBeGreaterThan(0);
      const first = page.locator('.MuiDataGrid-row').first();
      await expect
        .poll(async () => [
          await first.locator('[data-field="referenceDate"]').innerText(),
          await first.locator('[data-field="bookedTime"]').innerText(),
        ])
        .toEqual([label(g, items[0]!), hours2(items[0]!.bookedTime)]);
      // The grouping's own columns: the issue, the person; the budget only for company × month.
      expect(await page.locator('[role=columnheader][data-field="issueName"]').count()).toBe(g.bookedFor === 'Issue' ? 1 : 0);
      expect(await page.locator('[role=columnheader][data-field="userName"]').count()).toBe(g.bookedBy === 'User' ? 1 : 0);
      expect(await page.locator('[role=columnheader][data-field="budget"]').count()).toBe(
        g.bookedFor === 'Company' && g.dateGrouping === 'Month' ? 1 : 0,
      );
    }
    const sheet = await exportXlsx(page);
    // The file is named after the last grouping shown; the header block names it too.
    expect(sheet.name).toMatch(/^Zeitvergleich Aufgabe Person Tag .+\.xlsx$/);
    expect(sheet.rows).toContainEqual(['Gebucht von', 'Person']);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws booked, planned and budget per period above the grid, with a summary and a table view', {
    timeout: 90_000,
  }, async () => {
    type Chart = {
      periods: { referenceDate: string }[];
      series: {
        key: string | null;
        label: string | null;
        booked: number[];
        planned: (number | null)[];
        budget: (number | null)[];
      }[];
    };
    const chart = await api<Chart>(ADMIN, `/time-comparison/chart?${new URLSearchParams({ ...thisMonth() })}`);
    const bakery = chart.series.find((s) => s.label === 'Bäckerei Schmidt')!;
    expect(bakery.planned[0]).toBeGreaterThanOrEqual(8);
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/time-comparison' });
    const figure = page.getByTestId('comparison-chart');
    await figure.waitFor();
    // The figure is drawn (bars as SVG) and described by its summary sentence.
    await figure.locator('svg path, svg rect').first().waitFor();
    const img = figure.getByRole('img', { name: 'Stunden je Zeitraum' });
    const booked = chart.series.reduce((a, s) => a + s.booked.reduce((x, y) => x + y, 0), 0);
    const summary = await figure.getByTestId('comparison-chart-summary').innerText();
    expect(summary).toContain(`${hours2(booked)} Stunden gebucht in einem Zeitraum.`);
    expect(summary).toContain('Geplant:');
    expect(summary).toContain('Budget:');
    expect(await img.getAttribute('aria-describedby')).toBe(
      await figure.getByTestId('comparison-chart-summary').getAttribute('id'),
    );
    await expect.poll(() => figure.getByText('Bäckerei Schmidt').count()).toBeGreaterThan(0);
    await shot(page, 'time-comparison-chart-desktop');
    // The table view: one row per period and company with the same hours as the chart.
    await figure.getByRole('button', { name: 'Als Tabelle' }).click();
    const table = figure.getByRole('table', { name: 'Stunden je Zeitraum' });
    const row = table.getByRole('row').filter({ hasText: 'Bäckerei Schmidt' });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual([
      expect.stringMatching(/^\d\d\/\d{4}$/),
      'Bäckerei Schmidt',
      hours2(bakery.booked[0]!),
      hours2(bakery.planned[0]!),
      bakery.budget[0] == null ? '–' : hours2(bakery.budget[0]),
    ]);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Zeitraum',
      'Unternehmen',
      'Gebucht',
      'Geplant',
      'Budget',
    ]);
    await figure.getByRole('button', { name: 'Als Diagramm' }).click();
    await img.waitFor();
    // On a phone the chart fits the width: no sideways scrolling of the page.
    await page.setViewportSize(PHONE);
    await figure.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'time-comparison-chart-phone');
    await figure.getByRole('button', { name: 'Als Tabelle' }).click();
    await shot(page, 'time-comparison-chart-table-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it('exports the time budget elements with their rates', { timeout: 60_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: `/time-budget-element` });
    await page.locator('.MuiDataGrid-row', { hasText: 'Externer Datenschutzbeauftragter' }).first().waitFor();
    const file = await exportXlsx(page);
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(file.name).toBe(`${today} Zeitbudgetelemente.xlsx`);
    const [header, ...rows] = file.rows;
    expect(header).toEqual([
      'Unternehmen',
      'Projekt',
      'Budget (Stunden)',
      'Pauschale (€ pro Monat)',
      'Stundensatz (€)',
      'Person',
      'Personenbezogener Satz (€)',
    ]);
    // One row per person-specific rate, as the server lists them (the demo's rates).
    const elements = await api<{ projectName: string; fullname: string | null }[]>(
      ADMIN,
      '/time-comparison/query-time-budget-element',
    );
    expect(rows.length).toBe(elements.length);
    const dsb = rows.filter((r) => r[1] === 'Externer Datenschutzbeauftragter');
    expect(dsb.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]])).toEqual(
      expect.arrayContaining([
        ['Bäckerei Schmidt', 64, 4800, 95, 'Jonas Berger', 85],
        ['Bäckerei Schmidt', 64, 4800, 95, 'Lea Lang', 75],
      ]),
    );
    expect(rows.find((r) => r[1] === 'DSB-Betreuung')).toEqual(['Bäckerei Schmidt', 'DSB-Betreuung', 10]);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a reader without TimeRecords.ReadAll only her own records', { timeout: 60_000 }, async () => {
    const headers = await apiHeaders(EDITOR);
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, EDITOR, { to: `/time-record` });
    await page.locator('.MuiDataGrid-row', { hasText: 'Rückruf Filialleitung' }).waitFor();
    // No person filter, every row hers, and the sum is hers: less than everyone's of the week.
    expect(await page.getByRole('combobox', { name: 'Person', exact: true }).count()).toBe(0);
    const users = await page.locator('.MuiDataGrid-row [data-field="user"]').allInnerTexts();
    expect(users.length).toBeGreaterThan(0);
    expect(new Set(users)).toEqual(new Set(['Lea Lang']));
    const week = new URLSearchParams(thisWeek());
    const own = await api<{ total: number; sumHours: number }>(EDITOR, `/time-record/page?${week}`);
    const all = await api<{ total: number; sumHours: number }>(ADMIN, `/time-record/page?${week}`);
    expect(own.total).toBeLessThan(all.total);
    await expect.poll(() => page.getByTestId('time-sum').innerText()).toBe(`Summe Stunden: ${hours2(own.sumHours)}`);
    // The comparison needs ReadAll: the server refuses it.
    const refused = await fetch(`${app.server.url}/api/time-comparison/query?${new URLSearchParams(thisMonth())}`, { headers });
    expect(refused.status).toBe(403);
    // The projects' terms are not hers to see: the budget elements list the projects without amounts.
    await page.goto(`${app.server.url}/time-budget-element`);
    await page.locator('.MuiDataGrid-row', { hasText: 'Externer Datenschutzbeauftragter' }).first().waitFor();
    const headersShown = await page.locator('.MuiDataGrid-columnHeaderTitle').allInnerTexts();
    expect(headersShown).toEqual(['Unternehmen', 'Projekt', 'Person']);
    await shot(page, 'time-budget-elements-without-terms');
    await page.setViewportSize(PHONE);
    await shot(page, 'time-budget-elements-without-terms-phone');
    await page.setViewportSize(DESKTOP);
    // Nor do the projects show them, in the list or opened.
    await page.goto(`${app.server.url}/time-record`);
    await page.getByRole('tab', { name: 'Projekte' }).click();
    const project = page.locator('.MuiDataGrid-row', { hasText: 'Externer Datenschutzbeauftragter' }).first();
    await project.waitFor();
    const projectHeaders = await page.locator('.MuiDataGrid-columnHeaderTitle').allInnerTexts();
    expect(projectHeaders).not.toContain('Pauschale (€ pro Monat)');
    expect(projectHeaders).toEqual(['Name', 'Unternehmen', 'Gültig ab', 'Gültig bis', 'Aktiv']);
    await project.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Projekt' }).waitFor();
    expect(await dialog.getByLabel(/Pauschale|Stundensatz|Budget \(Stunden\)/).count()).toBe(0);
    await shot(page, 'time-project-without-terms');
    await page.setViewportSize(PHONE);
    await shot(page, 'time-project-without-terms-phone');
    expect(errors).toEqual([]);
    await close();
  });
});
