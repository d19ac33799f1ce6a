import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allowedAttachmentMimeTypes, COMPANY_ARCHIVE_FORMAT, COMPANY_ARCHIVE_VERSION, itemTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { arrayParam, cursorPages, ident, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, sqlState, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { companyRights, mayImportCompany } from '../company/policy';
import { writeRegisterListXlsx } from '../import/register-list';
import type { ItemDeps } from '../items/service';
import { loadRegister, registerKinds } from '../report/data';
import { registerXlsx } from '../report/xlsx';
import { type ArchiveEntry, archiveError, readArchive, writeArchive } from './archive';
import { type EntityDef, entities } from './entities';

type Ctx = Pick<
  RequestContext,
  'db' | 'userId' | 'companyId' | 'companyIds' | 'claims' | 'locale' | 'scopeCompanyIds' | 'addCompanies'
>;
export type TransferDeps = ItemDeps & { storage: Storage };

type Row = Record<string, unknown>;
const enc = new TextEncoder();
const json = (v: unknown) => enc.encode(`${JSON.stringify(v, null, 2)}\n`);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company and its groups' members, parents first (row-level security limits it to what the caller sees). */
async function subtree(ctx: Ctx, rootId: string) {
  return queryRows<{ id: string; depth: number }>(
    ctx.db,
    sql`with recursive t(id, depth) as (
          select id, 0 from company where id = ${rootId}::uuid
          union all select c.id, t.depth + 1 from company c join t on c.parent_id = t.id)
        select t.id::text as id, t.depth from t join company c on c.id = t.id order by t.depth, lower(c.name), c.created_at`,
  );
}

/** Rows fetched from an entity's cursor at a time: what the export holds of an entity at once. */
const PAGE_ROWS = 500;

/**
 * Rows of one entity, only its documented columns, a page at a time from a cursor over one
 * ordered query (one snapshot of the entity). The order does not depend on ids: companies as
 * their subtree lists them, other rows by their content (the value and file columns), rows of
 * equal content in the order they were stored, so an imported company exports in the same order.
 */
async function* rowsOf(ctx: Ctx, def: EntityDef, companyIds: string[], cursor: string): AsyncIterable<Row[]> {
  const key = def.table === 'company' ? 'id' : 'company_id';
  const cols = Object.keys(def.columns);
  const content = cols.filter((c) => def.columns[c] === 'value' || def.columns[c] === 'file');
  const order =
    def.table === 'company'
      ? sql`array_position(${arrayParam(companyIds)}::uuid[], t.id)`
      : sql`jsonb_build_array(${sql.raw(content.map((c) => `t.${ident(c)}`).join(', '))})::text collate "C", t.ctid`;
  const query = sql`select to_jsonb(t) as row from ${sql.raw(ident(def.table))} t
      where t.${sql.raw(key)} = any(${arrayParam(companyIds)}::uuid[]) order by ${order}`;
  for await (const page of cursorPages<{ row: Row }>(ctx.db, cursor, query, PAGE_ROWS))
    yield page.map((r) => Object.fromEntries(cols.map((c) => [c, r.row[c] ?? null])));
}

/**
 * Writes `{ "entity": name, "rows": [...] }` to a file page by page, byte for byte as
 * `JSON.stringify(…, null, 2)` writes the whole; answers the number of rows.
 */
async function writeEntityFile(file: string, entity: string, pages: AsyncIterable<Row[]>, each: (row: Row) => void) {
  const fh = await fsp.open(file, 'w');
  try {
    let rows = 0;
    await fh.write(`{\n  "entity": ${JSON.stringify(entity)},\n  "rows": [`);
    for await (const page of pages) {
      let text = '';
      for (const row of page) {
        each(row);
        text += `${rows++ ? ',' : ''}\n${JSON.stringify(row, null, 2).replace(/^/gm, '    ')}`;
      }
      await fh.write(text);
    }
    await fh.write(rows ? '\n  ]\n}\n' : ']\n}\n');
    return rows;
  } finally {
    await fh.close();
  }
}

const safeName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 80);

/**
 * The company (with the companies of its group) as a ZIP: `manifest.json` naming the format and
 * version, one JSON file per entity, the people they name, every register as XLSX, and
 * every file (attachments, questionnaire uploads, logo) under `files/<hash>`. Everything is read
 * in the request's transaction before the answer starts, the entities a page at a time into
 * files of a scratch directory, so neither the rows nor the archive are ever whole in memory
 * and a slow download holds no database connection; the answer then streams from those files
 * and the file store, and the scratch directory goes when the stream ends or breaks off.
 */
export async function exportCompany(d: TransferDeps, ctx: Ctx, id: string) {
  const [c] = await queryRows<{ name: string }>(ctx.db, sql`select name from company where id = ${id}::uuid`);
  if (!c) throw notFound();
  if (!companyRights(ctx, id).export) throw forbidden();
  const companies = (await subtree(ctx, id)).map((r) => r.id);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pc-company-export-'));
  const scratch = (name: string) => path.join(dir, name);
  try {
    const userIds = new Set<string>();
    const hashes = new Set<string>();
    /** A file's name as the first row naming it has it (an attachment's, an upload's). */
    const fileNames = new Map<string, string>();
    const counts: Record<string, number> = {};
    for (const [i, def] of entities.entries()) {
      const refs = Object.entries(def.columns).filter(
        ([, role]) => role === 'user' || role === 'userRequired' || role === 'file',
      );
      counts[def.name] = await writeEntityFile(
        scratch(`${def.name}.json`),
        def.name,
        rowsOf(ctx, def, companies, `company_export_${i}`),
        (row) => {
          for (const [col, role] of refs) {
            const value = row[col];
            if (typeof value !== 'string') continue;
            if (role !== 'file') userIds.add(value);
            else if (!hashes.has(value)) {
              hashes.add(value);
              fileNames.set(value, typeof row.file_name === 'string' ? row.file_name : value.slice(0, 12));
            }
          }
        },
      );
    }
    const people = userIds.size
      ? await queryRows<Row>(
          ctx.db,
          sql`select id::text as id, email, firstname, lastname from app_user
              where id = any(${arrayParam([...userIds])}::uuid[]) order by lower(email)`,
        )
      : [];

    // Every register of every company the caller may read: as its import reads it back, and the
    // Art. 30 registers as the register export writes them.
    const registers: { file: string; company: number; register: string }[] = [];
    const keepRegister = async (file: string, company: number, register: string, data: Buffer) => {
      await fsp.writeFile(scratch(`${registers.length}.xlsx`), data);
      registers.push({ file, company, register });
    };
    for (const [i, companyId] of companies.entries()) {
      for (const type of itemTypes) {
        if (!ctx.claims.has(`${type.claim}.Read`)) continue;
        await writeRegisterListXlsx(ctx, type.key, companyId, fs.createWriteStream(scratch(`${registers.length}.xlsx`)));
        registers.push({ file: `registers/${i}-${type.key}.xlsx`, company: i, register: type.key });
      }
      for (const kind of registerKinds) {
        const claim = kind === 'controller' ? 'Process.Read' : 'ServiceAgreementWithClient.Read';
        if (!ctx.claims.has(claim)) continue;
        const register = await loadRegister(d, { ...ctx, scopeCompanyIds: [companyId] }, companyId, kind);
        await keepRegister(`registers/${i}-art30-${kind}.xlsx`, i, `art30-${kind}`, await registerXlsx(register));
      }
    }

    const files = [...hashes].sort();
    // An archive without a file its rows name would not import: a file gone from the store (a lost
    // disk, a volume not shared) stops the export with the names to remove or restore.
    const missing: string[] = [];
    for (const h of files) if (!(await d.storage.has(h))) missing.push(fileNames.get(h)!);
    if (missing.length) {
      throw new AppError(
        409,
        'conflict',
        'error.companyExportMissingFiles',
        {},
        { count: String(missing.length), names: missing.slice(0, 5).join(', ') },
      );
    }
    const manifest = {
      format: COMPANY_ARCHIVE_FORMAT,
      version: COMPANY_ARCHIVE_VERSION,
      exportedAt: d.now().toISOString(),
      company: { name: c.name },
      entities: Object.fromEntries([
        ['people', { file: 'entities/people.json', rows: people.length }],
        ...entities.map((def) => [def.name, { file: `entities/${def.name}.json`, rows: counts[def.name] }]),
      ]),
      registers: registers.map((r) => ({ file: r.file, company: r.company, register: r.register })),
      files: files.map((h) => ({ file: `files/${h}` })),
    };

    const storage = d.storage;
    const fromScratch = (name: string) => async () => fs.createReadStream(scratch(name));
    async function* entries(): AsyncIterable<ArchiveEntry> {
      yield { name: 'manifest.json', data: json(manifest) };
      yield { name: 'entities/people.json', data: json({ entity: 'people', rows: people }) };
      for (const def of entities) yield { name: `entities/${def.name}.json`, stream: fromScratch(`${def.name}.json`), level: 6 };
      for (const [i, r] of registers.entries()) yield { name: r.file, stream: fromScratch(`${i}.xlsx`), level: 6 };
      for (const h of files) yield { name: `files/${h}`, stream: async () => (await storage.getStream(h))?.stream ?? null };
    }
    const day = d.now().toISOString().slice(0, 10);
    const stream = writeArchive(entries());
    stream.once('close', () => void fsp.rm(dir, { recursive: true, force: true }));
    return { fileName: `${safeName(c.name)} ${day}.zip`, stream };
  } catch (e) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw e;
  }
}

const manifestSchema = z.object({ format: z.string(), version: z.number() });
const entityFileSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())).max(1_000_000) });
const personSchema = z.object({
  id: z.string(),
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/),
  firstname: z.string().max(200).catch(''),
  lastname: z.string().max(200).catch(''),
});
const knownItemTypes = new Set<string>(itemTypes.map((t) => t.key));
const allowedTypes = new Set<string>(allowedAttachmentMimeTypes);

function parseJson(entries: Map<string, Uint8Array>, name: string): unknown {
  const bytes = entries.get(name);
  if (!bytes) throw archiveError('damaged');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw archiveError('damaged');
  }
}

/** Orders rows so that a row referring to another of the same entity comes after it. */
function parentsFirst(rows: Row[], parentCol: string): Row[] {
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const out: Row[] = [];
  const state = new Map<string, 1 | 2>();
  const visit = (r: Row) => {
    const id = r.id as string;
    if (state.get(id) === 2) return;
    if (state.get(id) === 1) throw archiveError('damaged');
    state.set(id, 1);
    const parent = byId.get(r[parentCol] as string);
    if (parent) visit(parent);
    state.set(id, 2);
    out.push(r);
  };
  for (const r of rows) visit(r);
  return out;
}

/**
 * Creates the people an archive names whom the importer does not find, as users of the imported
 * company who cannot sign in (inactive, no password, no role): owners, assignees and authors stay
 * named, and the company's administrators may activate and invite them. An e-mail already used by
 * someone the importer may not see is left alone. Answers the ids created.
 */
async function bringPeople(
  ctx: Ctx,
  companyId: string,
  people: { id: string; email: string; firstname: string; lastname: string }[],
): Promise<Set<string>> {
  if (!people.length) return new Set();
  await ctx.db.execute(
    sql`insert into app_user (id, company_id, email, firstname, lastname, is_active)
        select p.id, ${companyId}::uuid, p.email, p.firstname, p.lastname, false
        from jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as p(id uuid, email text, firstname text, lastname text)
        on conflict do nothing`,
  );
  const made = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id::text as id from app_user where id = any(${arrayParam(people.map((p) => p.id))}::uuid[])`,
  );
  if (made.length)
    await ctx.db.execute(
      sql`insert into user_company (user_id, company_id)
          select id, ${companyId}::uuid from unnest(${arrayParam(made.map((u) => u.id))}::uuid[]) as id`,
    );
  return new Set(made.map((u) => u.id));
}

/**
 * Creates a company from an archive `exportCompany` wrote: every row gets a new id and every
 * reference follows (links and tags inside `data` too), numbers stay, people are matched by
 * e-mail among those the importer sees (the others come along, see bringPeople), files go into
 * the store. All of it in the request's transaction: any refusal writes nothing. An archive of
 * another format or version is refused.
 */
export async function importCompany(
  d: TransferDeps,
  ctx: Ctx,
  upload: { data: Buffer },
  target: { parentCompanyId?: string | undefined },
): Promise<{ companyId: string }> {
  const [me] = await queryRows<{ has_account: boolean }>(
    ctx.db,
    sql`select has_account from app_user where id = ${ctx.userId}::uuid`,
  );
  if (!mayImportCompany(ctx, me?.has_account ?? false)) throw forbidden();

  const entries = readArchive(upload.data);
  const manifest = manifestSchema.safeParse(parseJson(entries, 'manifest.json'));
  if (!manifest.success || manifest.data.format !== COMPANY_ARCHIVE_FORMAT) throw archiveError('damaged');
  if (manifest.data.version !== COMPANY_ARCHIVE_VERSION)
    throw new AppError(400, 'validation_failed', 'error.companyArchive.version', {}, { version: String(manifest.data.version) });

  const data: Record<string, Row[]> = {};
  for (const def of ['people', ...entities.map((e) => e.name)]) {
    const file = entityFileSchema.safeParse(parseJson(entries, `entities/${def}.json`));
    if (!file.success) throw archiveError('damaged');
    data[def] = file.data.rows;
  }

  // New ids for every row that has one; an id twice or not an id means a damaged archive.
  const ids = new Map<string, string>();
  const newId = (old: unknown) => {
    if (typeof old !== 'string' || !uuidPattern.test(old) || ids.has(old)) throw archiveError('damaged');
    ids.set(old, randomUUID());
  };
  for (const def of entities) if (def.columns.id === 'id') for (const row of data[def.name]!) newId(row.id);
  const companyRows = data.companies!;
  const companyIds = new Set(companyRows.map((r) => r.id as string));
  const roots = companyRows.filter((r) => !companyIds.has(r.parent_id as string));
  if (roots.length !== 1) throw archiveError('damaged');
  // The company's place in the exporting installation does not travel.
  roots[0]!.parent_id = null;
  const itemIds = new Set(data.items!.map((r) => r.id as string));
  for (const row of data.items!) if (!knownItemTypes.has(row.type as string)) throw archiveError('damaged');

  // People: by e-mail among the users the importer sees (row-level security decides). The others
  // come along as inactive users of the imported company (see bringPeople).
  const people = data
    .people!.map((p) => personSchema.safeParse(p))
    .filter((p) => p.success)
    .map((p) => p.data);
  const emails = [...new Set(people.map((p) => p.email.toLowerCase()))];
  const found = emails.length
    ? await queryRows<{ id: string; email: string }>(
        ctx.db,
        sql`select id::text as id, lower(email) as email from app_user
            where lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      )
    : [];
  const byEmail = new Map(found.map((u) => [u.email, u.id]));
  const newcomers = new Map<string, { id: string; email: string; firstname: string; lastname: string }>();
  for (const p of people) {
    const email = p.email.toLowerCase();
    if (!byEmail.has(email) && !newcomers.has(email))
      newcomers.set(email, { id: randomUUID(), email: p.email, firstname: p.firstname, lastname: p.lastname });
  }
  const users = new Map<string, string | null>(
    people.map((p) => [p.id, byEmail.get(p.email.toLowerCase()) ?? newcomers.get(p.email.toLowerCase())!.id]),
  );
  const planned = new Set([...newcomers.values()].map((p) => p.id));

  const anyIds = new Map<string, string>();
  const remapJson = (v: unknown): unknown => {
    if (typeof v === 'string' && uuidPattern.test(v)) {
      if (ids.has(v)) return ids.get(v);
      if (users.has(v)) return users.get(v);
      return v;
    }
    if (Array.isArray(v)) return v.map(remapJson);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, remapJson(x)]));
    return v;
  };
  const files = new Set<string>();
  const ref = (v: unknown, within: Set<string> | null) => {
    if (v == null) return null;
    if (typeof v !== 'string' || !ids.has(v) || (within && !within.has(v))) throw archiveError('damaged');
    return ids.get(v)!;
  };
  const remap = (def: EntityDef, row: Row): Row | null => {
    const out: Row = {};
    for (const [col, role] of Object.entries(def.columns)) {
      const value = row[col] ?? null;
      switch (role) {
        case 'id':
          out[col] = ids.get(value as string);
          break;
        case 'company':
          out[col] = ref(value, companyIds);
          break;
        case 'project':
        case 'response':
          if (value == null) throw archiveError('damaged');
          out[col] = ref(value, null);
          break;
        case 'item':
          out[col] = typeof value === 'string' && itemIds.has(value) ? ids.get(value) : null;
          break;
        case 'itemAny':
          if (typeof value !== 'string') throw archiveError('damaged');
          if (ids.has(value)) out[col] = ids.get(value);
          else {
            if (!anyIds.has(value)) anyIds.set(value, randomUUID());
            out[col] = anyIds.get(value);
          }
          break;
        case 'user':
        case 'userRequired':
          out[col] = (typeof value === 'string' && users.get(value)) || (role === 'userRequired' ? ctx.userId : null);
          break;
        case 'json':
          out[col] = remapJson(value);
          break;
        case 'file':
          if (value != null) {
            if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value) || !entries.has(`files/${value}`))
              throw archiveError('damaged');
            files.add(value);
          }
          out[col] = value;
          break;
        case 'secret':
          out[col] = randomBytes(32).toString('hex');
          break;
        case 'value':
          out[col] = value;
          break;
      }
    }
    // A person's rate needs the person: without a match the rate stays behind.
    if (def.table === 'project_rate' && out.user_id == null) return null;
    // A file's size is its bytes', and its type one an upload may have, whatever the archive says.
    if (typeof out.file_hash === 'string' && 'size' in def.columns) {
      out.size = entries.get(`files/${out.file_hash}`)!.length;
      if (!allowedTypes.has(String(out.mime_type))) out.mime_type = 'application/octet-stream';
    }
    return out;
  };

  const rows: Record<string, Row[]> = {};
  for (const def of entities) rows[def.name] = data[def.name]!.map((r) => remap(def, r)).filter((r): r is Row => r !== null);
  const root = rows.companies![companyRows.indexOf(roots[0]!)]!;

  // Where the company goes: into a group the caller sees, or as a client of their own company.
  if (target.parentCompanyId) {
    const [p] = await queryRows<{ type: string }>(
      ctx.db,
      sql`select type from company where id = ${target.parentCompanyId}::uuid`,
    );
    if (!p) throw validationFailed({ parentCompanyId: ['validation.unknownReference'] });
    if (p.type !== 'Group') throw validationFailed({ parentCompanyId: ['validation.parentNotGroup'] });
    root.parent_id = target.parentCompanyId;
    root.agency_id = null;
  } else {
    root.parent_id = null;
    root.agency_id = ctx.companyId;
  }

  // Files first, each checked against the name it came under (the store names files by content).
  for (const hash of files) {
    const stored = await d.storage.put(Buffer.from(entries.get(`files/${hash}`)!));
    if (stored !== hash) throw archiveError('damaged');
  }

  // A logo is shown resized: a file that is no image the logo upload takes is left out.
  for (const c of rows.companies!) {
    if (typeof c.logo_hash !== 'string') continue;
    const meta = await sharp(Buffer.from(entries.get(`files/${c.logo_hash}`)!))
      .metadata()
      .catch(() => null);
    if (!meta?.format || !['png', 'jpeg', 'gif'].includes(meta.format)) c.logo_hash = null;
  }

  await ctx.addCompanies(rows.companies!.map((r) => r.id as string));
  rows.companies = parentsFirst(rows.companies!, 'parent_id');
  // A company naming a person still to be created names them once they are there.
  const companyDef = entities.find((e) => e.table === 'company')!;
  const userCols = Object.keys(companyDef.columns).filter((c) => companyDef.columns[c] === 'user');
  const namedLater: { id: string; col: string; user: string }[] = [];
  for (const c of rows.companies)
    for (const col of userCols)
      if (planned.has(c[col] as string)) {
        namedLater.push({ id: c.id as string, col, user: c[col] as string });
        c[col] = null;
      }
  try {
    const insert = async (def: EntityDef, all: Row[]) => {
      const cols = [...Object.keys(def.columns), ...(def.table === 'company' ? ['agency_id'] : [])];
      const list = cols.map(ident).join(', ');
      // Companies and items one statement each, so a row may refer to another of the same kind.
      const batch = def.table === 'company' || def.table === 'item' ? Math.max(all.length, 1) : 500;
      for (let at = 0; at < all.length; at += batch) {
        const part = all.slice(at, at + batch);
        await ctx.db.execute(
          sql`insert into ${sql.raw(ident(def.table))} (${sql.raw(list)})
              select ${sql.raw(list)} from jsonb_populate_recordset(null::${sql.raw(ident(def.table))}, ${JSON.stringify(part)}::jsonb)`,
        );
      }
    };
    await insert(companyDef, rows.companies);
    const made = await bringPeople(ctx, root.id as string, [...newcomers.values()]);
    for (const { id, col, user } of namedLater)
      if (made.has(user))
        await ctx.db.execute(sql`update company set ${sql.raw(ident(col))} = ${user}::uuid where id = ${id}::uuid`);
    // Someone the importer may not see holds a newcomer's e-mail: that person stays behind, as a
    // person not found did before, so every row is mapped again without them.
    if (made.size < planned.size) {
      for (const [from, to] of users) if (to && planned.has(to) && !made.has(to)) users.set(from, null);
      for (const def of entities)
        if (def !== companyDef) rows[def.name] = data[def.name]!.map((r) => remap(def, r)).filter((r): r is Row => r !== null);
    }
    for (const def of entities)
      if (def !== companyDef)
        await insert(def, def.table === 'item' ? parentsFirst(rows[def.name]!, 'parent_id') : rows[def.name]!);
    // The imported company is set up: its first-run wizard counts as finished.
    await ctx.db.execute(
      sql`update initiation set is_finished = true, finished_at = now()
          where company_id = any(${arrayParam(rows.companies!.map((r) => r.id as string))}::uuid[])`,
    );
  } catch (e) {
    const state = sqlState(e);
    // Values of the wrong kind, or rows that break a rule of the tables: the archive was changed.
    if (state?.startsWith('22') || state?.startsWith('23')) throw archiveError('damaged');
    throw e;
  }
  return { companyId: root.id as string };
}
