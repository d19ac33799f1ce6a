/**
 * The latency bench's measuring: a request recorded once (drizzle's logger), its runs through
 * HTTP (fastify.inject) beside its raw replays, and the case definitions the latency bench
 * (run.ts) and the growth curves (scale.ts) share.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openAuthenticated } from '../src/platform/auth/plugin';
import { diskStorage } from '../src/platform/storage';
import { openTenantTransaction, visibleCompanyIds } from '../src/platform/tenancy';
import { type BenchDb, benchEnv, fmtMs, percentile, tenantAuthAt } from './common';

export interface CaseResult {
  case: string;
  database: 'pglite' | 'postgres';
  items: number;
  p50: number;
  p95: number;
  p99: number;
  raw_p50: number | null;
  raw_p95: number | null;
  raw_p99: number | null;
  /** raw plus the authentication statements. */
  raw_auth_p95: number | null;
  /** p95 through HTTP / raw p95. */
  ratio: number | null;
  budget: number;
  ratio_budget: number | null;
  pass: boolean;
}

type Stmt = { query: string; params: unknown[] };
/** drizzle logger: records every statement while `on`. */
export const recorder = {
  on: false,
  stmts: [] as Stmt[],
  logQuery(query: string, params: unknown[]) {
    // node-postgres sends the transaction's begin and commit through the logger too; the replay opens its own.
    // Nor is the platform's store of a visible set (it runs beside the request, on the owner connection).
    if (this.on && !/^\s*(begin|commit|rollback)\b/i.test(query) && !query.includes('insert into tenant_visible_set'))
      this.stmts.push({ query, params });
  },
};

/**
 * One request's statements: the authentication, which also opens the tenant transaction
 * (platform/auth/plugin.ts), and the handler's. A request whose authentication is not of that
 * kind (login) has no tenant part.
 */
function split(b: BenchDb, stmts: Stmt[]) {
  // A GET's authentication also makes its transaction read only (its replay does the same).
  const { at: i, readOnly } = tenantAuthAt(b, stmts);
  return i < 0
    ? { auth: stmts, setup: null, handler: [] as Stmt[], readOnly }
    : { auth: stmts.slice(0, i), setup: stmts[i]!, handler: stmts.slice(i + 1), readOnly };
}
type Recorded = ReturnType<typeof split>;

type Queryable = { query(text: string, params?: unknown[]): Promise<unknown> };

/**
 * raw: the handler's statements in a transaction made the tenant's with the one set_config
 * statement (`openTenantTransaction`); with `auth`, opened by the authentication statement as
 * a request opens it.
 */
async function replay(b: BenchDb, rec: Recorded, opts: { auth: boolean; commit: boolean; times?: number[][] }) {
  if (!rec.setup) return;
  // The authentication's parameters: session and user first (then its kept epoch and companies).
  const params = (rec.setup.params as string[]).slice(0, 2) as [string, string];
  const owner = b.database.db;
  const tx = opts.auth
    ? // The companies the statement made the transaction's, as the request keeps them (an empty list
      // would replace them, and every replayed read would find nothing).
      (
        await openAuthenticated(owner, params, (row) => ({ value: null, companyIds: row?.visible.ids ?? [] }), {
          readOnly: rec.readOnly,
        })
      ).tx
    : await openTenantTransaction(owner, { userId: params[1], companyIds: await visibleIds(owner, params[1]) });
  const client = (tx.db as unknown as { session: { client: Queryable } }).session.client;
  try {
    for (const [i, s] of rec.handler.entries()) {
      const t0 = performance.now();
      await client.query(s.query, s.params);
      opts.times?.[i]?.push(performance.now() - t0);
    }
  } finally {
    await tx.end(opts.commit);
  }
}

/** The ids the authentication sets for a user, read once per user: the raw figure leaves them out. */
const visibleMemo = new Map<string, Promise<string[]>>();
const visibleIds = (owner: BenchDb['database']['db'], userId: string) => {
  let ids = visibleMemo.get(userId);
  if (!ids) {
    ids = visibleCompanyIds(owner, userId);
    visibleMemo.set(userId, ids);
  }
  return ids;
};

export interface Case {
  name: string;
  budget: number;
  ratioBudget?: number;
  runs: number;
  api: () => Promise<unknown>;
  /** Runs after the recorded request (e.g. removes what it created, so the replay can insert it again). */
  afterRecord?: (answer: unknown) => Promise<void>;
  /** false: no raw figure. 'rollback': the replay is a write and is rolled back. */
  raw?: false | 'rollback';
}

/**
 * One case: the request recorded once, warmed up for `warmupMs`, then `c.runs` runs through HTTP,
 * each followed by its raw replays (unless `raw: false`). Prints its line and answers its figures.
 */
export async function runCase(b: BenchDb, label: string, items: number, c: Case, warmupMs: number): Promise<CaseResult> {
  const database = b.url ? 'postgres' : 'pglite';
  recorder.stmts = [];
  recorder.on = true;
  const answer = await c.api();
  recorder.on = false;
  await c.afterRecord?.(answer);
  const rec = split(b, recorder.stmts);
  if (process.env.BENCH_SHOW_SQL === '1') {
    console.log(
      `  -- ${c.name}: ${rec.auth.length} auth + ${rec.setup ? 1 : 0} setup + ${rec.handler.length} handler statements`,
    );
    for (const s of [...rec.auth, ...(rec.setup ? [rec.setup] : []), ...rec.handler]) {
      console.log(`     ${s.query.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
  }
  const doRaw = c.raw !== false && rec.setup !== null;
  const commit = c.raw !== 'rollback';
  // Warm up until the JIT has settled: a request runs far more JavaScript than its replay, and in
  // the first few hundred requests it runs slower (0.7 ms over its settled p50 in one in two of
  // them, against one in twenty later), which five rounds left inside the measured runs.
  const warmUntil = performance.now() + warmupMs;
  for (let i = 0; i < 5 || performance.now() < warmUntil; i++) {
    await c.api();
    if (doRaw) {
      await replay(b, rec, { auth: false, commit });
      await replay(b, rec, { auth: true, commit });
    }
  }
  const api: number[] = [];
  const raw: number[] = [];
  const rawAuth: number[] = [];
  // With BENCH_SHOW_SQL=1, each handler statement's own time in the raw replays.
  const times = process.env.BENCH_SHOW_SQL === '1' ? rec.handler.map(() => [] as number[]) : undefined;
  // Interleaved, so that load from elsewhere on the machine hits both alike.
  for (let i = 0; i < c.runs; i++) {
    let t0 = performance.now();
    await c.api();
    api.push(performance.now() - t0);
    if (!doRaw) continue;
    t0 = performance.now();
    await replay(b, rec, { auth: false, commit, times });
    raw.push(performance.now() - t0);
    t0 = performance.now();
    await replay(b, rec, { auth: true, commit });
    rawAuth.push(performance.now() - t0);
  }
  const p = (xs: number[], q: number) => (xs.length ? percentile(xs, q) : null);
  for (const [i, xs] of (times ?? []).entries()) {
    const text = rec.handler[i]!.query.replace(/\s+/g, ' ').slice(0, 100);
    console.log(`     statement ${i + 1} raw p50 ${fmtMs(p(xs, 50))} p95 ${fmtMs(p(xs, 95))} ms: ${text}`);
  }
  const r: CaseResult = {
    case: c.name,
    database,
    items,
    p50: percentile(api, 50),
    p95: percentile(api, 95),
    p99: percentile(api, 99),
    raw_p50: p(raw, 50),
    raw_p95: p(raw, 95),
    raw_p99: p(raw, 99),
    raw_auth_p95: p(rawAuth, 95),
    ratio: raw.length ? percentile(api, 95) / percentile(raw, 95) : null,
    budget: c.budget,
    ratio_budget: c.ratioBudget ?? null,
    pass: false,
  };
  r.pass = r.p95 < r.budget && (r.ratio_budget === null || (r.ratio !== null && r.ratio <= r.ratio_budget));
  const trio = (a: number | null, b2: number | null, c2: number | null) =>
    `${fmtMs(a).padStart(6)} ${fmtMs(b2).padStart(6)} ${fmtMs(c2).padStart(6)}`;
  console.log(
    `${`[${label}] ${c.name}`.padEnd(62)} ${trio(r.p50, r.p95, r.p99)} │ ${trio(r.raw_p50, r.raw_p95, r.raw_p99)} │ ${fmtMs(r.raw_auth_p95).padStart(6)} │ ${(r.ratio === null ? '—' : r.ratio.toFixed(2)).padStart(5)} │ < ${r.budget} ms${r.ratio_budget ? ` & ≤ ${r.ratio_budget}` : ''} ${r.pass ? 'ok' : 'MISSED'}`,
  );
  return r;
}

export function header() {
  console.log(
    `\n${'case'.padEnd(62)} ${'API (HTTP) p50/p95/p99 ms'.padEnd(20)} │ ${'raw p50/p95/p99'.padEnd(20)} │ raw+au │ ratio │ budget (p95)`,
  );
}

export type Call = (
  url: string,
  scope: string | null,
  init?: { method?: 'POST'; payload?: object; status?: number },
) => Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;

/** The app on a bench database, logged in as the demo admin; `call` sends a request in a scope (null: none). */
export async function openApp(b: BenchDb) {
  const config = loadConfig(benchEnv(b.dataDir));
  const app = await buildApp({ config, database: b.database, storage: diskStorage(b.dataDir), secret: b.secret });
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const token = (await login()).json().access_token as string;
  const call: Call = async (url, scope, init = {}) => {
    const res = await app.inject({
      method: init.method ?? 'GET',
      url,
      payload: init.payload,
      headers: { authorization: `Bearer ${token}`, ...(scope ? { 'x-tenant': scope } : {}) },
    });
    if (res.statusCode !== (init.status ?? 200)) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  return { app, config, login, token, call };
}

/** The list cases on one company's items: two list pages, the dashboard statistics, trend and previous quarter, an item create. */
export function listCases(b: BenchDb, call: Call, runs: (n: number) => number, scope = b.bakery): Case[] {
  const get = (url: string) => () => call(url, scope);
  // The ratio divides two p95s. Of 100 runs each p95 is one of the five slowest, and the ratio
  // moved by ±0.15 between runs of the same code; 300 runs per side take about 15 s per case.
  return [
    {
      name: 'list page 50, sorted by number',
      budget: 25,
      ratioBudget: 1.5,
      runs: runs(300),
      api: get('/api/process?page=3&pageSize=50'),
    },
    {
      name: 'list page 50, due date, open only',
      budget: 25,
      ratioBudget: 1.5,
      runs: runs(300),
      api: get('/api/issue?sort=dueDate&dir=asc&open=true'),
    },
    { name: 'dashboard statistics', budget: 50, runs: runs(60), api: get('/api/item/statistics') },
    { name: 'dashboard trend (12 weeks)', budget: 50, runs: runs(60), api: get('/api/item/trend') },
    { name: 'radar previous quarter', budget: 50, runs: runs(60), api: get('/api/item/previous-quarter') },
    {
      name: 'item create (issue)',
      budget: 30,
      runs: runs(60),
      raw: 'rollback',
      api: () =>
        call('/api/issue', scope, { method: 'POST', payload: { name: 'Bench', data: { priority: 'Low' } }, status: 201 }),
      // The replay inserts the recorded number again (and rolls back): free it.
      afterRecord: async (res) => {
        const id = (res as { json(): { id: string } }).json().id;
        await b.database.db.execute(sql`delete from item where id = ${id}`);
      },
    },
  ];
}

/** The seven search kinds over search-data.ts's word patterns: `group` for six, `oneCompany` for the last. */
export function searchCases(
  call: Call,
  runs: (n: number) => number,
  t: { group: string; oneCompany: string; numberLabel: string; companies?: number },
): Case[] {
  const kinds: [string, string, string][] = [
    ['common word (≥ 10 % of items)', 'Kundendaten', t.group],
    ['rare word', 'Sonderprüfung', t.group],
    ["German inflection ('Verträge')", 'Verträge', t.group],
    ["typo ('Datenschtz')", 'Datenschtz', t.group],
    [`number label ('${t.numberLabel}')`, t.numberLabel, t.group],
    ['two-word phrase', 'Videoüberwachung Eingangsbereich', t.group],
    [`common word, scope of 1 of ${(t.companies ?? 1000).toLocaleString('en')} companies`, 'Kundendaten', t.oneCompany],
  ];
  return kinds.map(([name, q, scope]) => ({
    name: `search: ${name}`,
    budget: 50,
    runs: runs(40),
    api: () => call(`/api/searchable-item/search/${encodeURIComponent(q)}`, scope),
  }));
}
