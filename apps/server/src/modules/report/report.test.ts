import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item } from '../../db/schema/index';
import type { TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';
import { pdfText } from '../../test/pdf';
import { type PostedItem, pdfPages, reportSetup } from '../../test/report-setup';
import type { Register } from './data';
import { registerDocx } from './docx';
import { reportTexts } from './labels';
import { registerPdf } from './pdf';

/** The text items of one page with their positions. */
async function pdfItems(data: Buffer, page: number) {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(page)).getTextContent();
  const items = content.items.flatMap((x) =>
    'str' in x && x.str.trim() ? [{ str: x.str, x: x.transform[4], y: x.transform[5] }] : [],
  );
  await doc.destroy();
  return items;
}

async function sheets(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1).map((v) => (v == null ? '' : String(v)))] : [])),
  }));
}

/** A DOCX read back: the body's paragraphs as text, the footer's fields, the media it embeds. */
async function docxParts(data: Buffer) {
  const zip = await JSZip.loadAsync(data);
  const xml = await zip.file('word/document.xml')!.async('string');
  const footers = await Promise.all(
    Object.keys(zip.files)
      .filter((n) => /^word\/footer\d*\.xml$/.test(n))
      .map((n) => zip.file(n)!.async('string')),
  );
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
  );
  const headings = [...xml.matchAll(/<w:pStyle w:val="(Heading\d|Title)"\/>[\s\S]*?<\/w:p>/g)].map((m) =>
    [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''),
  );
  const xmlText = (s: string) =>
    s
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"');
  return {
    text: xmlText(paragraphs.join('\n')),
    headings: headings.map(xmlText),
    tables: (xml.match(/<w:tbl>/g) ?? []).length,
    footer: footers.join(''),
    media: Object.keys(zip.files).filter((n) => n.startsWith('word/media/')),
  };
}

/**
 * The DOCX as LibreOffice reads it: converted to PDF headless, that PDF's text. Skipped (null) on
 * a machine without LibreOffice; CI installs it, so there a missing LibreOffice fails.
 */
async function sofficeText(docx: Buffer): Promise<string | null> {
  const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
  if (!soffice) {
    if (process.env.CI) throw new Error('LibreOffice (soffice) is missing: CI installs libreoffice-writer-nogui');
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'docx-'));
  try {
    writeFileSync(join(dir, 'r.docx'), docx);
    execFileSync(
      soffice,
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'r.docx')],
      {
        timeout: 120_000,
      },
    );
    return await pdfText(readFileSync(join(dir, 'r.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('processing-register report', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let bakery: string;
  let gruppe: string;
  let processNumber: string;
  let processId: string;

  const url = (q: Record<string, string>) => `/api/report/processing-register?${new URLSearchParams(q)}`;
  let post: (path: string, payload: object) => Promise<PostedItem>;

  beforeAll(async () => {
    ({ t, admin, other, bakery, post } = await reportSetup());
    reader = await t.tokenFor('reader@demo.local');
    gruppe = await t.companyIdOf('Beispiel Gruppe');
    const tagRes = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Kunden' },
    });
    const tagId: string | undefined = tagRes.statusCode < 300 ? tagRes.json().id : undefined;
    const period = await post('storage-period', { name: 'Rechnungen', data: { period: '10 Jahre' } });
    const measure = await post('measure', { name: 'Festplattenverschlüsselung', data: { category: 'encryption' } });
    const provider = await post('service-agreement-with-provider', { name: 'Hosting', data: { counterparty: 'Host GmbH' } });
    const process = await post('process', {
      name: 'Kundenverwaltung',
      data: {
        role: 'controller',
        purposes: 'Vertragsabwicklung',
        legalBases: ['art6_1_b', 'art6_1_c'],
        personGroups: tagId ? [tagId] : [],
        recipients: 'Steuerberater',
        thirdCountryTransfer: true,
        thirdCountries: 'USA',
        transferSafeguard: 'scc',
        storagePeriods: [period.id],
        measures: [measure.id],
        processors: [provider.id],
      },
    });
    processNumber = process.number;
    processId = process.id;
    await post('process', { name: 'Lohnabrechnung für Kunden', data: { role: 'processor' } });
    await post('service-agreement-with-client', { name: 'Newsletter für Café Müller', data: { counterparty: 'Café Müller' } });
    await post('service-agreement-with-client', {
      name: 'Buchhaltung Anton',
      data: { counterparty: 'Anton AG', signed: true, contractDate: '2026-03-15' },
    });
  });
  afterAll(() => t.close());

  it('exports the controller register as XLSX: one row per activity, a column per Art. 30 field, links by number and name', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'xlsx' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="VVT Backerei Schmidt \d{4}-\d\d-\d\d\.xlsx"; filename\*=UTF-8''VVT%20B%C3%A4ckerei/,
    );
    const [register, info] = await sheets(res.rawPayload);
    expect(register!.name).toBe('Art. 30 Abs. 1');
    const [header, ...rows] = register!.rows;
    expect(header!.slice(0, 6)).toEqual([
      'Nummer',
      'Bezeichnung',
      'Beschreibung',
      'Verantwortliche Abteilung',
      'Zwecke der Verarbeitung',
      'Rechtsgrundlagen',
    ]);
    // The processor's own activity belongs to the Art. 30(2) register.
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i] ?? '']));
    expect(row).toMatchObject({
      Nummer: processNumber,
      Bezeichnung: 'Kundenverwaltung',
      'Zwecke der Verarbeitung': 'Vertragsabwicklung',
      Rechtsgrundlagen:
        'Art. 6 Abs. 1 lit. b DSGVO – Vertrag oder vorvertragliche Maßnahmen\nArt. 6 Abs. 1 lit. c DSGVO – rechtliche Verpflichtung',
      'Übermittlung in Drittländer': 'ja',
      Drittländer: 'USA',
      'Garantien für die Übermittlung': 'Standardvertragsklauseln (Art. 46 Abs. 2 lit. c DSGVO)',
      'Kategorien von Empfängern': 'Steuerberater',
    });
    expect(row.Löschfristen).toMatch(/^LF-\d+ Rechnungen \(10 Jahre\)$/);
    expect(row['Technische und organisatorische Maßnahmen (Art. 32 DSGVO)']).toMatch(/^TOM-\d+ Festplattenverschlüsselung$/);
    expect(row['Auftragsverarbeiter (AV-Verträge)']).toMatch(/^AVV-\d+ Hosting$/);
    expect(info!.rows.flat()).toContain('Bäckerei Schmidt');
  });

  it('exports the processor register (Art. 30(2)) per client, in English for an English user', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'processor', format: 'xlsx' }),
      headers: t.auth(admin, { 'accept-language': 'en' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [register] = await sheets(res.rawPayload);
    const [header, ...rows] = register!.rows;
    expect(header!.slice(0, 3)).toEqual(['Number', 'Name', 'Client']);
    // Sorted by client.
    expect(rows.map((r) => r[1])).toEqual(['Buchhaltung Anton', 'Newsletter für Café Müller']);
  });

  it('writes dates as real date cells: contract date, last change, generation date', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'processor', format: 'xlsx' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const anton = [2, 3].map((n) => ws.getRow(n)).find((r) => r.getCell(2).value === 'Buchhaltung Anton')!;
    const contract = anton.getCell(col('Vertragsdatum'));
    expect(contract.value).toBeInstanceOf(Date);
    expect((contract.value as Date).toISOString().slice(0, 10)).toBe('2026-03-15');
    expect(contract.numFmt).toBe('dd.mm.yyyy');
    const changed = anton.getCell(col('Letzte Änderung'));
    expect(changed.value).toBeInstanceOf(Date);
    expect(anton.getCell(col('Status')).value).toBe('Offen');
    const info = wb.worksheets[1]!;
    const generated = [1, 2, 3].map((n) => info.getRow(n)).find((r) => r.getCell(1).value === 'Erstellt am')!;
    expect(generated.getCell(2).value).toBeInstanceOf(Date);
  });

  it('renders the controller register as PDF: cover, overview table, one table per activity, page x of y', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'pdf' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBe(3);
    expect(pages[0]).toContain('Verzeichnis von Verarbeitungstätigkeiten');
    expect(pages[0]).toContain('Bäckerei Schmidt');
    expect(pages[0]).toContain('Datenschutzbeauftragter');
    expect(pages[0]).toMatch(/Erstellt am \d\d\.\d\d\.\d{4}/);
    expect(pages[0]).toMatch(/Version \d+/);
    expect(pages[0]).toMatch(/Stand der Einträge \d\d\.\d\d\.\d{4}/);
    // The overview: number, name, status, last change and the page the activity starts on.
    expect(pages[1]).toContain('Übersicht der Verarbeitungstätigkeiten');
    expect(pages[1]).toMatch(new RegExp(`${processNumber} Kundenverwaltung .*Offen \\d\\d\\.\\d\\d\\.\\d{4} 3`));
    expect(pages[1]).toContain('Seite 2 von 3');
    expect(pages[2]).toContain(`${processNumber} Kundenverwaltung`);
    expect(pages[2]).toContain('Standardvertragsklauseln');
    // A list is one bullet per entry, not one run-on line: the entries start one below the other.
    const items = await pdfItems(res.rawPayload, 3);
    const valueX = items.find((i) => i.str === 'Vertragsabwicklung')!.x;
    const bases = items.filter((i) => i.str === 'Art.');
    expect(bases).toHaveLength(2);
    expect(bases[0]!.x).toBeCloseTo(bases[1]!.x, 0);
    expect(bases[0]!.x).toBeGreaterThan(valueX + 5);
    expect(bases[0]!.y).not.toBeCloseTo(bases[1]!.y, 0);
    expect(pages[2]).toMatch(/Status Offen Letzte Änderung \d\d\.\d\d\.\d{4}/);
    expect(pages[2]).toContain('Seite 3 von 3');
    expect(pages.join(' ')).not.toContain('Lohnabrechnung');

    // The next copy of the same register is the next version.
    const version = Number(/Version (\d+)/.exec(pages[0]!)![1]);
    const again = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'pdf' }),
      headers: t.auth(admin),
    });
    expect((await pdfPages(again.rawPayload))[0]).toContain(`Version ${version + 1}`);

    const en = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'pdf' }),
      headers: t.auth(admin, { 'accept-language': 'en' }),
    });
    const enPages = await pdfPages(en.rawPayload);
    expect(enPages[1]).toContain('Overview of processing activities');
    expect(enPages[2]).toMatch(/Status Open Last change/);
    expect(enPages[2]).toContain('Page 3 of 3');
  });

  it('renders the processor register as PDF grouped by client', async () => {
    const res = await t.app.inject({ url: url({ companyId: bakery, kind: 'processor', format: 'pdf' }), headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const all = (await pdfPages(res.rawPayload)).join(' ');
    expect(all).toContain('Auftraggeber (Verantwortlicher): Anton AG');
    expect(all).toContain('Auftraggeber (Verantwortlicher): Café Müller');
    expect(all).toContain('Festplattenverschlüsselung');
  });

  it('renders the controller register as DOCX: headings, a table per activity, page numbers in the footer', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'docx' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/filename="VVT Backerei Schmidt \d{4}-\d\d-\d\d\.docx"/);
    expect(res.headers['x-document-id']).toMatch(/^[0-9a-f-]{36}$/);
    const doc = await docxParts(res.rawPayload);
    expect(doc.headings).toContain('Verzeichnis von Verarbeitungstätigkeiten');
    expect(doc.headings).toContain(`${processNumber} Kundenverwaltung`);
    expect(doc.text).toContain('Bäckerei Schmidt');
    expect(doc.text).toContain('Datenschutzbeauftragter');
    expect(doc.text).toMatch(/Erstellt am \d\d\.\d\d\.\d{4}/);
    expect(doc.text).toContain('Standardvertragsklauseln');
    expect(doc.text).toMatch(/LF-\d+ Rechnungen \(10 Jahre\)/);
    expect(doc.text).not.toContain('Lohnabrechnung');
    // The cover's two contact tables and one per activity.
    expect(doc.tables).toBeGreaterThanOrEqual(3);
    expect(doc.footer).toContain('PAGE');
    expect(doc.footer).toContain('NUMPAGES');
    expect(doc.footer).toContain('Bäckerei Schmidt');

    // LibreOffice reads the document whole: the cover, every activity, the last field.
    const opened = await sofficeText(res.rawPayload);
    if (opened !== null) {
      expect(opened).toContain('Verzeichnis von Verarbeitungstätigkeiten');
      expect(opened).toContain(`${processNumber} Kundenverwaltung`);
      expect(opened).toContain('Standardvertragsklauseln');
    }
  }, 180_000);

  it('renders the processor register as DOCX grouped by client, in English for an English user', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'processor', format: 'docx' }),
      headers: t.auth(admin, { 'accept-language': 'en' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await docxParts(res.rawPayload);
    expect(doc.headings.some((h) => h.includes('Anton AG'))).toBe(true);
    expect(doc.headings.some((h) => h.includes('Café Müller'))).toBe(true);
    expect(doc.text).toContain('Festplattenverschlüsselung');
    expect(doc.text).toContain('Buchhaltung Anton');
  });

  it('lets a reader of the company download; other tenants and companies outside the scope get 404', async () => {
    const ok = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'xlsx' }),
      headers: t.auth(reader),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const foreign = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'pdf' }),
      headers: t.auth(other),
    });
    expect(foreign.statusCode).toBe(404);
    const scoped = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'pdf' }),
      headers: t.auth(admin, { 'x-tenant': gruppe }),
    });
    expect(scoped.statusCode).toBe(404);
  });

  it('keeps every generated report among the company documents, downloadable by its id', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, kind: 'controller', format: 'xlsx' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const documentId = res.headers['x-document-id'] as string;
    expect(documentId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.app.inject({ url: `/api/attachment/${documentId}/download`, headers: t.auth(admin) });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    const docs = await t.app.inject({
      url: '/api/attachment?page=0&pageSize=50',
      headers: t.auth(admin, { 'x-tenant': bakery }),
    });
    const kept = docs.json().items.find((a: { id: string }) => a.id === documentId);
    expect(kept).toMatchObject({
      itemId: null,
      companyName: 'Bäckerei Schmidt',
      fileName: expect.stringMatching(/^VVT Bäckerei Schmidt .*\.xlsx$/),
    });
    // Another tenant cannot fetch it by id.
    expect((await t.app.inject({ url: `/api/attachment/${documentId}/download`, headers: t.auth(other) })).statusCode).toBe(404);
  });

  it('refuses a user without the read claim of the register (403) and keeps nothing', async () => {
    await addUserWithClaims(t, {
      email: 'ohne-vvt@demo.local',
      companyId: bakery,
      claims: ['Issue.Read', 'Document.ReadExtended'],
    });
    const token = await t.tokenFor('ohne-vvt@demo.local');
    const count = async () =>
      (await t.app.inject({ url: '/api/attachment?page=0&pageSize=1', headers: t.auth(admin, { 'x-tenant': bakery }) })).json()
        .total;
    const before = await count();
    for (const kind of ['controller', 'processor']) {
      const res = await t.app.inject({ url: url({ companyId: bakery, kind, format: 'pdf' }), headers: t.auth(token) });
      expect(res.statusCode, kind).toBe(403);
    }
    const item = await t.app.inject({ url: `/api/report/item/process/${processId}`, headers: t.auth(token) });
    expect(item.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('renders one item as PDF: every field, links by number and name, the history', async () => {
    const res = await t.app.inject({ url: `/api/report/item/process/${processId}`, headers: t.auth(reader) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${processNumber} Kundenverwaltung`));
    const all = (await pdfPages(res.rawPayload)).join(' ');
    expect(all).toContain('Verarbeitungstätigkeit');
    expect(all).toContain(`${processNumber} Kundenverwaltung`);
    expect(all).toContain('Bäckerei Schmidt');
    expect(all).toContain('Vertragsabwicklung');
    expect(all).toContain('Art. 6 Abs. 1 lit. b DSGVO');
    expect(all).toMatch(/LF-\d+ Rechnungen/);
    expect(all).toMatch(/AVV-\d+ Hosting/);
    expect(all).toContain('Verlauf');
    expect(all).toContain('Angelegt');
    expect(all).toContain('Anna Admin');
    expect(res.headers['x-document-id']).toMatch(/^[0-9a-f-]{36}$/);

    const en = await t.app.inject({
      url: `/api/report/item/process/${processId}`,
      headers: t.auth(reader, { 'accept-language': 'en' }),
    });
    expect((await pdfPages(en.rawPayload)).join(' ')).toContain('History');
  });

  it('renders one item as DOCX with the same contents as the PDF', async () => {
    const res = await t.app.inject({ url: `/api/report/item/process/${processId}?format=docx`, headers: t.auth(reader) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/\.docx"/);
    const doc = await docxParts(res.rawPayload);
    expect(doc.headings).toContain(`${processNumber} Kundenverwaltung`);
    expect(doc.headings).toContain('Verlauf');
    expect(doc.text).toContain('Vertragsabwicklung');
    expect(doc.text).toContain('Art. 6 Abs. 1 lit. b DSGVO');
    expect(doc.text).toMatch(/AVV-\d+ Hosting/);
    expect(doc.text).toContain('Anna Admin');
    expect(doc.footer).toContain('PAGE');
    const bad = await t.app.inject({ url: `/api/report/item/process/${processId}?format=xlsx`, headers: t.auth(reader) });
    expect(bad.statusCode).toBe(422);

    const opened = await sofficeText(res.rawPayload);
    if (opened !== null) {
      expect(opened).toContain(`${processNumber} Kundenverwaltung`);
      expect(opened).toContain('Vertragsabwicklung');
      expect(opened).toContain('Verlauf');
    }
  }, 180_000);

  it('answers 404 for an item of another tenant or of another type, 422 for a malformed id or type', async () => {
    expect((await t.app.inject({ url: `/api/report/item/process/${processId}`, headers: t.auth(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/report/item/issue/${processId}`, headers: t.auth(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/report/item/process/nope', headers: t.auth(admin) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/report/item/cake/${processId}`, headers: t.auth(admin) })).statusCode).toBe(422);
  });

  it('answers 422 to an unknown kind or format or a malformed company id', async () => {
    for (const q of [
      { companyId: bakery, kind: 'joint', format: 'pdf' },
      { companyId: bakery, kind: 'controller', format: 'doc' },
      { companyId: 'nope', kind: 'controller', format: 'pdf' },
      { kind: 'controller', format: 'pdf' },
    ]) {
      const res = await t.app.inject({ url: url(q as Record<string, string>), headers: t.auth(admin) });
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('completes a register of 1,000 activities in both formats', async () => {
    const big = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) }))
      .json()
      .find((c: { name: string }) => c.name === 'Muster Datenschutz GmbH').id as string;
    // Inserted in one statement: a thousand API creates would test the item module, not the report.
    await t.db.insert(item).values(
      Array.from({ length: 1000 }, (_, i) => ({
        companyId: big,
        type: 'process',
        number: 10_000 + i,
        numberLabel: `VT-${10_000 + i}`,
        name: `Verarbeitung ${i}`,
        data: { role: 'controller', purposes: 'Zweck '.repeat(20), legalBases: ['art6_1_f'], recipients: 'Intern' },
      })),
    );
    let started = Date.now();
    const xlsx = await t.app.inject({ url: url({ companyId: big, kind: 'controller', format: 'xlsx' }), headers: t.auth(admin) });
    expect(xlsx.statusCode).toBe(200);
    console.info(`register of 1,000 activities: XLSX ${Date.now() - started} ms`);
    expect((await sheets(xlsx.rawPayload))[0]!.rows).toHaveLength(1001);
    started = Date.now();
    const pdf = await t.app.inject({ url: url({ companyId: big, kind: 'controller', format: 'pdf' }), headers: t.auth(admin) });
    expect(pdf.statusCode).toBe(200);
    console.info(`register of 1,000 activities: PDF ${Date.now() - started} ms`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 180_000);
});

describe('register PDF', () => {
  it('puts the company logo on the cover page', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const empty = { name: '', address: '', email: '', phone: '', url: '' };
    const register: Register = {
      kind: 'controller',
      texts: reportTexts('en'),
      columns: [],
      rows: [],
      company: { ...empty, name: 'Logo GmbH' },
      dpo: empty,
      measures: [],
      generatedOn: '24.11.2026',
      generatedDay: '2026-11-24',
      version: 1,
      asOf: null,
      logo,
    };
    const pdf = await registerPdf(register, { compress: false });
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    const pages = await pdfPages(pdf);
    expect(pages[0]).toContain('Record of processing activities');
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('No entries');
  });

  it('keeps a short activity on one page and lets one longer than a page flow without losing text', async () => {
    const texts = reportTexts('de');
    const row = (i: number, purposes: string) => ({
      number: `VT-${1000 + i}`,
      name: `Tätigkeit ${i}`,
      group: null,
      cells: { purposes, legalBases: ['Art. 6 Abs. 1 lit. b DSGVO', 'Art. 6 Abs. 1 lit. f DSGVO'], recipients: 'Intern' },
      dates: {},
      status: 1,
      statusName: 'In Bearbeitung',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    const long = `${'Ein sehr ausführlicher Zweck der Verarbeitung mit vielen Einzelheiten. '.repeat(160)}EndeDesZwecks`;
    const register: Register = {
      kind: 'controller',
      texts,
      columns: (['purposes', 'legalBases', 'recipients'] as const).map((key) => ({ key, label: texts.field[key] })),
      rows: [
        ...Array.from({ length: 8 }, (_, i) => row(i, 'Kurzer Zweck. '.repeat(1 + ((i * 7) % 40)))),
        row(8, long),
        row(9, 'Kurzer Zweck.'),
      ],
      company: { name: 'Lang GmbH', address: '', email: '', phone: '', url: '' },
      dpo: { name: '', address: '', email: '', phone: '', url: '' },
      measures: [],
      generatedOn: '24.11.2026',
      generatedDay: '2026-11-24',
      version: 1,
      asOf: '20.11.2026',
      logo: null,
    };
    const pages = await pdfPages(await registerPdf(register));
    const onPages = (s: string) => pages.flatMap((p, i) => (p.includes(s) ? [i] : []));
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 9]) {
      // Heading and last row of a short activity are on the same page (the overview lists the name too).
      const heading = onPages(`VT-${1000 + i} Tätigkeit ${i} Zwecke`);
      expect(heading, `VT-${1000 + i}`).toHaveLength(1);
      expect(pages[heading[0]!]).toMatch(new RegExp(`VT-${1000 + i} Tätigkeit ${i} Zwecke[^]*?Letzte Änderung 20\\.11\\.2026`));
    }
    const start = onPages('VT-1008 Tätigkeit 8').filter((i) => i > 1)[0]!;
    const end = onPages('EndeDesZwecks')[0]!;
    expect(end).toBeGreaterThan(start);
    expect(pages[end]).toContain('Letzte Änderung');
  });

  it('puts the company logo on the DOCX cover', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const empty = { name: '', address: '', email: '', phone: '', url: '' };
    const docx = await registerDocx({
      kind: 'controller',
      texts: reportTexts('en'),
      columns: [],
      rows: [],
      company: { ...empty, name: 'Logo GmbH' },
      dpo: empty,
      measures: [],
      generatedOn: '24.11.2026',
      generatedDay: '2026-11-24',
      version: 1,
      asOf: null,
      logo,
    });
    const doc = await docxParts(docx);
    expect(doc.media).toHaveLength(1);
    expect(doc.headings).toContain('Record of processing activities');
    expect(doc.text).toContain('No entries');
  });
});
