import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayParam, queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/helpers';
import { pdfText } from '../../test/pdf';
import { readArchive } from './archive';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Every cell of every sheet as text, row by row. */
async function cells(data: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1).map((v) => JSON.stringify(v ?? null))] : [])),
  }));
}

/** An archive's JSON with ids replaced by their order of first appearance, the export time left out. */
function modIds(entries: Map<string, Uint8Array>) {
  const seen = new Map<string, string>();
  const out: Record<string, unknown> = {};
  for (const [name, data] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!name.endsWith('.json')) continue;
    const normal = text(data)
      .replace(uuid, (id) => {
        if (!seen.has(id)) seen.set(id, `#${seen.size}`);
        return seen.get(id)!;
      })
      .replace(/"exportedAt": "[^"]*"/, '"exportedAt": ""');
    out[name] = JSON.parse(normal);
  }
  return out;
}

/** The text of a company's Art. 30 register (controller) as PDF. */
async function art30(app: TestApp, companyId: string, token: string) {
  const q = new URLSearchParams({ companyId, kind: 'controller', format: 'pdf' });
  const r = await app.app.inject({ url: `/api/report/processing-register?${q}`, headers: app.auth(token) });
  expect(r.statusCode).toBe(200);
  return pdfText(r.rawPayload);
}

describe('company archive', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let bakery: string;
  let first: Map<string, Uint8Array>;
  let archive: Buffer;
  let imported: string;
  const attachmentBytes = randomBytes(300_000);

  const exportOf = (id: string, token = admin) => t.app.inject({ url: `/api/company/${id}/export`, headers: t.auth(token) });
  const importOf = (content: Uint8Array, token = admin, lang = 'de', name = 'firma.zip') => {
    const m = multipart(name, 'application/zip', Buffer.from(content));
    return t.app.inject({
      method: 'POST',
      url: '/api/company/import',
      headers: { ...t.auth(token, { 'accept-language': lang }), ...m.headers },
      payload: m.payload,
    });
  };
  const companyCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from company`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({}, { demoItems: true });
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    // A file on one of the demo processing activities: it must travel byte for byte.
    const [process] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from item where company_id = ${bakery}::uuid and type = 'process' order by number limit 1`,
    );
    const m = multipart('Vertrag.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.4 '), attachmentBytes]));
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/process/${process!.id}/attachment`,
      payload: m.payload,
      headers: { ...t.auth(admin), ...m.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await exportOf(bakery);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    archive = res.rawPayload;
    first = readArchive(archive);
  });
  afterAll(() => t.close());

  it('writes a documented, versioned archive of the whole company', () => {
    const manifest = JSON.parse(text(first.get('manifest.json')!));
    expect(manifest).toMatchObject({ format: 'privacy-cockpit-company', version: 1, company: { name: 'Bäckerei Schmidt' } });
    for (const { file, rows } of Object.values(manifest.entities) as { file: string; rows: number }[])
      expect(JSON.parse(text(first.get(file)!)).rows).toHaveLength(rows);
    expect(manifest.entities.items.rows).toBeGreaterThan(10);
    expect(manifest.entities.history.rows).toBeGreaterThan(0);
    expect(manifest.registers.map((r: { file: string }) => r.file)).toEqual(
      expect.arrayContaining(['registers/0-art30-controller.xlsx', 'registers/0-process.xlsx', 'registers/0-issue.xlsx']),
    );
    for (const { file } of manifest.files) expect(first.has(file)).toBe(true);
  });

  it('imports into a fresh company: same registers, files byte for byte, links and history remapped', async () => {
    const before = await companyCount();
    const res = await importOf(archive);
    expect(res.statusCode, res.body).toBe(201);
    imported = res.json().companyId;
    expect(imported).not.toBe(bakery);
    expect(await companyCount()).toBe(before + 1);

    const again = await exportOf(imported);
    expect(again.statusCode).toBe(200);
    const second = readArchive(again.rawPayload);
    // The re-export equals the first export but for ids and the time of export.
    expect(modIds(second)).toEqual(modIds(first));
    for (const name of [...first.keys()].filter((n) => n.endsWith('.xlsx')))
      expect(await cells(second.get(name)!), name).toEqual(await cells(first.get(name)!));

    // A register's XLSX is the import's own format: read back into the new company, nothing is new or wrong.
    const filled = await queryRows<{ type: string }>(
      t.db,
      sql`select distinct type from item where company_id = ${imported}::uuid order by type`,
    );
    expect(filled.length).toBeGreaterThan(3);
    for (const { type: register } of filled) {
      const m = multipart(`${register}.xlsx`, XLSX, Buffer.from(second.get(`registers/0-${register}.xlsx`)!));
      const preview = await t.app.inject({
        method: 'POST',
        url: `/api/import/${register}/preview?companyId=${imported}`,
        headers: { ...t.auth(admin), ...m.headers },
        payload: m.payload,
      });
      expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
      const counts = preview.json().counts;
      expect(counts, register).toMatchObject({ new: 0, errors: 0 });
      // The register import reads a date and time field as its day, so only those may differ.
      const timed = itemTypeDefs[register as ItemTypeKey].fields.some((f) => f.kind === 'datetime');
      if (!timed) expect(counts.updated, register).toBe(0);
      expect(counts.unchanged + counts.updated, register).toBeGreaterThan(0);
    }

    // The Art. 30 PDF of the new company reads as the old one's (last: the report is kept as a document).
    const pdfs = [await art30(t, bakery, admin), await art30(t, imported, admin)];
    expect(pdfs[1]).toEqual(pdfs[0]);

    // Files: the imported company's attachment downloads as the original bytes.
    const attachments = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text as id from attachment where company_id = ${imported}::uuid and file_name = 'Vertrag.pdf'`,
    );
    const file = await t.app.inject({ url: `/api/attachment/${attachments[0]!.id}/download`, headers: t.auth(admin) });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.concat([Buffer.from('%PDF-1.4 '), attachmentBytes]))).toBe(0);

    // Links, parents and history point at the new company's items, never at the old ones.
    const items = await queryRows<{ id: string; data: unknown; parent_id: string | null }>(
      t.db,
      sql`select id::text as id, data, parent_id::text as parent_id from item where company_id = ${imported}::uuid`,
    );
    const oldIds = new Set(
      (await queryRows<{ id: string }>(t.db, sql`select id::text as id from item where company_id = ${bakery}::uuid`)).map(
        (r) => r.id,
      ),
    );
    const newIds = new Set(items.map((i) => i.id));
    const referenced = items.flatMap((i) => [...JSON.stringify(i.data).matchAll(uuid)].map((m) => m[0]));
    expect(referenced.length).toBeGreaterThan(0);
    for (const id of referenced) expect(oldIds.has(id)).toBe(false);
    for (const i of items) if (i.parent_id) expect(newIds.has(i.parent_id)).toBe(true);
    const history = await queryRows<{ item_id: string }>(
      t.db,
      sql`select item_id::text from item_history where company_id = ${imported}::uuid`,
    );
    expect(history.length).toBeGreaterThan(0);
    for (const h of history) expect(oldIds.has(h.item_id)).toBe(false);
    const tags = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from tag where company_id = ${imported}::uuid and id = any(${arrayParam(referenced)}::uuid[])`,
    );
    expect(tags[0]!.n).toBeGreaterThan(0);
  });

  it('moves into a fresh installation: the people come along as users who cannot sign in, and the exports read the same', async () => {
    const chief = { INITIAL_ADMIN_EMAIL: 'chefin@kanzlei-weber.de', INITIAL_ADMIN_PASSWORD: 'Sicher!2026x' };
    const fresh = await createTestApp({ ENVIRONMENT: 'Production', ...chief });
    try {
      const login = await fresh.login(chief.INITIAL_ADMIN_EMAIL, chief.INITIAL_ADMIN_PASSWORD);
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json().access_token as string;
      const m = multipart('firma.zip', 'application/zip', archive);
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/company/import',
        headers: { ...fresh.auth(token), ...m.headers },
        payload: m.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const moved = res.json().companyId as string;

      const again = await fresh.app.inject({ url: `/api/company/${moved}/export`, headers: fresh.auth(token) });
      expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
      const second = readArchive(again.rawPayload);
      expect(modIds(second)).toEqual(modIds(first));
      for (const name of [...first.keys()].filter((n) => n.endsWith('.xlsx')))
        expect(await cells(second.get(name)!), name).toEqual(await cells(first.get(name)!));
      for (const name of [...first.keys()].filter((n) => n.startsWith('files/')))
        expect(Buffer.compare(Buffer.from(second.get(name)!), Buffer.from(first.get(name)!)), name).toBe(0);

      // The report counts its own versions per company: the bakery's was written once already.
      const unversioned = (pdf: string) => pdf.replace(/ Version \d+ /, ' Version # ');
      expect(unversioned(await art30(fresh, moved, token))).toEqual(unversioned(await art30(t, bakery, admin)));

      // The people the archive names are the imported company's users now: inactive, without
      // password or role, so none of them can sign in until an administrator lets them.
      const named = JSON.parse(text(first.get('entities/people.json')!)).rows as { email: string }[];
      expect(named.length).toBeGreaterThan(0);
      const users = (await fresh.app.inject({ url: '/api/user', headers: fresh.auth(token) })).json() as {
        email: string;
        companyId: string;
        isActive: boolean;
        hasPassword: boolean;
        roleIds: string[];
      }[];
      for (const { email } of named)
        expect(
          users.find((u) => u.email === email),
          email,
        ).toMatchObject({
          companyId: moved,
          isActive: false,
          hasPassword: false,
          roleIds: [],
        });
      expect((await fresh.login(named[0]!.email, 'Demo1234!')).statusCode).not.toBe(200);
      const owned = await queryRows<{ n: number }>(
        fresh.db,
        sql`select count(owner_id)::int as n from item where company_id = ${moved}::uuid`,
      );
      expect(owned[0]!.n).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('moves a group with its companies, and trusts no file size or type the archive names', async () => {
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const group = list.find((c: { name: string }) => c.name === 'Beispiel Gruppe').id;
    const res = await exportOf(group);
    expect(res.statusCode).toBe(200);
    const entries = readArchive(res.rawPayload);
    expect(JSON.parse(text(entries.get('entities/companies.json')!)).rows).toHaveLength(3);
    const imported = await importOf(res.rawPayload);
    expect(imported.statusCode, imported.body).toBe(201);
    const children = await queryRows<{ name: string }>(
      t.db,
      sql`select name from company where parent_id = ${imported.json().companyId}::uuid order by name`,
    );
    expect(children.map((c) => c.name)).toEqual(['Beispiel Handel GmbH', 'Beispiel Logistik GmbH']);

    const attachments = JSON.parse(text(first.get('entities/attachments.json')!)).rows.map((a: object) => ({
      ...a,
      size: 1,
      mime_type: 'text/html',
    }));
    const changed = zipSync(
      { ...Object.fromEntries(first), 'entities/attachments.json': strToU8(JSON.stringify({ rows: attachments })) },
      { level: 1 },
    );
    const again = await importOf(changed);
    expect(again.statusCode, again.body).toBe(201);
    const rows = await queryRows<{ size: number; mime_type: string }>(
      t.db,
      sql`select size::int as size, mime_type from attachment
          where company_id = ${again.json().companyId}::uuid and file_name = 'Vertrag.pdf'`,
    );
    expect(rows).toEqual([{ size: attachmentBytes.length + 9, mime_type: 'application/octet-stream' }]);
  });

  it('refuses bad archives with a clear 400 and writes nothing', async () => {
    const before = await companyCount();
    const manifest = JSON.parse(text(first.get('manifest.json')!));
    const withEntries = (changes: Record<string, Uint8Array>) =>
      zipSync({ ...Object.fromEntries(first), ...changes }, { level: 1 });
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 20_001; i++) many[`x/${i}`] = strToU8('x');
    const cases: [string, Uint8Array, string][] = [
      ['not a zip', strToU8('Dies ist kein Archiv'), 'not a ZIP'],
      ['damaged', archive.subarray(0, Math.floor(archive.length * 0.6)), 'damaged'],
      ['zip bomb', zipSync({ 'manifest.json': new Uint8Array(60_000_000) }, { level: 9 }), 'too much data'],
      ['too many entries', zipSync(many, { level: 0 }), 'too many files'],
      ['path outside', withEntries({ '../x': strToU8('x') }), 'outside the archive'],
      ['unknown version', withEntries({ 'manifest.json': strToU8(JSON.stringify({ ...manifest, version: 2 })) }), 'version 2'],
      ['other format', withEntries({ 'manifest.json': strToU8(JSON.stringify({ ...manifest, format: 'x' })) }), 'damaged'],
      ['broken entity', withEntries({ 'entities/items.json': strToU8('{"rows": [{"id": "kaputt"}]}') }), 'damaged'],
      [
        'wrong value',
        withEntries({
          'entities/items.json': strToU8(
            JSON.stringify({
              rows: JSON.parse(text(first.get('entities/items.json')!)).rows.map((r: object) => ({ ...r, due_date: 'nie' })),
            }),
          ),
        }),
        'damaged',
      ],
    ];
    for (const [what, content, message] of cases) {
      const res = await importOf(content, admin, 'en');
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toContain(message);
    }
    const german = await importOf(strToU8('kein Archiv'));
    expect(german.json().message).toContain('kein ZIP-Archiv');
    expect(await companyCount()).toBe(before);
  });

  it('lets only company administrators export, and account holders or the operator import', async () => {
    expect((await exportOf(bakery, reader)).statusCode).toBe(403);
    expect((await exportOf(bakery, other)).statusCode).toBe(404);
    expect((await importOf(archive, reader)).statusCode).toBe(403);
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) })).json();
    expect(me.canImportCompany).toBe(true);
    const company = (await t.app.inject({ url: `/api/company/${bakery}`, headers: t.auth(admin) })).json();
    expect(company.rights.export).toBe(true);
    // Another tenant's account holder imports into their own account. The people it names are
    // this installation's users whom they may not see: no one is created, their fields stay empty.
    const people = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from app_user`))[0]!.n;
    const before = await people();
    const res = await importOf(archive, other);
    expect(res.statusCode, res.body).toBe(201);
    expect(await people()).toBe(before);
    const owners = await queryRows<{ n: number }>(
      t.db,
      sql`select count(owner_id)::int as n from item where company_id = ${res.json().companyId}::uuid`,
    );
    expect(owners[0]!.n).toBe(0);
    const theirs = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) })).json();
    expect(theirs.map((c: { id: string }) => c.id)).toContain(res.json().companyId);
  });

  // Runs last: it breaks the stored file of the bakery's attachment.
  it('cuts the download off when a file fails mid-stream, and leaves no scratch files', async () => {
    const scratchDirs = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('pc-company-export-'));
    const before = new Set(scratchDirs());
    // A whole download removes its scratch files too.
    expect((await exportOf(bakery)).statusCode).toBe(200);
    await expect.poll(() => scratchDirs().filter((n) => !before.has(n))).toEqual([]);
    const [file] = await queryRows<{ hash: string }>(
      t.db,
      sql`select file_hash as hash from attachment where company_id = ${bakery}::uuid and file_name = 'Vertrag.pdf'`,
    );
    if (t.database.kind === 'postgres')
      await t.db.execute(
        sql`delete from stored_file_chunk where seq = 1 and file_id = (select id from stored_file where hash = ${file!.hash})`,
      );
    else {
      const onDisk = path.join(t.config.dataDir, 'files', file!.hash.slice(0, 2), file!.hash);
      fs.rmSync(onDisk);
      fs.mkdirSync(onDisk);
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/company/${bakery}/export`, { headers: t.auth(admin) });
    // The answer had begun (the entities stream before the files): a failure can no longer be an
    // error answer, so the download must break rather than end as a ZIP that looks whole.
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    await expect.poll(() => scratchDirs().filter((n) => !before.has(n))).toEqual([]);
  });

  it('refuses to export a company one of whose files is gone from the store, naming it, before anything is sent', async () => {
    const [file] = await queryRows<{ hash: string }>(
      t.db,
      sql`select file_hash as hash from attachment where company_id = ${bakery}::uuid and file_name = 'Vertrag.pdf'`,
    );
    if (t.database.kind === 'postgres') await t.db.execute(sql`delete from stored_file where hash = ${file!.hash}`);
    else fs.rmSync(path.join(t.config.dataDir, 'files', file!.hash.slice(0, 2), file!.hash), { recursive: true, force: true });
    const res = await exportOf(bakery);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Im Dateispeicher fehlen Dateien dieses Unternehmens \(1\): Vertrag\.pdf\./);
  });
});
