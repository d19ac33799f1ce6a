import { type ItemTypeKey, itemTypeDefs, itemTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { queryRows } from '../../db/types';
import { PROGRESS_TYPE } from '../../platform/progress-answer';
import type { TestApp } from '../harness';

/**
 * Walks `/api/openapi.json`: every operation, a valid request generated from its schemas and,
 * on request, the same request with one field, parameter or header made bad. Shared by the fuzz
 * stage and the cross-tenant walk; ids come from pools of one tenant's real rows.
 */

export type JsonSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/issue/{id}`. */
  path: string;
  params: { in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** File uploads: the document has no schema for them. */
  multipart: boolean;
  /** OAuth2 token endpoint: form-encoded, parsed by hand. */
  form: boolean;
  /** Answers with its progress as NDJSON when asked (Accept: application/x-ndjson). */
  progress: boolean;
}

/** Operations the walks leave out, and why. */
export const skipped: Record<string, string> = {
  // Revokes the very session the walk runs in; revocation has its own tests in auth.test.ts.
  'POST /api/auth/logout': 'ends the session',
};

export const isWrite = (op: Pick<Operation, 'method'>) => op.method !== 'GET';
export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

export async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['params'];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          responses?: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(byMethod)) {
      const m = method.toUpperCase();
      ops.push({
        method: m,
        path,
        params: (o.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: o.requestBody?.content['application/json']?.schema,
        multipart:
          m === 'POST' &&
          (/\/(attachment|logo|avatar)$/.test(path) ||
            /^\/api\/import\/[^/]+\/preview$/.test(path) ||
            path === '/api/company/import'),
        form: path === '/api/auth/token',
        progress: !!o.responses?.['200']?.content?.[PROGRESS_TYPE],
      });
    }
  }
  // FUZZ_ONLY=/api/signup,/api/account walks the operations under those paths only (a module's own check).
  const only = process.env.FUZZ_ONLY?.split(',').filter(Boolean);
  const chosen = only ? ops.filter((o) => only.some((p) => o.path.startsWith(p))) : ops;
  // Deletes last, so the rows the other operations address still exist while they run.
  return chosen.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** Real ids of one tenant, by kind. */
export interface Pools {
  companyIds: string[];
  /** Companies an id in a body or query may name. */
  company: string[];
  /** Companies a path may address for a change (the walking user's own company stays out). */
  companyTargets: string[];
  user: string[];
  role: string[];
  tag: string[];
  /** The type of each tag, for paths that name both. */
  tagType: Record<string, string>;
  item: Partial<Record<ItemTypeKey, string[]>>;
  attachment: string[];
  appointment: string[];
  textModule: number[];
  help: string[];
  terms: string[];
  avatar: string[];
  webhook: string[];
  webhookDelivery: string[];
}

/** The rows of the given companies; `exclude` keeps the walking user's own account and roles out of reach. */
export async function collectPools(
  t: TestApp,
  companyIds: string[],
  exclude: { users?: string[]; roles?: string[]; companies?: string[] } = {},
): Promise<Pools> {
  const ids = sql.join(
    companyIds.map((c) => sql`${c}::uuid`),
    sql`, `,
  );
  const col = async <T>(q: ReturnType<typeof sql>) => (await queryRows<{ v: T }>(t.db, q)).map((r) => r.v);
  const items = await queryRows<{ id: string; type: ItemTypeKey }>(
    t.db,
    sql`select id, type from item where company_id in (${ids})`,
  );
  const tags = await queryRows<{ id: string; type: string }>(t.db, sql`select id, type from tag where company_id in (${ids})`);
  const item: Pools['item'] = {};
  for (const i of items) item[i.type] = [...(item[i.type] ?? []), i.id];
  const without = (list: string[], ex: string[] = []) => list.filter((x) => !ex.includes(x));
  return {
    companyIds,
    company: companyIds,
    companyTargets: without(companyIds, exclude.companies),
    user: without(await col<string>(sql`select id as v from app_user where company_id in (${ids})`), exclude.users),
    role: without(await col<string>(sql`select id as v from role where company_id in (${ids})`), exclude.roles),
    tag: tags.map((x) => x.id),
    tagType: Object.fromEntries(tags.map((x) => [x.id, x.type])),
    item,
    attachment: await col<string>(sql`select id as v from attachment where company_id in (${ids})`),
    appointment: await col<string>(sql`select id as v from appointment where company_id in (${ids})`),
    textModule: await col<number>(sql`select id as v from text_module where company_id in (${ids})`),
    help: await col<string>(sql`select id as v from help_content`),
    terms: await col<string>(sql`select id as v from terms_of_use`),
    avatar: await col<string>(
      sql`select avatar_hash as v from app_user where avatar_hash is not null and company_id in (${ids})`,
    ),
    webhook: await col<string>(sql`select id as v from webhook_endpoint where company_id in (${ids})`),
    webhookDelivery: await col<string>(sql`select id as v from webhook_delivery where company_id in (${ids})`),
  };
}

/**
 * An endpoint with one delivery in the first of `companyIds`, so the walks address real webhook
 * ids (the demo data has none). Its address is never called: no worker runs in the walks.
 */
export async function seedWebhook(t: TestApp, companyIds: string[]) {
  const [endpoint] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into webhook_endpoint (company_id, url, events, secret_sealed)
        values (${companyIds[0]}::uuid, 'https://example.com/seeded', '{item.created}', 'v1.a.b.c') returning id`,
  );
  await t.db.execute(sql`insert into webhook_delivery (endpoint_id, company_id, event_id, event, body, retry_until)
      values (${endpoint!.id}::uuid, ${companyIds[0]}::uuid, gen_random_uuid(), 'item.created', '{}', now() + interval '1 day')`);
}

const itemTypeKeys = new Set<string>(itemTypes.map((x) => x.key));
const allItems = (p: Pools) => Object.values(p.item).flat();

/** The pool an id at this place of this operation is drawn from (undefined: not an id). */
export function poolFor(p: Pools, op: Operation, at: string[]): (string | number)[] | undefined {
  const key = at[at.length - 1] ?? '';
  const segment = op.path.split('/')[2] ?? '';
  if (at.length === 1 && (key === 'id' || key === 'hash')) {
    if (key === 'hash') return p.avatar;
    if (op.path.startsWith('/api/tag/')) return p.tag;
    const bySegment: Record<string, (string | number)[]> = {
      'text-module': p.textModule,
      user: p.user,
      role: p.role,
      company: p.companyTargets,
      attachment: p.attachment,
      appointment: p.appointment,
      'help-content': p.help,
      'terms-of-use': p.terms,
      webhook: p.webhook,
    };
    if (bySegment[segment]) return bySegment[segment];
    if (itemTypeKeys.has(segment)) return p.item[segment as ItemTypeKey] ?? [];
    return allItems(p);
  }
  // An import names its register by type key (the commit's segment of that name is an import id).
  if (key === 'register' && /\/(preview|template)$/.test(op.path)) return itemTypes.map((x) => x.key);
  if (/^(companyId|parentCompanyId|companyIds|agencyId)$/.test(key)) return p.company;
  if (/^(ownerId|assigneeId|userId|dataPrivacyAgentId)$/.test(key)) return p.user;
  if (key === 'roleIds') return p.role;
  if (key === 'tagId') return p.tag;
  if (key === 'itemId') return allItems(p);
  if (key === 'deliveryId') return p.webhookDelivery;
  if (at[0] === 'data' && itemTypeKeys.has(segment)) {
    const field = itemTypeDefs[segment as ItemTypeKey].fields.find((f) => f.key === at[1]);
    if (field?.kind === 'tags') return p.tag;
    if (field?.kind === 'links') return p.item[field.itemType] ?? [];
  }
  return undefined;
}

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüß ABCXYZ0123456789-'), maxLength: 24 });

const email = fc.nat(1_000_000).map((n) => `fuzz-${n}@example.com`);

function stringArb(s: JsonSchema, pool: (string | number)[] | undefined, key: string): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (pool) return pool.length ? fc.constantFrom(...pool) : fc.uuid();
  // A piped schema (trim, then e-mail) shows only its input side in the document.
  if (key === 'email') return email;
  if (key === 'route') return word.map((w) => `/${w.toLowerCase().replace(/[^a-z0-9-]/g, '')}`);
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return email;
    case 'cidrv4':
      return fc.constant('127.0.0.0/8');
    case 'cidrv6':
      return fc.constant('::1/128');
  }
  const p = s.pattern ?? '';
  if (p.startsWith('^\\d{4}-\\d{2}-\\d{2} ')) return fc.constantFrom('2026-01-01 00:00:00', '2026-12-31 23:59:59');
  if (p.startsWith('^\\d{4}-\\d{2}-\\d{2}T')) return fc.constantFrom('2026-01-01T00:00:00', '2026-12-31T23:59:59');
  if (p === '^[0-9a-f]{64}$') return fc.constant('0'.repeat(64));
  if (p === '^\\d{6}$') return fc.stringMatching(/^\d{6}$/);
  if (p === '^[0-4](,[0-4])*$') return fc.stringMatching(/^[0-4](,[0-4]){0,3}$/);
  if (p.startsWith('^\\/[a-z0-9')) return fc.stringMatching(/^\/[a-z0-9-]{0,20}$/);
  if (s.minLength === 2 && s.maxLength === 2) return fc.constantFrom('DE', 'AT', 'CH');
  const max = Math.min(s.maxLength ?? 40, 40);
  const min = Math.max(s.minLength ?? 0, 0);
  return word.map((w) => {
    const v = min > 0 ? `F${w}`.trimEnd() : w;
    return v.padEnd(min, 'x').slice(0, max);
  });
}

/** A value the schema accepts (ids drawn from the pools). */
export function validArb(s: JsonSchema, p: Pools, op: Operation, at: string[] = []): fc.Arbitrary<unknown> {
  const base = (): fc.Arbitrary<unknown> => {
    if (s.anyOf?.length || s.oneOf?.length) return validArb((s.anyOf ?? s.oneOf)![0]!, p, op, at);
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'string':
        // A webhook's address: HTTPS, or HTTP to localhost outside Production (nothing is sent in the walks).
        if (/^\/api\/webhook(\/\{id\})?$/.test(op.path) && at.join('.') === 'url')
          return fc.constantFrom('https://example.com/hook', 'http://localhost:9/hook');
        return stringArb(s, poolFor(p, op, at), at[at.length - 1] ?? '');
      case 'integer':
      case 'number': {
        const pool = poolFor(p, op, at);
        if (pool?.length) return fc.constantFrom(...pool);
        const min = Math.max(s.minimum ?? -1000, -1_000_000);
        const max = Math.min(s.maximum ?? 1000, 1_000_000);
        return s.type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const item = validArb(s.items ?? {}, p, { ...op }, at);
        const maxLength = Math.min(s.maxItems ?? 3, 3);
        return fc.uniqueArray(item, {
          minLength: Math.min(s.minItems ?? 0, maxLength),
          maxLength,
          selector: (v) => JSON.stringify(v),
        });
      }
      case 'object': {
        const props = s.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArb(v, p, op, [...at, k])]));
        return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.constant(null);
    }
  };
  return s.nullable ? fc.option(base(), { nil: null, freq: 6 }) : base();
}

export interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface Parts {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** undefined: no body; the JSON value otherwise. */
  body?: unknown;
  file?: { name: string; mime: string; content: Buffer };
  /** Send the body as it is (already serialised), to test malformed JSON. */
  rawBody?: string;
}

// A 1×1 transparent PNG: an upload every file endpoint accepts.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function validParts(op: Operation, p: Pools, headers: Record<string, string>): fc.Arbitrary<Parts> {
  const pathArbs: Record<string, fc.Arbitrary<unknown>> = {};
  const queryArbs: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const prm of op.params) {
    const arb = validArb(prm.schema, p, op, [prm.name]);
    if (prm.in === 'path') pathArbs[prm.name] = arb;
    else {
      queryArbs[prm.name] = arb;
      if (prm.required) requiredQuery.push(prm.name);
    }
  }
  const form = fc.record({
    grant_type: fc.constant('password'),
    username: fc.nat(1000).map((n) => `fuzz-${n}@example.com`),
    password: word,
  });
  const body: fc.Arbitrary<unknown> = op.form ? form : op.body ? validArb(op.body, p, op) : fc.constant(undefined);
  return fc
    .record({
      pathParams: fc.record(pathArbs),
      query: fc.record(queryArbs, { requiredKeys: requiredQuery }),
      body,
    })
    .map((r) => {
      coherent(op, p, r);
      return {
        ...r,
        headers: { ...headers },
        file: op.multipart
          ? op.path.startsWith('/api/import/')
            ? { name: 'verzeichnis.csv', mime: 'text/csv', content: csv }
            : op.path === '/api/company/import'
              ? { name: 'firma.zip', mime: 'application/zip', content: companyArchive }
              : { name: 'bild.png', mime: 'image/png', content: png }
          : undefined,
      };
    });
}

/** Values the schema cannot tie together: an item's parent, a tag's own type in its path. */
function coherent(op: Operation, p: Pools, r: { pathParams: Record<string, unknown>; body: unknown }) {
  const body = r.body as Record<string, unknown> | undefined;
  // A parent must be of the named type and of the item's company; the mutations try the rest.
  if (body && typeof body === 'object' && ('parentType' in body || 'parentId' in body)) {
    body.parentType = null;
    body.parentId = null;
  }
  const tagType = p.tagType[String(r.pathParams.id)];
  if (op.path.startsWith('/api/tag/') && tagType) r.pathParams.type = tagType;
}

/** A company archive of the known format and version without its entity files: read, then refused. */
const companyArchive = Buffer.from(
  zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: 'privacy-cockpit-company', version: 1 })) }),
);
// A register import every register's preview reads: a name and a column it may not know.
const csv = Buffer.from('Bezeichnung;Beschreibung;Unbekannt\r\nFuzz-Zeile;aus dem Walk;x\r\n', 'utf8');

const boundary = '----pc-fuzz-boundary';

/** Percent-encoding that keeps an unpaired surrogate as the bytes a careless client would send (encodeURIComponent throws on it). */
function encode(v: string): string {
  return [...v]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(ch);
    })
    .join('');
}

/**
 * The status an answer stands for: its own, or for a progress answer (always 200 once it began)
 * the status its last line reports — an error line's, 200 for a result, 500 for an answer that
 * ends without saying how the work ended.
 */
export function answerStatus(res: { statusCode: number; headers: Record<string, unknown>; body: string }): number {
  if (!String(res.headers['content-type'] ?? '').startsWith(PROGRESS_TYPE)) return res.statusCode;
  const last = res.body.trim().split('\n').at(-1) ?? '';
  try {
    const line = JSON.parse(last) as { result?: unknown; error?: { status?: number } };
    if (line.error) return Number(line.error.status);
    if ('result' in line) return 200;
  } catch {}
  return 500;
}

export function toRequest(op: Operation, parts: Parts): Request {
  let url = op.path;
  for (const [k, v] of Object.entries(parts.pathParams)) url = url.replace(`{${k}}`, encode(String(v)));
  const qs: string[] = [];
  for (const [k, v] of Object.entries(parts.query)) {
    if (v === undefined) continue;
    qs.push(
      `${k}=${encode(typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    );
  }
  if (qs.length) url += `?${qs.join('&')}`;
  const headers = { ...parts.headers };
  let payload: string | Buffer | undefined;
  if (parts.rawBody !== undefined) {
    payload = parts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (parts.file) {
    const f = parts.file;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.mime}\r\n\r\n`,
      ),
      f.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    headers['content-type'] ??= `multipart/form-data; boundary=${boundary}`;
  } else if (op.form && parts.body && typeof parts.body === 'object') {
    payload = new URLSearchParams(Object.entries(parts.body).map(([k, v]) => [k, String(v)])).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (parts.body !== undefined) {
    payload = JSON.stringify(parts.body);
    headers['content-type'] ??= 'application/json';
  }
  return { method: op.method, url, headers, payload };
}

/** Where each table names its company, for a fingerprint of one tenant's rows only. */
const companyOf: Record<string, string> = {
  company: 'r.id',
  app_user: 'r.company_id',
  role: 'r.company_id',
  role_claim: '(select company_id from role where id = r.role_id)',
  user_role: '(select company_id from app_user where id = r.user_id)',
  user_company: 'r.company_id',
  item: 'r.company_id',
  item_history: '(select company_id from item where id = r.item_id)',
  tag: 'r.company_id',
  attachment: 'r.company_id',
  text_module: 'r.company_id',
  appointment: 'r.company_id',
  pending_import: 'r.company_id',
  import_mapping: 'r.company_id',
  user_setting: '(select company_id from app_user where id = r.user_id)',
  terms_of_use_agreement: '(select company_id from app_user where id = r.user_id)',
  terms_of_use: 'null',
  help_content: 'null',
  mail_opt_out: 'null',
  webhook_endpoint: 'r.company_id',
  webhook_delivery: 'r.company_id',
};

/**
 * A fingerprint of the tables a request could change, for "a refused write changes nothing";
 * with `companyIds`, of those companies' rows only. Login bookkeeping (failed attempts, lock)
 * and the security log stay out: a refused login must record itself.
 */
export async function snapshot(t: TestApp, companyIds?: string[]): Promise<Record<string, string>> {
  // Ids come from the database itself; the filter keeps them to uuid characters all the same.
  const list = companyIds?.map((c) => `'${c.replace(/[^0-9a-f-]/g, '')}'`).join(', ');
  const parts = Object.entries(companyOf).map(([name, company]) => {
    const row =
      name === 'app_user'
        ? sql`(to_jsonb(r) - 'failed_logins' - 'failed_login_window_start' - 'locked_until')`
        : sql`to_jsonb(r)`;
    const where = list ? sql.raw(` where (${company})::text in (${list || "''"})`) : sql``;
    return sql`select ${name} as t, count(*) || ':' || coalesce(sum(hashtextextended(${row}::text, 0)), 0) as h from ${sql.identifier(name)} r${where}`;
  });
  const rows = await queryRows<{ t: string; h: string }>(t.db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

export function changedTables(a: Record<string, string>, b: Record<string, string>) {
  return Object.keys(a).filter((k) => a[k] !== b[k]);
}
