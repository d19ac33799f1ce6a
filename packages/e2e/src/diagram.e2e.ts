import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, seriousViolations, shot, signIn } from './browser';
import { bytesOf, downloadBy } from './downloads';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';
const DEMO = 'Demo Unternehmen GmbH';
/** A company of the agency without demo items: the 500 generated nodes go there. */
const LARGE = 'Beispiel Logistik GmbH';

type Node = { id: string; name: string; type: string; containerId: string | null };

async function api<T>(server: RunningServer, method: string, url: string, body?: unknown, tenant?: string): Promise<T> {
  const token = await accessToken(server.url, ADMIN);
  const answer = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(tenant ? { 'X-Tenant': tenant } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Many items through the API at once, a few requests at a time. */
async function createAll(server: RunningServer, tenant: string, type: string, payloads: object[]): Promise<string[]> {
  const ids: string[] = new Array(payloads.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < payloads.length) {
        const i = next++;
        ids[i] = (await api<{ id: string }>(server, 'POST', `/${type}`, payloads[i], tenant)).id;
      }
    }),
  );
  return ids;
}

/** The reminder of the demo company's unfinished wizard, ticked away for good when it shows. */
async function dismissReminder(page: Page) {
  const reminder = page.getByRole('dialog', { name: 'Willkommen bei Privacy Cockpit' });
  const shown = await reminder.waitFor({ timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await reminder.getByRole('checkbox', { name: 'Nicht mehr erinnern' }).check();
  await reminder.getByRole('button', { name: 'Nicht jetzt' }).click();
  await reminder.waitFor({ state: 'detached' });
}

/** Width and height of an image as Chromium decodes it. */
async function decodedSize(page: Page, bytes: Buffer, mime: string) {
  return page.evaluate(
    async ({ b64, type }) => {
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([raw], { type }));
      return { width: bitmap.width, height: bitmap.height };
    },
    { b64: bytes.toString('base64'), type: mime },
  );
}

describe('organisation diagram', () => {
  const app = withServerAndBrowser();
  let page: Page;
  let close: () => Promise<void>;
  let errors: string[];
  let companies: { id: string; name: string }[];
  const layoutLog: string[] = [];

  beforeAll(async () => {
    companies = await api(app.server, 'GET', '/company/list-items');
    await api(app.server, 'PUT', '/user/scope', { companyId: companies.find((c) => c.name === DEMO)!.id });
    ({ page, errors, close } = await app.newPage());
    page.on('console', (m) => {
      if (m.text().startsWith('diagram layout:')) layoutLog.push(m.text());
    });
    await signIn(page, app.server.url, ADMIN);
    // The demo company's wizard reminder may cover the dashboard (and hide its heading from roles).
    await page.waitForURL(/\/home$/, { timeout: 30_000 });
    await dismissReminder(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  it('draws the demo company and a click on a process opens it', { timeout: 120_000 }, async () => {
    const demo = companies.find((c) => c.name === DEMO)!;
    const { nodes } = await api<{ nodes: Node[] }>(app.server, 'GET', `/diagram?companyId=${demo.id}`);
    expect(nodes.filter((n) => n.type === 'O').length).toBeGreaterThanOrEqual(2);

    // The diagram is an entry of the sidebar's "Organisation" section.
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    const section = nav.getByRole('button', { name: 'Organisation' });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await nav.getByRole('link', { name: 'Organigramm' }).click();
    await page.waitForURL(/\/diagram$/);
    const chart = page.getByTestId('organisation-chart');
    await chart
      .locator('.react-flow__node')
      .nth(nodes.length - 1)
      .waitFor();
    expect(await chart.locator('.react-flow__node').count()).toBe(nodes.length);
    for (const type of ['C', 'O', 'P', 'SA', 'PSA']) {
      expect(await chart.locator(`[data-node-type="${type}"]`).count()).toBe(nodes.filter((n) => n.type === type).length);
    }
    await chart.getByRole('link', { name: `Firma ${DEMO} öffnen` }).waitFor();
    expect(await chart.getByRole('list', { name: 'Legende' }).getByRole('listitem').count()).toBe(5);
    // The descriptions a screen reader gets are German and speak of links, not of moving or deleting nodes.
    const descriptions = await chart.locator('[id^="react-flow__node-desc"], [id^="react-flow__edge-desc"]').allTextContents();
    expect(descriptions).toEqual([
      'Jeder Eintrag ist ein Link: Tab führt zu ihm, Enter öffnet ihn.',
      'Ein Pfeil führt von einer Verarbeitungstätigkeit zu ihrem Auftragsverarbeiter.',
    ]);
    await shot(page, 'diagram-desktop');
    expect(await seriousViolations(page, { exclude: ['nav'] })).toEqual([]);

    const process = nodes.find((n) => n.type === 'P' && n.containerId?.startsWith('O-'))!;
    await chart.getByRole('link', { name: `Verarbeitungstätigkeit ${process.name} öffnen` }).click();
    await page.waitForURL(new RegExp(`/process/${process.id.slice(2)}$`));
    await page
      .getByRole('heading', { name: new RegExp(process.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .waitFor();

    // A click on a unit's frame (not on its name) opens the unit.
    await page.goBack();
    const unit = nodes.find((n) => n.type === 'O')!;
    await chart
      .locator('.react-flow__node')
      .nth(nodes.length - 1)
      .waitFor();
    await chart.locator(`[data-id="${unit.id}"]`).click({ position: { x: 6, y: 4 } });
    await page.waitForURL(new RegExp(`/organisation-unit/${unit.id.slice(2)}$`));
    expect(errors).toEqual([]);
  });

  it('exports plain SVG, PNG and JPG at twice its size, and a landscape PDF, named after company and day', {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${app.server.url}/diagram`);
    const chart = page.getByTestId('organisation-chart');
    await chart.locator('.react-flow__node').first().waitFor({ timeout: 30_000 });
    const files: Record<string, Buffer> = {};
    const menuItems = {
      SVG: 'Als SVG exportieren',
      PNG: 'Als PNG exportieren',
      JPG: 'Als JPG exportieren',
      PDF: 'Als PDF exportieren (A4 quer)',
    };
    for (const [format, menuItem] of Object.entries(menuItems)) {
      await chart.getByRole('button', { name: 'Exportieren' }).click();
      const download = await downloadBy(page, page.getByRole('menuitem', { name: menuItem }), { timeout: 60_000 });
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^Organigramm ${DEMO} \\d{4}-\\d{2}-\\d{2}\\.${format.toLowerCase()}$`),
      );
      files[format] = await bytesOf(download);
      expect(files[format]!.length).toBeGreaterThan(1000);
    }

    const svg = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        foreignObjects: doc.getElementsByTagName('foreignObject').length,
        root: root.nodeName,
        width: Number(root.getAttribute('width')),
        height: Number(root.getAttribute('height')),
      };
    }, files.SVG!.toString('utf8'));
    // Plain SVG shapes and text, so office programs open it.
    expect(svg).toMatchObject({ error: false, root: 'svg', foreignObjects: 0 });
    expect(svg.width).toBeGreaterThan(300);
    expect(svg.height).toBeGreaterThan(200);
    expect(files.SVG!.toString('utf8')).toContain(DEMO);
    // The images are the SVG at twice its size, sharp in print and on slides.
    const doubled = { width: Math.ceil(svg.width * 2), height: Math.ceil(svg.height * 2) };
    expect(await decodedSize(page, files.PNG!, 'image/png')).toEqual(doubled);
    expect(await decodedSize(page, files.JPG!, 'image/jpeg')).toEqual(doubled);
    expect(files.PNG!.subarray(1, 4).toString()).toBe('PNG');
    expect([...files.JPG!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // The PDF: one A4 landscape page with the same title, company, legend and names as text.
    const pdf = await getDocument({ data: new Uint8Array(files.PDF!), useSystemFonts: false, isEvalSupported: false }).promise;
    expect(pdf.numPages).toBe(1);
    const sheet = await pdf.getPage(1);
    expect(sheet.view.map(Math.round)).toEqual([0, 0, 842, 595]);
    const text = (await sheet.getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ');
    for (const part of ['Organigramm', DEMO, 'Legende:']) expect(text).toContain(part);
    await pdf.destroy();
  });

  it('shows the chart as a dashboard tile the viewport high minus 170 px', { timeout: 60_000 }, async () => {
    await page.goto(`${app.server.url}/home`);
    const tile = page.locator('[data-tile="diagram"]');
    await page.locator('[data-tile=Issue] tbody tr').first().waitFor({ timeout: 30_000 });
    // Below the fold the chart is not drawn (nor its code loaded) until it is scrolled near.
    expect(await tile.locator('.react-flow').count()).toBe(0);
    await tile.scrollIntoViewIfNeeded();
    await tile.locator('.react-flow__node').first().waitFor({ timeout: 30_000 });
    const box = await tile.locator('.react-flow').boundingBox();
    expect(box?.height).toBe(DESKTOP.height - 170);
  });

  it('lays out 500 nodes (the time goes to the log)', { timeout: 300_000 }, async () => {
    const large = companies.find((c) => c.name === LARGE)!;
    const agreements = await createAll(
      app.server,
      large.id,
      'service-agreement-with-provider',
      Array.from({ length: 139 }, (_, i) => ({ name: `Dienstleister ${i + 1}`, data: { counterparty: `Firma ${i + 1}` } })),
    );
    const processes = await createAll(
      app.server,
      large.id,
      'process',
      Array.from({ length: 300 }, (_, i) => ({
        name: `Verarbeitung ${i + 1}`,
        data: { role: 'controller', processors: i % 3 === 0 ? [agreements[i % agreements.length]] : [] },
      })),
    );
    const [top] = await createAll(app.server, large.id, 'organisation-unit', [{ name: 'Zentrale', data: {} }]);
    await createAll(
      app.server,
      large.id,
      'organisation-unit',
      Array.from({ length: 59 }, (_, i) => ({
        name: `Abteilung ${i + 1}`,
        data: { parentUnit: i % 6 === 0 ? [] : [top], processes: processes.slice(i * 5, i * 5 + 5) },
      })),
    );
    const { nodes } = await api<{ nodes: Node[] }>(app.server, 'GET', `/diagram?companyId=${large.id}`);
    expect(nodes).toHaveLength(500);

    await api(app.server, 'PUT', '/user/scope', { companyId: large.id });
    layoutLog.length = 0;
    await page.goto(`${app.server.url}/diagram`);
    const chart = page.getByTestId('organisation-chart');
    await chart.locator('.react-flow__node').nth(499).waitFor({ timeout: 60_000 });
    expect(await chart.locator('.react-flow__node').count()).toBe(500);
    await expect.poll(() => layoutLog.find((l) => l.includes(' 500 nodes '))).toBeTruthy();
    // Spec: under 1 s in the browser. Logged for the report, not asserted (the machine's load varies).
    console.info(`[diagram e2e] ${layoutLog.find((l) => l.includes(' 500 nodes '))}`);
    await shot(page, 'diagram-500-desktop');
  });
});
