import {
  type FieldDef,
  formatItemNumber,
  type ItemInput,
  type ItemTypeKey,
  itemStatuses,
  itemTypeDefs,
  itemTypes,
  type Language,
} from '@pc/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appUser, item, itemHistory, pendingImport, tag } from '../../db/schema/index';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { forbidden, notFound, validationFailed } from '../../platform/errors';
import type { Progress } from '../../platform/progress-answer';
import { registerItemColumns } from '../items/register-rows';
import { type ItemDeps, insertItems, itemChanges } from '../items/service';
import { reportTexts } from '../report/labels';
import { webTexts } from '../report/web-texts';
import { errorWorkbook } from './error-workbook';
import { escapeCell } from './escape';
import { rememberedMapping, rememberMapping } from './mapping-memory';
import { normalize } from './normalize';
import { readSheet } from './parse';

export { normalize };

type Ctx = Pick<
  RequestContext,
  'db' | 'claims' | 'userId' | 'companyId' | 'companyIds' | 'scopeCompanyId' | 'scopeCompanyIds' | 'locale'
>;

/** The columns an import knows: the number (to update), the core texts and every non-list field of the type. */
export type Column = { key: string; field: FieldDef | null };

export function columnsOf(type: ItemTypeKey): Column[] {
  return [
    { key: 'number', field: null },
    { key: 'name', field: { key: 'name', kind: 'text', required: true, max: 300 } },
    { key: 'description', field: { key: 'description', kind: 'textarea', max: 20_000 } },
    { key: 'dueDate', field: { key: 'dueDate', kind: 'date' } },
    // Status and people are no form fields of the type's data: read by value (below), not by kind.
    { key: 'status', field: null },
    { key: 'owner', field: null },
    { key: 'assignee', field: null },
    ...itemTypeDefs[type].fields.filter((f) => f.kind !== 'list').map((f) => ({ key: f.key, field: f })),
  ];
}

export const langOf = (ctx: Pick<Ctx, 'locale'>): Language => (ctx.locale === 'en' ? 'en' : 'de');
export const labelOf = (lang: Language, type: ItemTypeKey, key: string) =>
  webTexts(lang)([`items.fieldFor.${type}.${key}`, `items.field.${key}`]);
export const optionLabel = (lang: Language, options: string, v: string) => webTexts(lang)(`items.option.${options}.${v}`);

/**
 * A label and its short forms: without a bracketed addition ("Rolle (Art. 30 DSGVO)" → "Rolle")
 * and before a dash's explanation ("Art. 6 Abs. 1 lit. b DSGVO – Vertrag …" → "Art. 6 Abs. 1 lit. b DSGVO").
 */
const shortForms = (label: string) => [label, label.replace(/\s*\([^)]*\)\s*/g, ' ').trim(), label.split(/\s[–—-]\s/)[0]!.trim()];

/** Every spelling a column of the register can have: its key, the form's and the Art. 30 export's labels in both languages. */
function columnSpellings(type: ItemTypeKey, key: string) {
  const report = (lang: Language) => (reportTexts(lang).field as Record<string, string>)[key];
  return [key, labelOf('de', type, key), labelOf('en', type, key), report('de'), report('en')]
    .filter((x): x is string => !!x)
    .flatMap(shortForms)
    .map(normalize)
    .filter(Boolean);
}

/** Every spelling of an option: its value, the web's and the export's labels in both languages, and their short forms. */
const spellingCache = new Map<string, string[]>();
function optionSpellings(options: string, v: string) {
  const cached = spellingCache.get(`${options}.${v}`);
  if (cached) return cached;
  const report = (lang: Language) => (reportTexts(lang).option as Record<string, Record<string, string>>)[options]?.[v];
  const out = [v, optionLabel('de', options, v), optionLabel('en', options, v), report('de'), report('en')]
    .filter((x): x is string => !!x)
    .flatMap(shortForms)
    .map(normalize)
    .filter(Boolean);
  spellingCache.set(`${options}.${v}`, out);
  return out;
}

function distance(a: string, b: string) {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/**
 * Each header to a field: first by exact spelling (key, German or English label, normalised),
 * then the closest label within a small edit distance (one typo per eight letters, at most two),
 * each field taken once. A header that fits nothing stays unmapped (null).
 */
export function autoMapping(
  type: ItemTypeKey,
  headers: string[],
  remembered: Record<string, string | null> = {},
): (string | null)[] {
  const names = columnsOf(type).map((c) => ({ key: c.key, spellings: columnSpellings(type, c.key) }));
  const keys = new Set(names.map((c) => c.key));
  const taken = new Set<string>();
  const out: (string | null)[] = headers.map(() => null);
  // The user's own choice for a header wins, an ignored column included; a field once each.
  const chosen = new Set<number>();
  headers.forEach((h, i) => {
    const n = normalize(h);
    if (!n || !(n in remembered)) return;
    const field = remembered[n] ?? null;
    if (field !== null && (!keys.has(field) || taken.has(field))) return;
    out[i] = field;
    chosen.add(i);
    if (field) taken.add(field);
  });
  headers.forEach((h, i) => {
    if (chosen.has(i)) return;
    const n = normalize(h);
    const hit = names.find((c) => !taken.has(c.key) && c.spellings.includes(n));
    if (hit && n) {
      out[i] = hit.key;
      taken.add(hit.key);
    }
  });
  headers.forEach((h, i) => {
    const n = normalize(h);
    if (chosen.has(i) || out[i] !== null || n.length < 4) return;
    const allowed = Math.min(2, Math.max(1, Math.floor(n.length / 8)));
    let best: { key: string; d: number } | null = null;
    for (const c of names) {
      if (taken.has(c.key)) continue;
      const d = Math.min(...c.spellings.map((s) => distance(n, s)));
      if (d <= allowed && (!best || d < best.d)) best = { key: c.key, d };
    }
    if (best) {
      out[i] = best.key;
      taken.add(best.key);
    }
  });
  return out;
}

function typeOf(register: string): ItemTypeKey {
  const t = itemTypes.find((x) => x.key === register);
  if (!t) throw notFound();
  return t.key;
}

function requireWrite(ctx: Ctx, type: ItemTypeKey) {
  const claim = itemTypes.find((x) => x.key === type)!.claim;
  if (!ctx.claims.has(`${claim}.Read`) || !ctx.claims.has(`${claim}.Write`)) throw forbidden();
}

/** The company an import writes to: the one named, else the scope's; it must be in the caller's scope. */
function companyOf(ctx: Ctx, requested: string | undefined) {
  const id = requested ?? ctx.scopeCompanyId ?? ctx.companyId;
  if (!ctx.scopeCompanyIds.includes(id)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
  return id;
}

/** The text a template's example row shows for a field. */
function example(lang: Language, c: Column): string {
  const f = c.field;
  if (c.key === 'number') return '';
  if (c.key === 'name') return lang === 'en' ? 'Example entry' : 'Beispieleintrag';
  if (c.key === 'status') return webTexts(lang)('status.open');
  if (!f) return '';
  switch (f.kind) {
    case 'date':
      return '2026-01-31';
    case 'boolean':
      return lang === 'en' ? 'yes' : 'ja';
    case 'select':
    case 'multiselect':
      return f.values[0] ? shortForms(optionLabel(lang, f.options, f.values[0]))[2]! : '';
    case 'number':
      return '1';
    default:
      return '';
  }
}

/** A template to fill in: one column per form field, a sheet of allowed values, one example row. */
export async function importTemplate(ctx: Ctx, register: string, format: 'xlsx' | 'csv', companyId?: string) {
  const type = typeOf(register);
  requireWrite(ctx, type);
  const lang = langOf(ctx);
  const cols = columnsOf(type);
  const headers = cols.map((c) => labelOf(lang, type, c.key));
  const sample = cols.map((c) => example(lang, c));
  const typeName = webTexts(lang)(`items.type.${type}.other`);
  if (format === 'csv') {
    const line = (cells: string[]) => cells.map((c) => `"${escapeCell(c).replace(/"/g, '""')}"`).join(';');
    return {
      body: Buffer.from(`\ufeff${line(headers)}\r\n${line(sample)}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${typeName}.csv`,
    };
  }
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(typeName.slice(0, 31));
  ws.addRow(headers).font = { bold: true };
  ws.addRow(sample);
  ws.columns.forEach((c) => {
    c.width = 24;
  });
  const values = wb.addWorksheet(lang === 'en' ? 'Allowed values' : 'Erlaubte Werte');
  const lists: { label: string; values: string[] }[] = [];
  const company = companyOf(ctx, companyId);
  for (const c of cols) {
    const f = c.field;
    if (c.key === 'status')
      lists.push({ label: labelOf(lang, type, c.key), values: itemStatuses.map((x) => webTexts(lang)(`status.${x.name}`)) });
    if (f?.kind === 'select' || f?.kind === 'multiselect')
      lists.push({ label: labelOf(lang, type, c.key), values: f.values.map((v) => optionLabel(lang, f.options, v)) });
    if (f?.kind === 'boolean')
      lists.push({ label: labelOf(lang, type, c.key), values: lang === 'en' ? ['yes', 'no'] : ['ja', 'nein'] });
    if (f?.kind === 'tags') {
      const tags = await ctx.db
        .select({ name: tag.name })
        .from(tag)
        .where(and(eq(tag.companyId, company), eq(tag.type, f.tagType)))
        .orderBy(tag.name);
      lists.push({ label: labelOf(lang, type, c.key), values: tags.map((x) => x.name) });
    }
  }
  values.addRow(lists.map((l) => l.label)).font = { bold: true };
  const depth = Math.max(0, ...lists.map((l) => l.values.length));
  for (let i = 0; i < depth; i++) values.addRow(lists.map((l) => escapeCell(l.values[i] ?? '')));
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${typeName}.xlsx`,
  };
}

export interface CellError {
  line: number;
  column: string;
  value: string;
  message: string;
}

type Lookups = {
  /** By number ("VT-0042") and by `name:` plus the normalised name; null for a name two items share. */
  existing: Map<
    string,
    {
      id: string;
      name: string;
      description: string;
      status: number;
      dueDate: string | null;
      ownerId: string | null;
      assigneeId: string | null;
      data: Record<string, unknown>;
    } | null
  >;
  links: Map<string, Map<string, string>>;
  tags: Map<string, Map<string, string>>;
  /** Users the caller may see, by lower-case e-mail and by `name:` plus the normalised full name (null when two share it). */
  users: Map<string, string | null>;
};

const list = (v: string) =>
  v
    .split(/\r?\n|;/)
    .map((x) => x.trim())
    .filter(Boolean);
const numberKey = (v: string) => v.trim().toUpperCase();

async function lookups(ctx: Ctx, type: ItemTypeKey, companyId: string): Promise<Lookups> {
  const fields = itemTypeDefs[type].fields;
  const linkTypes = [...new Set(fields.flatMap((f) => (f.kind === 'links' ? [f.itemType] : [])))];
  const rows = await ctx.db
    .select(registerItemColumns)
    .from(item)
    .where(and(eq(item.companyId, companyId), inArray(item.type, [type, ...linkTypes])));
  const existing: Lookups['existing'] = new Map();
  const links: Lookups['links'] = new Map(linkTypes.map((t) => [t, new Map()]));
  for (const r of rows) {
    const label = formatItemNumber(itemTypeDefs[r.type as ItemTypeKey].prefix, r.number);
    if (r.type === type) {
      existing.set(label, r);
      // A name held by two items of the register identifies neither.
      const n = `name:${normalize(r.name)}`;
      existing.set(n, existing.has(n) ? null : r);
    }
    const m = links.get(r.type);
    if (m) {
      // Linked items are found by number ("LF-0003"), by "number name" as the export writes them, or by name.
      m.set(numberKey(label), r.id);
      if (!m.has(normalize(r.name))) m.set(normalize(r.name), r.id);
    }
  }
  const tagRows = await ctx.db
    .select({ id: tag.id, type: tag.type, name: tag.name })
    .from(tag)
    .where(eq(tag.companyId, companyId));
  const tags: Lookups['tags'] = new Map();
  for (const t of tagRows) {
    if (!tags.has(t.type)) tags.set(t.type, new Map());
    tags.get(t.type)!.set(t.name.toLowerCase(), t.id);
  }
  // Row-level security keeps this to the users the caller may see, as for an owner chosen in the form.
  const people = await ctx.db.select({ id: appUser.id, email: appUser.email, name: fullName('app_user') }).from(appUser);
  const users: Lookups['users'] = new Map();
  for (const u of people) {
    users.set(u.email.toLowerCase(), u.id);
    if (u.name) {
      const n = `name:${normalize(u.name)}`;
      users.set(n, users.has(n) && users.get(n) !== u.id ? null : u.id);
    }
  }
  return { existing, links, tags, users };
}

const yes = new Set(['ja', 'yes', 'true', 'wahr', 'x', '1', 'j', 'y']);
const no = new Set(['nein', 'no', 'false', 'falsch', '0', 'n', '']);

/** A status by its code (0–4) or its name in either language ("Erledigt", "in progress"); null when unknown. */
function statusOf(v: string): number | null {
  if (/^\d+$/.test(v.trim())) {
    const code = Number(v.trim());
    return itemStatuses.some((s) => s.code === code) ? code : null;
  }
  const n = normalize(v);
  const hit = itemStatuses.find((s) =>
    [s.name, webTexts('de')(`status.${s.name}`), webTexts('en')(`status.${s.name}`)].map(normalize).includes(n),
  );
  return hit ? hit.code : null;
}

/** DD.MM.YYYY or YYYY-MM-DD to a calendar day; null when it is no real date. */
function dateOf(v: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) ?? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  if (!m) return null;
  const [y, mo, d] = v.includes('-') ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const iso = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const dt = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(dt.getTime()) || dt.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A type's data as a form saves it when nothing is filled in: an item created by import carries
 * every key like one created in the form, so that re-importing its export finds no difference.
 */
function emptyData(type: ItemTypeKey): Record<string, unknown> {
  return Object.fromEntries(
    itemTypeDefs[type].fields.map((f) => {
      switch (f.kind) {
        case 'text':
        case 'textarea':
          return [f.key, ''];
        case 'boolean':
          return [f.key, false];
        case 'multiselect':
        case 'tags':
        case 'links':
        case 'list':
          return [f.key, []];
        default:
          return [f.key, null];
      }
    }),
  );
}

type Planned = {
  line: number;
  existingId: string | null;
  number: string | null;
  input: ItemInput;
  /** Tag names of this row that do not exist yet, created on commit: [tagType, name]. */
  newTags: [string, string][];
  errors: CellError[];
  state: 'new' | 'updated' | 'unchanged' | 'error';
};

/** Each row as it would be saved, its cell errors, and whether it creates, changes or leaves an item. */
function plan(
  type: ItemTypeKey,
  headers: string[],
  rows: { line: number; cells: string[] }[],
  mapping: (string | null)[],
  look: Lookups,
  lang: Language,
): Planned[] {
  const cols = new Map(columnsOf(type).map((c) => [c.key, c]));
  const defaults = emptyData(type);
  return rows.map(({ line, cells }) => {
    const errors: CellError[] = [];
    const err = (i: number, value: string, message: string) => errors.push({ line, column: headers[i] ?? '', value, message });
    const numberAt = mapping.indexOf('number');
    const number = numberAt >= 0 ? numberKey(cells[numberAt] ?? '') || null : null;
    // A row without a number updates the one item of that name, so that importing the same file twice adds nothing.
    const nameAt = mapping.indexOf('name');
    const before = number
      ? (look.existing.get(number) ?? null)
      : nameAt >= 0
        ? (look.existing.get(`name:${normalize(cells[nameAt] ?? '')}`) ?? null)
        : null;
    const core: Record<string, unknown> = {
      name: before?.name ?? '',
      description: before?.description ?? '',
      dueDate: before?.dueDate ?? null,
    };
    const people = {
      status: before?.status ?? 0,
      ownerId: before?.ownerId ?? null,
      assigneeId: before?.assigneeId ?? null,
    };
    const data: Record<string, unknown> = { ...defaults, ...(before?.data ?? {}) };
    const newTags: [string, string][] = [];
    mapping.forEach((key, i) => {
      if (!key || key === 'number') return;
      const raw = cells[i] ?? '';
      if (key === 'status') {
        const code = raw ? statusOf(raw) : people.status;
        if (code === null) err(i, raw, 'validation.option');
        people.status = code ?? people.status;
        return;
      }
      if (key === 'owner' || key === 'assignee') {
        // A person by e-mail or full name; an empty owner keeps the item's (a new one: the importer).
        const id = raw ? (look.users.get(raw.toLowerCase()) ?? look.users.get(`name:${normalize(raw)}`) ?? null) : null;
        if (raw && !id) err(i, raw, 'validation.unknownUser');
        if (key === 'assignee') people.assigneeId = raw ? id : null;
        else if (id) people.ownerId = id;
        return;
      }
      const f = cols.get(key)?.field;
      if (!f) return;
      const target = key in core ? core : data;
      switch (f.kind) {
        case 'text':
        case 'textarea': {
          const max = f.max ?? (f.kind === 'text' ? 500 : 20_000);
          if (raw.length > max) err(i, raw.slice(0, 100), 'validation.tooLong');
          else if (f.required && !raw) err(i, raw, 'validation.required');
          target[key] = raw;
          break;
        }
        case 'date':
        case 'datetime': {
          const d = raw ? dateOf(raw) : null;
          if (raw && !d) err(i, raw, 'validation.date');
          target[key] = d;
          break;
        }
        case 'number': {
          const n = raw ? Number(raw.replace(',', '.')) : null;
          if (n !== null && !Number.isFinite(n)) err(i, raw, 'validation.number');
          target[key] = n;
          break;
        }
        case 'boolean': {
          const v = raw.toLowerCase();
          if (!yes.has(v) && !no.has(v)) err(i, raw, 'validation.option');
          target[key] = yes.has(v);
          break;
        }
        case 'select':
        case 'multiselect': {
          const find = (v: string) => f.values.find((o) => optionSpellings(f.options, o).includes(normalize(v)));
          if (f.kind === 'select') {
            const o = raw ? find(raw) : null;
            if (raw && !o) err(i, raw, 'validation.option');
            if (!raw && f.required) err(i, raw, 'validation.required');
            target[key] = o ?? null;
          } else {
            const found = list(raw).map((v) => [v, find(v)] as const);
            for (const [v, o] of found) if (!o) err(i, v, 'validation.option');
            target[key] = found.flatMap(([, o]) => (o ? [o] : []));
          }
          break;
        }
        case 'tags': {
          const known = look.tags.get(f.tagType) ?? new Map<string, string>();
          const ids: string[] = [];
          // One tag per line or after ";" as the export writes them; a comma separates only when
          // the whole text is no tag name, since names may contain commas.
          const names = list(raw).flatMap((v) =>
            known.has(v.toLowerCase())
              ? [v]
              : v
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
          );
          for (const name of names) {
            if (name.length > 200) err(i, name.slice(0, 100), 'validation.tooLong');
            const id = known.get(name.toLowerCase());
            if (id) ids.push(id);
            else newTags.push([f.tagType, name]);
          }
          target[key] = ids;
          break;
        }
        case 'links': {
          const known = look.links.get(f.itemType) ?? new Map<string, string>();
          const ids: string[] = [];
          for (const v of list(raw)) {
            const num = /^[A-Za-zÄÖÜ]+-\d+/.exec(v)?.[0];
            const id = (num && known.get(numberKey(num))) || known.get(normalize(v));
            if (id) ids.push(id);
            else err(i, v, 'validation.unknownReference');
          }
          target[key] = ids;
          break;
        }
      }
    });
    // A mapped name column says so itself (above); without one, no row has a name.
    if (!core.name && nameAt < 0) err(nameAt, '', 'validation.required');
    // A required field no column fills (and the item had no value for) is named by its label.
    for (const f of itemTypeDefs[type].fields) {
      const v = data[f.key];
      const empty = v == null || v === '' || (Array.isArray(v) && v.length === 0);
      const at = mapping.indexOf(f.key);
      if ('required' in f && f.required && empty && !errors.some((e) => at >= 0 && e.column === headers[at]))
        errors.push({
          line,
          column: at >= 0 ? (headers[at] ?? '') : labelOf(lang, type, f.key),
          value: '',
          message: 'validation.required',
        });
    }
    const input = {
      name: String(core.name),
      description: String(core.description),
      dueDate: core.dueDate as string | null,
      status: people.status,
      ownerId: people.ownerId,
      assigneeId: people.assigneeId,
      parentType: null,
      parentId: null,
      data,
    } as ItemInput;
    let state: Planned['state'] = errors.length ? 'error' : before ? 'unchanged' : 'new';
    if (before && !errors.length) {
      const changed =
        newTags.length > 0 ||
        Object.keys(itemChanges({ ...before, data: { ...defaults, ...before.data } }, { ...input, ...people, data })).length > 0;
      state = changed ? 'updated' : 'unchanged';
    }
    return { line, existingId: before?.id ?? null, number, input, newTags, errors, state };
  });
}

const PREVIEW_ROWS = 20;

function answer(
  type: ItemTypeKey,
  importId: string,
  headers: string[],
  mapping: (string | null)[],
  planned: Planned[],
  rows: { cells: string[] }[],
) {
  const count = (s: Planned['state']) => planned.filter((p) => p.state === s).length;
  const sample = (i: number) =>
    rows
      .slice(0, PREVIEW_ROWS)
      .find((r) => r.cells[i])
      ?.cells[i]?.slice(0, 200) ?? '';
  return {
    importId,
    register: type,
    /** The fields a column may be mapped to, in the form's order. */
    fields: columnsOf(type).map((c) => c.key),
    mapping: headers.map((header, i) => ({ header, field: mapping[i] ?? null, sample: sample(i) })),
    rows: planned.slice(0, PREVIEW_ROWS).map((p) => ({
      line: p.line,
      number: p.number,
      state: p.state,
      name: p.input.name,
      description: p.input.description,
      dueDate: p.input.dueDate,
      data: p.input.data,
      errors: p.errors,
    })),
    errors: planned.flatMap((p) => p.errors).slice(0, 1000),
    counts: { new: count('new'), updated: count('updated'), unchanged: count('unchanged'), errors: count('error') },
  };
}

/** Reads an upload, maps its columns, checks every row and keeps it for the commit; writes no item. */
export async function previewImport(ctx: Ctx, register: string, upload: { filename: string; data: Buffer }, companyId?: string) {
  const type = typeOf(register);
  requireWrite(ctx, type);
  const company = companyOf(ctx, companyId);
  const sheet = await readSheet(upload.filename, upload.data);
  const mapping = autoMapping(type, sheet.headers, await rememberedMapping(ctx, company, type));
  const planned = plan(type, sheet.headers, sheet.rows, mapping, await lookups(ctx, type, company), langOf(ctx));
  const [row] = await ctx.db
    .insert(pendingImport)
    .values({
      companyId: company,
      userId: ctx.userId,
      type,
      fileName: upload.filename.slice(0, 255),
      headers: sheet.headers,
      rows: sheet.rows.map((r) => [String(r.line), ...r.cells]),
      mapping,
    })
    .returning({ id: pendingImport.id });
  return answer(type, row!.id, sheet.headers, mapping, planned, sheet.rows);
}

async function loadPending(ctx: Ctx, importId: string) {
  // Row-level security hides other companies' imports; another user's import is hidden here.
  const [p] = await ctx.db
    .select()
    .from(pendingImport)
    .where(and(eq(pendingImport.id, importId), eq(pendingImport.userId, ctx.userId)));
  if (!p || !ctx.scopeCompanyIds.includes(p.companyId)) throw notFound();
  return p;
}

function checkedMapping(type: ItemTypeKey, headers: string[], mapping: (string | null)[]) {
  const keys = new Set(columnsOf(type).map((c) => c.key));
  const used = mapping.filter((m): m is string => m !== null);
  if (mapping.length !== headers.length || used.some((m) => !keys.has(m)) || new Set(used).size !== used.length)
    throw validationFailed({ mapping: ['validation.invalid'] });
  return mapping;
}

/**
 * Writes every row of a previewed import in the request's transaction: a row with a known number
 * updates that item, any other creates one; unchanged rows are left alone. Any row with an error
 * refuses the whole import (422, nothing written). Each created or changed item gets the history
 * entry "imported".
 */
/**
 * A previewed import with another column mapping: checked again, kept for the commit, and
 * remembered for the user's next import into this register and company.
 */
export async function remapImport(ctx: Ctx, importId: string, newMapping: (string | null)[]) {
  const p = await loadPending(ctx, importId);
  const type = p.type as ItemTypeKey;
  requireWrite(ctx, type);
  const mapping = checkedMapping(type, p.headers, newMapping);
  const rows = pendingRows(p);
  const planned = plan(type, p.headers, rows, mapping, await lookups(ctx, type, p.companyId), langOf(ctx));
  await ctx.db.update(pendingImport).set({ mapping }).where(eq(pendingImport.id, p.id));
  await rememberMapping(ctx, p.companyId, type, p.headers, mapping);
  return answer(type, p.id, p.headers, mapping, planned, rows);
}

const pendingRows = (p: { rows: string[][] }) => p.rows.map(([line, ...cells]) => ({ line: Number(line), cells }));

/** Every row of a previewed import that has an error, with the reasons, as a workbook to correct and import again. */
export async function importErrors(ctx: Ctx, importId: string) {
  const p = await loadPending(ctx, importId);
  const type = p.type as ItemTypeKey;
  requireWrite(ctx, type);
  const planned = plan(type, p.headers, pendingRows(p), p.mapping, await lookups(ctx, type, p.companyId), langOf(ctx));
  const lang = langOf(ctx);
  const bad = planned.filter((x) => x.errors.length);
  const cells = new Map(pendingRows(p).map((r) => [r.line, r.cells]));
  return errorWorkbook(
    lang,
    p.fileName,
    p.headers,
    bad.map((b) => ({ line: b.line, cells: cells.get(b.line) ?? [], errors: b.errors })),
  );
}

export async function commitImport(
  d: ItemDeps,
  ctx: Ctx,
  importId: string,
  newMapping?: (string | null)[],
  progress: Progress = async () => undefined,
) {
  const p = await loadPending(ctx, importId);
  const type = p.type as ItemTypeKey;
  requireWrite(ctx, type);
  const mapping = newMapping ? checkedMapping(type, p.headers, newMapping) : p.mapping;
  if (newMapping) await rememberMapping(ctx, p.companyId, type, p.headers, mapping);
  const rows = pendingRows(p);
  const planned = plan(type, p.headers, rows, mapping, await lookups(ctx, type, p.companyId), langOf(ctx));
  const bad = planned.filter((x) => x.state === 'error');
  if (bad.length) {
    throw validationFailed(
      Object.fromEntries(bad.slice(0, 100).flatMap((b) => b.errors.map((e) => [`row.${e.line}.${e.column}`, [e.message]]))),
    );
  }
  // Missing tags are created once, then every row names them by id.
  const tagIds = new Map<string, string>();
  for (const [tagType, name] of planned.flatMap((x) => x.newTags)) {
    const k = `${tagType}\u0000${name.toLowerCase()}`;
    if (tagIds.has(k)) continue;
    const [t] = await ctx.db
      .insert(tag)
      .values({ companyId: p.companyId, type: tagType as 'person-groups', name })
      .onConflictDoNothing()
      .returning({ id: tag.id });
    const id =
      t?.id ??
      (
        await ctx.db
          .select({ id: tag.id })
          .from(tag)
          .where(
            and(
              eq(tag.companyId, p.companyId),
              eq(tag.type, tagType as 'person-groups'),
              sql`lower(${tag.name}) = ${name.toLowerCase()}`,
            ),
          )
      )[0]!.id;
    tagIds.set(k, id);
  }
  const tagFields = itemTypeDefs[type].fields.filter((f) => f.kind === 'tags');
  // Progress counts the rows to write (the unchanged ones are known already): updates one by one,
  // new items as their statements go in.
  const total = planned.filter((x) => x.state !== 'unchanged').length;
  let done = 0;
  await progress(done, total);
  let updated = 0;
  const fresh: ItemInput[] = [];
  for (const x of planned) {
    if (x.state === 'unchanged') continue;
    const data = x.input.data as Record<string, unknown>;
    for (const [tagType, name] of x.newTags) {
      const f = tagFields.find((tf) => tf.kind === 'tags' && tf.tagType === tagType)!;
      data[f.key] = [...((data[f.key] as string[]) ?? []), tagIds.get(`${tagType}\u0000${name.toLowerCase()}`)!];
    }
    if (!x.existingId) {
      fresh.push(x.input);
      continue;
    }
    const [before] = await ctx.db.select(registerItemColumns).from(item).where(eq(item.id, x.existingId));
    const next = {
      name: x.input.name,
      description: x.input.description,
      status: x.input.status,
      dueDate: x.input.dueDate,
      ownerId: x.input.ownerId,
      assigneeId: x.input.assigneeId,
      data,
    };
    const changes = itemChanges(before!, next);
    await progress(++done, total);
    if (!Object.keys(changes).length) continue;
    await ctx.db
      .update(item)
      .set({ ...next, updatedAt: d.now(), updatedBy: ctx.userId })
      .where(eq(item.id, x.existingId));
    await ctx.db.insert(itemHistory).values({
      itemId: x.existingId,
      companyId: p.companyId,
      type,
      name: next.name,
      action: 'imported',
      userId: ctx.userId,
      changes,
    });
    updated++;
  }
  // New items in file order, numbered after the updates' checks: all at once.
  const written = (rows: number) => {
    done += rows;
    return progress(done, total);
  };
  const created = (await insertItems(d, ctx, type, fresh, p.companyId, 'imported', written)).length;
  await ctx.db.delete(pendingImport).where(eq(pendingImport.id, p.id));
  return { created, updated, unchanged: planned.length - total };
}
