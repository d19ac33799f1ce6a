import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, itemHistory, pendingImport } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, multipart } from '../../test/helpers';
import { removeAbandonedImports } from './cleanup';
import { autoMapping } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A real workbook: a header row and data rows; a cell given as `{ formula }` is written as a formula. */
async function workbook(rows: (string | number | { formula: string } | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Daten');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function sheets(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1).map((v) => (v == null ? '' : String(v)))] : [])),
  }));
}

type Preview = {
  importId: string;
  mapping: { header: string; field: string | null }[];
  rows: {
    line: number;
    number: string | null;
    state: string;
    name: string;
    data: Record<string, unknown>;
    errors: { column: string; message: string }[];
  }[];
  counts: { new: number; updated: number; unchanged: number; errors: number };
};

describe('register import', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let bakery: string;
  let colleague: string;

  const preview = async (name: string, mime: string, content: Buffer, token = admin, register = 'process') => {
    const m = multipart(name, mime, content);
    return t.app.inject({
      method: 'POST',
      url: `/api/import/${register}/preview`,
      headers: { ...t.auth(token, { 'x-tenant': bakery }), ...m.headers },
      payload: m.payload,
    });
  };
  const commit = (importId: string, token = admin, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/import/${importId}/commit`,
      headers: t.auth(token, { 'x-tenant': bakery }),
      payload: body,
    });
  const processes = async () =>
    t.db
      .select({ id: item.id, name: item.name, data: item.data, number: item.number })
      .from(item)
      .where(and(eq(item.companyId, bakery), eq(item.type, 'process')));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    await addUserWithClaims(t, { email: 'colleague@import.test', companyId: bakery, claims: ['Process.Read', 'Process.Write'] });
    colleague = await t.tokenFor('colleague@import.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/storage-period',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Steuerunterlagen', data: { period: '10 Jahre' } },
    });
  });
  afterAll(() => t.close());

  it('maps German and English headers, keys and misspellings, ignoring case, spaces, umlauts and ß', () => {
    expect(
      autoMapping('process', [
        'Bezeichnung',
        'ZWECKE DER VERARBEITUNG',
        'Rechtsgrundlage',
        'Drittlaender',
        'Rolle',
        'Purposes',
        'Unbekannte Spalte',
      ]),
    ).toEqual(['name', 'purposes', 'legalBases', 'thirdCountries', 'role', null, null]);
    expect(autoMapping('process', ['Name', 'Purposes of processing', 'Recipients'])).toEqual(['name', 'purposes', 'recipients']);
    expect(autoMapping('process', ['Bezeichnug', 'Zwekce der Verarbeitung'])).toEqual(['name', 'purposes']);
  });

  it('offers a template: a column per form field in the user language, allowed values, an example row', async () => {
    const de = await t.app.inject({
      url: '/api/import/process/template?format=xlsx',
      headers: t.auth(admin, { 'x-tenant': bakery }),
    });
    expect(de.statusCode, de.body).toBe(200);
    const [data, values] = await sheets(de.rawPayload);
    expect(data!.rows[0]).toContain('Zwecke der Verarbeitung');
    expect(data!.rows[1]).toContain('Beispieleintrag');
    expect(values!.rows[0]).toContain('Rechtsgrundlagen');
    expect(values!.rows.flat().some((v) => v.startsWith('Art. 6 Abs. 1 lit. b DSGVO'))).toBe(true);

    const en = await t.app.inject({
      url: '/api/import/process/template?format=csv',
      headers: t.auth(admin, { 'x-tenant': bakery, 'accept-language': 'en' }),
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.body).toContain('"Purposes of processing"');
    // The template of a register the caller may not write is refused.
    const denied = await t.app.inject({
      url: '/api/import/process/template',
      headers: t.auth(await t.tokenFor('reader@demo.local')),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('previews an XLSX without writing, commits it in one go, and a second import of the same file changes nothing', async () => {
    const before = (await processes()).length;
    const file = await workbook([
      [
        'Bezeichnung',
        'Rolle',
        'Zwecke der Verarbeitung',
        'Rechtsgrundlagen',
        'Löschfristen',
        'Kategorien betroffener Personen',
        'Drittlandübermittlung',
      ],
      [
        'Bewerbermanagement',
        'Verantwortlicher',
        'Auswahl von Bewerbern',
        'Art. 6 Abs. 1 lit. b DSGVO',
        'Steuerunterlagen',
        'Bewerber',
        'nein',
      ],
      ['Videoüberwachung', 'controller', '=HYPERLINK("http://x")', 'art6_1_f', '', 'Besucher; Beschäftigte', 'ja'],
    ]);
    const res = await preview('Verzeichnis.xlsx', XLSX, file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Preview;
    expect(p.counts).toEqual({ new: 2, updated: 0, unchanged: 0, errors: 0 });
    expect(p.mapping.map((m) => m.field)).toEqual([
      'name',
      'role',
      'purposes',
      'legalBases',
      'storagePeriods',
      'personGroups',
      'thirdCountryTransfer',
    ]);
    // A formula is taken as its text, never evaluated.
    expect(p.rows[1]!.data.purposes).toBe('=HYPERLINK("http://x")');
    expect(p.rows[0]!.data.legalBases).toEqual(['art6_1_b']);
    expect((await processes()).length).toBe(before);

    const done = await commit(p.importId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: 2, updated: 0 });
    const after = await processes();
    expect(after.length).toBe(before + 2);
    const video = after.find((x) => x.name === 'Videoüberwachung')!;
    expect(video.data.thirdCountryTransfer).toBe(true);
    expect((video.data.personGroups as string[]).length).toBe(2);
    const history = await t.db.select().from(itemHistory).where(eq(itemHistory.itemId, video.id));
    expect(history.map((h) => h.action)).toEqual(['imported']);
    // The import id is spent.
    expect((await commit(p.importId)).statusCode).toBe(404);

    // Without numbers the rows are found by name: the same file again changes nothing.
    const again = (await preview('Verzeichnis.xlsx', XLSX, file)).json() as Preview;
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 2, errors: 0 });
    expect((await commit(again.importId)).json()).toMatchObject({ created: 0, updated: 0 });
    expect((await processes()).length).toBe(before + 2);

    // The export's numbers make a re-import an update: same rows with their numbers change nothing.
    const bew = after.find((x) => x.name === 'Bewerbermanagement')!;
    const numbered = await workbook([
      ['Nummer', 'Bezeichnung', 'Rolle', 'Zwecke der Verarbeitung', 'Rechtsgrundlagen'],
      [
        `VT-${String(bew.number).padStart(4, '0')}`,
        'Bewerbermanagement',
        'Verantwortlicher',
        'Auswahl von Bewerbern',
        'Art. 6 Abs. 1 lit. b DSGVO',
      ],
      [
        `VT-${String(video.number).padStart(4, '0')}`,
        'Videoüberwachung',
        'Verantwortlicher',
        'Schutz des Hausrechts',
        'art6_1_f',
      ],
    ]);
    const second = (await preview('v2.xlsx', XLSX, numbered)).json() as Preview;
    expect(second.counts).toEqual({ new: 0, updated: 1, unchanged: 1, errors: 0 });
    expect((await commit(second.importId)).json()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await processes()).length).toBe(before + 2);
    const third = (await preview('v2.xlsx', XLSX, numbered)).json() as Preview;
    expect(third.counts).toEqual({ new: 0, updated: 0, unchanged: 2, errors: 0 });
    expect((await commit(third.importId)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const videoHistory = await t.db.select().from(itemHistory).where(eq(itemHistory.itemId, video.id));
    expect(videoHistory.map((h) => h.action)).toEqual(['imported', 'imported']);
  });

  it('reads CSV in UTF-8 with BOM and Windows-1252, with ; , or tab, English headers', async () => {
    const utf8 = Buffer.from('\ufeffName;Role;Purposes of processing\r\nCSV Verarbeitung Ä;Controller;Zweck mit ß\r\n', 'utf8');
    const a = (await preview('a.csv', 'text/csv', utf8)).json() as Preview;
    expect(a.counts.new).toBe(1);
    expect(a.rows[0]!.name).toBe('CSV Verarbeitung Ä');
    expect(a.rows[0]!.data.purposes).toBe('Zweck mit ß');

    const latin = Buffer.from(
      'Bezeichnung,Rolle,Zwecke der Verarbeitung\r\nLohnbüro,Verantwortlicher,Gehaltsabrechnung für Mitarbeiter\r\n',
      'latin1',
    );
    const b = (await preview('b.csv', 'application/vnd.ms-excel', latin)).json() as Preview;
    expect(b.rows[0]!.name).toBe('Lohnbüro');
    expect(b.rows[0]!.data.purposes).toBe('Gehaltsabrechnung für Mitarbeiter');

    const tab = Buffer.from('name\trole\tpurposes\nTab-Zeile\tcontroller\tmit, Komma\n', 'utf8');
    const c = (await preview('c.csv', 'text/csv', tab)).json() as Preview;
    expect(c.rows[0]!.data.purposes).toBe('mit, Komma');
  });

  it('shows per-cell errors and refuses to commit an import with errors, writing nothing', async () => {
    const before = (await processes()).length;
    const file = await workbook([
      ['Bezeichnung', 'Rolle', 'Rechtsgrundlagen', 'Löschfristen', 'Drittländer'],
      ['', 'Verantwortlicher', '', '', ''],
      ['Gut', 'Verantwortlicher', 'Art. 99', 'LF-9999', ''],
      ['Zu lang', 'Verantwortlicher', '', '', 'x'.repeat(501)],
      ['Ohne Rolle', 'Chef', '', '', ''],
    ]);
    const p = (await preview('bad.xlsx', XLSX, file)).json() as Preview;
    expect(p.counts.errors).toBe(4);
    expect(p.rows[0]!.errors.map((e) => e.message)).toContain('validation.required');
    expect(p.rows[1]!.errors.map((e) => e.message)).toEqual(['validation.option', 'validation.unknownReference']);
    expect(p.rows[2]!.errors).toEqual([expect.objectContaining({ column: 'Drittländer', message: 'validation.tooLong' })]);
    expect(p.rows[3]!.errors[0]!.column).toBe('Rolle');
    const res = await commit(p.importId);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect((await processes()).length).toBe(before);
  });

  it('tells a client that accepts NDJSON how many rows are written, then the outcome once committed', async () => {
    const streamed = async (importId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/import/${importId}/commit`,
        headers: t.auth(admin, { 'x-tenant': bakery, accept: 'application/x-ndjson' }),
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
      return res.body
        .trim()
        .split('\n')
        .map(
          (l) => JSON.parse(l) as { done?: number; total?: number; result?: unknown; error?: { status: number; code: string } },
        );
    };
    const before = (await processes()).length;
    // Three statements of new items (500 rows each).
    const rows = Array.from({ length: 1201 }, (_, i) => [`Verarbeitung ${i + 1}`, 'Verantwortlicher']);
    const p = (await preview('viele.xlsx', XLSX, await workbook([['Bezeichnung', 'Rolle'], ...rows]))).json() as Preview;
    const lines = await streamed(p.importId);
    const progress = lines.slice(0, -1);
    expect(progress[0]).toEqual({ done: 0, total: 1201 });
    expect(progress.at(-1)).toEqual({ done: 1201, total: 1201 });
    const dones = progress.map((l) => l.done!);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(lines.at(-1)).toEqual({ result: { created: 1201, updated: 0, unchanged: 0 } });
    expect((await processes()).length).toBe(before + 1201);

    // An error is the last line, in the shape of any error answer, and nothing is written.
    const bad = (
      await preview(
        'bad.xlsx',
        XLSX,
        await workbook([
          ['Bezeichnung', 'Rolle'],
          ['Neu', 'Chef'],
        ]),
      )
    ).json() as Preview;
    const refused = await streamed(bad.importId);
    expect(refused.at(-1)).toEqual({
      error: expect.objectContaining({ status: 422, code: 'validation_failed', message: expect.any(String) }),
    });
    expect((await streamed(p.importId)).at(-1)).toMatchObject({ error: { status: 404, code: 'not_found' } });
    expect((await processes()).length).toBe(before + 1201);
  });

  it('names a required field no column fills, so a new item never lacks it', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Zwecke der Verarbeitung'],
      ['Ohne Rollenspalte', 'Etwas'],
    ]);
    const p = (await preview('ohne-rolle.xlsx', XLSX, file)).json() as Preview;
    expect(p.counts.errors).toBe(1);
    expect(p.rows[0]!.errors).toEqual([
      expect.objectContaining({ column: 'Rolle (Art. 30 DSGVO)', message: 'validation.required' }),
    ]);
    expect((await commit(p.importId)).statusCode).toBe(422);
  });

  it('imports status, owner and assignee: users by e-mail or full name, statuses by name or code', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Rolle', 'Status', 'Verantwortlich', 'Bearbeitet von'],
      ['Mit Personen', 'Verantwortlicher', 'Erledigt', 'colleague@import.test', 'Anna Admin'],
      ['Mit Code', 'Verantwortlicher', '1', '', ''],
      ['Falsche Person', 'Verantwortlicher', 'irgendwie', 'niemand@example.com', ''],
    ]);
    const p = (await preview('personen.xlsx', XLSX, file)).json() as Preview;
    expect(p.mapping.map((m) => m.field)).toEqual(['name', 'role', 'status', 'owner', 'assignee']);
    expect(p.rows[2]!.errors.map((e) => [e.column, e.message])).toEqual([
      ['Status', 'validation.option'],
      ['Verantwortlich', 'validation.unknownUser'],
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/import/${p.importId}/mapping`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { mapping: ['name', 'role', 'status', 'owner', 'assignee'] },
    });
    expect(ok.statusCode).toBe(200);
    // Without the faulty row the file goes in.
    const good = await workbook([
      ['Bezeichnung', 'Rolle', 'Status', 'Verantwortlich', 'Bearbeitet von'],
      ['Mit Personen', 'Verantwortlicher', 'Erledigt', 'colleague@import.test', 'Anna Admin'],
      ['Mit Code', 'Verantwortlicher', '1', '', ''],
    ]);
    const q = (await preview('personen.xlsx', XLSX, good)).json() as Preview;
    expect(q.counts).toMatchObject({ new: 2, errors: 0 });
    expect((await commit(q.importId)).statusCode).toBe(200);
    const rows = await t.db
      .select({ name: item.name, status: item.status, ownerId: item.ownerId, assigneeId: item.assigneeId })
      .from(item)
      .where(and(eq(item.companyId, bakery), eq(item.type, 'process')));
    const people = rows.find((r) => r.name === 'Mit Personen')!;
    const code = rows.find((r) => r.name === 'Mit Code')!;
    expect(people.status).toBe(4);
    expect(people.ownerId).not.toBeNull();
    expect(people.assigneeId).not.toBeNull();
    expect(people.ownerId).not.toBe(people.assigneeId);
    // An empty owner cell makes the importer the owner of a new item.
    expect(code.status).toBe(1);
    expect(code.ownerId).toBe(people.assigneeId);
    expect(code.assigneeId).toBeNull();
    // The counters behind the dashboard, kept per statement, match the items after a multi-row insert.
    const [stat] = await queryRows<{ kept: number; counted: number }>(
      t.db,
      sql`select (select coalesce(sum(n), 0) from item_stat where company_id = ${bakery} and type = 'process' and status = 4)::int as kept,
                 (select count(*) from item where company_id = ${bakery} and type = 'process' and status = 4)::int as counted`,
    );
    expect(stat!.counted).toBeGreaterThan(0);
    expect(stat!.kept).toBe(stat!.counted);
    // The same file again changes nothing.
    expect(((await preview('personen.xlsx', XLSX, good)).json() as Preview).counts).toMatchObject({ unchanged: 2 });
  });

  it('lets the user change the mapping on commit: an ignored column is not written', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Rolle', 'Empfänger'],
      ['Mapping geändert', 'Verantwortlicher', 'Steuerbüro'],
    ]);
    const p = (await preview('m.xlsx', XLSX, file)).json() as Preview;
    expect(p.mapping.map((m) => m.field)).toEqual(['name', 'role', 'recipients']);
    const bad = await commit(p.importId, admin, { mapping: ['name', 'role', 'nope'] });
    expect(bad.statusCode).toBe(422);
    const ok = await commit(p.importId, admin, { mapping: ['name', 'role', null] });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (await processes()).find((x) => x.name === 'Mapping geändert')!;
    expect(row.data.recipients ?? '').toBe('');
  });

  it("re-imports the register's own Excel export unchanged; a formula-like name is escaped in the export", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: '=1+1 Kasse', data: { role: 'controller', legalBases: ['art6_1_c'], thirdCountryTransfer: true } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await t.app.inject({
      url: `/api/report/processing-register?companyId=${bakery}&kind=controller&format=xlsx`,
      headers: t.auth(admin),
    });
    expect(exported.statusCode).toBe(200);
    const [sheet] = await sheets(exported.rawPayload);
    expect(sheet!.rows.some((r) => r[1] === "'=1+1 Kasse")).toBe(true);
    const p = (await preview('export.xlsx', XLSX, exported.rawPayload)).json() as Preview;
    // Every column maps but the export's last change, which no import writes (it stays unmapped, ignored).
    expect(p.mapping.filter((m) => m.field === null).map((m) => m.header)).toEqual(['Letzte Änderung']);
    expect(p.counts).toMatchObject({ new: 0, updated: 0, errors: 0 });
    expect(p.counts.unchanged).toBe(sheet!.rows.length - 1);
  });

  it('remembers a changed mapping per user, register and company for the next file with those headers', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Rolle', 'Recipients', 'Interne Notiz'],
      ['Gemerkt', 'Verantwortlicher', 'Steuerbüro', 'Zwecke der Lohnabrechnung'],
    ]);
    const p = (await preview('remember.xlsx', XLSX, file)).json() as Preview;
    expect(p.mapping.map((m) => m.field)).toEqual(['name', 'role', 'recipients', null]);
    const remapped = await t.app.inject({
      method: 'POST',
      url: `/api/import/${p.importId}/mapping`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { mapping: ['name', 'role', null, 'purposes'] },
    });
    expect(remapped.statusCode, remapped.body).toBe(200);
    const r = remapped.json() as Preview;
    expect(r.importId).toBe(p.importId);
    expect(r.rows[0]!.data.purposes).toBe('Zwecke der Lohnabrechnung');
    // The next upload with the same headers (spelled differently) starts from the user's choice.
    const next = await workbook([
      ['BEZEICHNUNG', 'rolle', 'RECIPIENTS', 'interne notiz'],
      ['Gemerkt 2', 'Verantwortlicher', 'Bank', 'Zweck'],
    ]);
    const again = (await preview('remember2.xlsx', XLSX, next)).json() as Preview;
    expect(again.mapping.map((m) => m.field)).toEqual(['name', 'role', null, 'purposes']);
    // Another user of the company starts from the automatic mapping.
    const theirs = (await preview('remember3.xlsx', XLSX, next, colleague)).json() as Preview;
    expect(theirs.mapping.map((m) => m.field)).toEqual(['name', 'role', 'recipients', null]);
    // The commit writes with the kept mapping.
    expect((await commit(r.importId)).statusCode).toBe(200);
    const row = (await processes()).find((x) => x.name === 'Gemerkt')!;
    expect(row.data.purposes).toBe('Zwecke der Lohnabrechnung');
    expect(row.data.recipients ?? '').toBe('');
    // A mapping that names a field twice, or of the wrong length, is refused.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/import/${again.importId}/mapping`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { mapping: ['name', 'name', null, null] },
    });
    expect(twice.statusCode).toBe(422);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/import/${again.importId}/mapping`,
      headers: t.auth(colleague, { 'x-tenant': bakery }),
      payload: { mapping: ['name', 'role', null, null] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('hands out the rows with errors as XLSX: the cells as read, a column of reasons in the user language, and a list', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Rolle', 'Löschfristen'],
      ['Fehlerfrei', 'Verantwortlicher', ''],
      ['=Formel', 'Chef', 'LF-9999'],
      ['', 'Verantwortlicher', ''],
    ]);
    const p = (await preview('fehler.xlsx', XLSX, file)).json() as Preview;
    expect(p.counts.errors).toBe(2);
    const de = await t.app.inject({ url: `/api/import/${p.importId}/errors`, headers: t.auth(admin, { 'x-tenant': bakery }) });
    expect(de.statusCode, de.body).toBe(200);
    expect(de.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(de.headers['content-disposition']))).toContain('fehler – Fehler.xlsx');
    const [rows, list] = await sheets(de.rawPayload);
    expect(rows!.name).toBe('Zeilen mit Fehlern');
    expect(rows!.rows[0]).toEqual(['Zeile', 'Bezeichnung', 'Rolle', 'Löschfristen', 'Fehler']);
    expect(rows!.rows).toHaveLength(3);
    // The formula-like name is escaped so that the error file never runs it.
    expect(rows!.rows[1]!.slice(0, 4)).toEqual(['3', "'=Formel", 'Chef', 'LF-9999']);
    expect(rows!.rows[1]![4]).toContain('Rolle: Bitte wählen Sie einen Eintrag aus.');
    expect(rows!.rows[1]![4]).toContain('Löschfristen: Ein ausgewählter Eintrag existiert nicht (mehr)');
    expect(rows!.rows[2]![0]).toBe('4');
    expect(rows!.rows[2]![4]).toContain('Bitte füllen Sie dieses Feld aus.');
    expect(list!.rows[0]).toEqual(['Zeile', 'Spalte', 'Wert', 'Grund']);
    expect(list!.rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['3', 'Rolle', 'Chef'],
      ['3', 'Löschfristen', 'LF-9999'],
      ['4', 'Bezeichnung', ''],
    ]);
    const en = await t.app.inject({
      url: `/api/import/${p.importId}/errors`,
      headers: t.auth(admin, { 'x-tenant': bakery, 'accept-language': 'en' }),
    });
    const [enRows] = await sheets(en.rawPayload);
    expect(enRows!.rows[0]![4]).toBe('Errors');
    expect(enRows!.rows[1]![4]).not.toContain('Bitte');
    // Corrected and imported again, the file's extra columns (row, errors) map to nothing.
    const back = (await preview('fehler – Fehler.xlsx', XLSX, de.rawPayload)).json() as Preview;
    expect(back.mapping.map((m) => m.field)).toEqual([null, 'name', 'role', 'storagePeriods', null]);
    expect(
      (await t.app.inject({ url: `/api/import/${p.importId}/errors`, headers: t.auth(colleague, { 'x-tenant': bakery }) }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 to the import id of another company or another user', async () => {
    const file = await workbook([
      ['Bezeichnung', 'Rolle'],
      ['Fremd', 'Verantwortlicher'],
    ]);
    const p = (await preview('x.xlsx', XLSX, file)).json() as Preview;
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/import/${p.importId}/commit`,
      headers: t.auth(other),
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    expect((await commit(p.importId, colleague)).statusCode).toBe(404);
    expect((await commit(p.importId)).statusCode).toBe(200);
  });

  it('removes a checked file nobody committed within a day, and only such a file', async () => {
    const rows = [
      ['Bezeichnung', 'Rolle'],
      ['Liegen gelassen', 'Verantwortlicher'],
    ];
    const old = (await preview('alt.xlsx', XLSX, await workbook(rows))).json() as Preview;
    const fresh = (await preview('neu.xlsx', XLSX, await workbook(rows))).json() as Preview;
    await t.db
      .update(pendingImport)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(pendingImport.id, old.importId));
    expect(await removeAbandonedImports(t.db, new Date())).toBe(1);
    expect((await commit(old.importId)).statusCode).toBe(404);
    expect(await removeAbandonedImports(t.db, new Date())).toBe(0);
    expect((await commit(fresh.importId)).statusCode).toBe(200);
  });

  it('refuses a damaged XLSX, a file that is not what its name says, and 50,001 rows, with a clear message', async () => {
    const damaged = await preview('kaputt.xlsx', XLSX, Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().fields.file).toEqual(['validation.importDamaged']);
    const text = await preview('text.xlsx', XLSX, Buffer.from('Bezeichnung;Rolle\nA;B\n'));
    expect(text.json().fields.file).toEqual(['validation.importDamaged']);
    const pdf = await preview('scan.pdf', 'application/octet-stream', Buffer.from('%PDF-1.4'));
    expect(pdf.json().fields.file).toEqual(['validation.importFileType']);
    const binary = await preview('bin.csv', 'text/csv', Buffer.from([0, 1, 2, 3, 0x42]));
    expect(binary.json().fields.file).toEqual(['validation.importFileType']);
    const many = Buffer.from(`Bezeichnung;Rolle\n${'Zeile;controller\n'.repeat(50_001)}`);
    const tooMany = await preview('viel.csv', 'text/csv', many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fields.file).toEqual(['validation.importTooManyRows']);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/import/process/preview',
      headers: {
        ...t.auth(admin, { 'x-tenant': bakery, 'accept-language': 'en' }),
        ...multipart('k.xlsx', XLSX, Buffer.from('x')).headers,
      },
      payload: multipart('k.xlsx', XLSX, Buffer.from('x')).payload,
    });
    expect(en.statusCode).toBe(422);
    expect((await preview('a.xlsx', XLSX, Buffer.from('x'), admin, 'cake')).statusCode).toBe(404);
  }, 60_000);
});
