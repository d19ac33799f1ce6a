/**
 * `npm run bench`. Modes:
 *
 *   (default)  latency cases through the full HTTP stack (fastify.inject), each beside the same
 *              SQL run directly on the same database in the same run; p50/p95/p99 and the ratio.
 *   --load     throughput with autocannon against a server process (load.ts).
 *   --page     time from navigation to data shown in Chromium (page.ts).
 *   --exports  the large downloads against a server process: duration, RSS growth, list latency meanwhile (exports.ts).
 *
 * Flags: --json (also write bench/results.json), --quick (reduced set, see below).
 *
 * Latency cases and budgets (p95): list page 50 < 25 ms and API/raw ≤ 1.5; dashboard statistics,
 * its 12-week trend and the radar's previous quarter < 50 ms each; item create < 30 ms; login (argon2id) < 300 ms — on BENCH_ITEMS (default 100,000) items
 * in one company, PGlite and (with BENCH_DATABASE_URL) PostgreSQL; search < 50 ms per query kind
 * over 100,000 items on PGlite and BENCH_SEARCH_ITEMS (default 1,000,000) on PostgreSQL, spread
 * over 1,000 companies (search-data.ts); the time comparison's month × company grouping over a year
 * < 100 ms on BENCH_TIME_RECORDS (default 1,000,000) time records, PostgreSQL only (time-data.ts);
 * login-screen JavaScript < 200 kB gzip; a bulk action (status by filter, by ids, delete with its undo) over
 * BENCH_BULK_ITEMS (default 10,000) items of one register < 5 s on PGlite.
 * --quick: the list cases on PGlite and the search cases on PostgreSQL only, 40 runs per case.
 *
 * 'raw' is the statements the request's handler ran (recorded from drizzle's logger during one
 * request), replayed with their parameters in this process on the same database, inside the
 * least a statement under row-level security needs: begin, the one set_config statement that
 * makes the transaction the tenant's, commit. It leaves out authentication (session lookup,
 * claims, visible companies), HTTP, validation and serialisation. A request runs no set_config
 * statement of its own: its authentication statement opens the transaction and sets the same
 * (platform/auth/plugin.ts). 'raw+auth' replays the handler's statements in a transaction opened
 * that way, i.e. the request's SQL without HTTP. Writes (item create) replay and roll back;
 * login has no raw figure (argon2id is the cost by design).
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_ITEMS, BENCH_SEARCH_ITEMS,
 * BENCH_TIME_RECORDS, BENCH_RUNS (runs per case), BENCH_ONLY=list|list-pglite|list-postgres|search|search-pglite|search-postgres|time|bulk|notify
 * (one group of cases; BENCH_ONLY=import runs the register import of BENCH_IMPORT_ROWS rows instead, import.ts), BENCH_DB_PREFIX (name prefix of created databases, default pc_bench), BENCH_KEEP_DB=1
 * (keep the PostgreSQL databases under fixed names and reuse them next time), BENCH_SHOW_SQL=1
 * (print each case's recorded statements, and each handler statement's p50/p95 in the raw replays).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/types';
import { runNotificationPass } from '../src/modules/notification/scheduler';
import { type BenchDb, fmtMs, loginBundleKb, openBenchDb, percentile, writeJson } from './common';
import { type Case, type CaseResult, header, listCases, openApp, recorder, runCase, searchCases } from './measure';
import { TIME_FROM } from './time-data';

const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const json = flag('--json');
const quick = flag('--quick');
/** Each case's warm-up, before its measured runs (`BENCH_WARMUP_MS`). */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? (quick ? 1_000 : 3_000));

const results: CaseResult[] = [];

async function withDatabase(pgUrl: string | undefined, kind: 'list' | 'search' | 'time' | 'bulk' | 'notify', items: number) {
  const b = await openBenchDb({
    pgUrl,
    kind: kind === 'bulk' || kind === 'notify' ? 'list' : kind,
    items,
    logger: recorder,
    types: kind === 'bulk' ? ['issue'] : undefined,
  });
  const dbLabel = `${b.url ? 'postgres' : 'pglite'} ${items.toLocaleString('en')}`;
  const { app, config, login, call } = await openApp(b);
  const runs = (n: number) => Number(process.env.BENCH_RUNS ?? (quick ? Math.min(n, 40) : n));
  const cases: Case[] = [];
  if (kind === 'notify') {
    await notifyCases(b, call, dbLabel, config.timeZone, items);
    await app.close();
    await b.close();
    return;
  }
  if (kind === 'list') {
    cases.push(...listCases(b, call, runs), {
      name: 'login (argon2id)',
      budget: 300,
      runs: runs(20),
      raw: false,
      api: async () => {
        const res = await login();
        if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode}`);
      },
    });
  } else if (kind === 'bulk') {
    // A bulk action over 10,000 items of a register finishes in under 5 s on PGlite.
    const [{ ids } = { ids: [] }] = await queryRows<{ ids: string[] }>(
      b.database.db,
      sql`select array_agg(id::text) as ids from item where company_id = ${b.bakery} and type = 'issue'`,
    );
    let status = 0;
    const bulk = (payload: object) => call('/api/issue/bulk', b.bakery, { method: 'POST', payload });
    cases.push(
      {
        name: `bulk: status of ${items.toLocaleString('en')} items (filter)`,
        budget: 5000,
        runs: runs(5),
        raw: false,
        api: () => bulk({ filter: {}, set: { status: (status++ % 2) + 1 } }),
      },
      {
        name: `bulk: status and assignee of ${ids.length.toLocaleString('en')} items (ids)`,
        budget: 5000,
        runs: runs(5),
        raw: false,
        api: () => bulk({ ids, set: { status: (status++ % 2) + 1, assigneeId: null } }),
      },
      {
        name: `bulk: delete ${items.toLocaleString('en')} items, then undo`,
        budget: 5000,
        runs: runs(5),
        raw: false,
        api: async () => {
          const res = await bulk({ filter: {}, delete: true });
          const { undoId } = res.json() as { undoId: string };
          await call('/api/issue/bulk/undo', b.bakery, { method: 'POST', payload: { undoId } });
        },
      },
    );
  } else if (kind === 'time') {
    // The time comparison's month × company grouping over a year of the records.
    cases.push({
      name: 'time comparison: month × company, one year',
      budget: 100,
      runs: runs(40),
      api: () =>
        call(
          `/api/time-comparison/query?bookedFor=Company&bookedBy=Global&dateGrouping=Month&from=${TIME_FROM.slice(0, 4)}-01-01&until=${TIME_FROM.slice(0, 4)}-12-31`,
          b.time!.group,
        ),
    });
  } else {
    cases.push(...searchCases(call, runs, b.search!));
  }
  header();
  try {
    for (const c of cases) results.push(await runCase(b, dbLabel, items, c, warmupMs));
  } finally {
    await app.close();
    await b.close();
  }
}

function loginBundle() {
  const dist = path.resolve(import.meta.dirname, '../../web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.log('\n[web] no build found (run `npm run build -w apps/web`); bundle size not measured');
    return;
  }
  const kb = loginBundleKb(dist, manifestFile);
  const pass = kb < 200;
  console.log(`\n[web] login screen initial JavaScript: ${kb.toFixed(1)} kB gzip (budget < 200 kB) ${pass ? 'ok' : 'MISSED'}`);
  results.push({
    case: 'login-screen JavaScript (kB gzip)',
    database: 'pglite',
    items: 0,
    p50: kb,
    p95: kb,
    p99: kb,
    raw_p50: null,
    raw_p95: null,
    raw_p99: null,
    raw_auth_p95: null,
    ratio: null,
    budget: 200,
    ratio_budget: null,
    pass,
  });
}

async function latency() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const only = process.env.BENCH_ONLY ?? '';
  const items = Number(process.env.BENCH_ITEMS ?? 100_000);
  const pgSearchItems = Number(process.env.BENCH_SEARCH_ITEMS ?? 1_000_000);
  const timeRecords = Number(process.env.BENCH_TIME_RECORDS ?? 1_000_000);
  const bulkItems = Number(process.env.BENCH_BULK_ITEMS ?? 10_000);
  const want = (group: 'list' | 'search' | 'time' | 'bulk' | 'notify', db: 'pglite' | 'postgres') => {
    if (only === 'time') return group === 'time' && db === 'postgres' && !!pgUrl;
    if (only === 'bulk') return group === 'bulk' && db === 'pglite';
    if (only === 'notify') return group === 'notify' && (db === 'pglite' || !!pgUrl);
    if (group === 'notify') return false;
    if (group === 'bulk') return db === 'pglite' && !quick && !only;
    if (group === 'time' && (db !== 'postgres' || quick)) return false;
    if (only.startsWith('list') && group !== 'list') return false;
    if (only === 'list-pglite' && db !== 'pglite') return false;
    if (only === 'list-postgres' && db !== 'postgres') return false;
    if (only.startsWith('search') && group !== 'search') return false;
    if (only === 'search-pglite' && db !== 'pglite') return false;
    if (only === 'search-postgres' && db !== 'postgres') return false;
    if (db === 'postgres' && !pgUrl) return false;
    if (quick) return (group === 'list' && db === 'pglite') || (group === 'search' && db === 'postgres');
    return true;
  };
  console.log(
    "API = through HTTP (fastify.inject, authentication included). raw = the handler's recorded SQL replayed in a tenant\ntransaction (begin, set_config, statements, commit) in this process on the same database; raw+au = the same\nstatements in a transaction opened by the authentication statement, as a request opens it. ratio = API p95 / raw p95.",
  );
  if (want('list', 'pglite')) await withDatabase(undefined, 'list', items);
  if (want('search', 'pglite')) await withDatabase(undefined, 'search', items);
  if (want('list', 'postgres')) await withDatabase(pgUrl, 'list', items);
  if (want('search', 'postgres')) await withDatabase(pgUrl, 'search', pgSearchItems);
  if (want('time', 'postgres')) await withDatabase(pgUrl, 'time', timeRecords);
  if (want('bulk', 'pglite')) await withDatabase(undefined, 'bulk', bulkItems);
  if (want('notify', 'pglite')) await withDatabase(undefined, 'notify', items);
  if (want('notify', 'postgres')) await withDatabase(pgUrl, 'notify', Number(process.env.BENCH_NOTIFY_ITEMS ?? 1_000_000));
  if (!pgUrl) console.log('\nBENCH_DATABASE_URL not set: the PostgreSQL cases are skipped');
  if (!only) loginBundle();
  const missed = results.filter((r) => !r.pass);
  console.log(
    missed.length ? `\nOver budget: ${missed.map((m) => `${m.case} (${m.database})`).join('; ')}` : '\nAll budgets met.',
  );
  if (json) writeJson(results);
  return missed.length ? 1 : 0;
}

/**
 * BENCH_ONLY=notify: the notification pass over every item (due dates spread around today, so
 * most items call for a reminder) must finish within 60 s, and list requests made while it runs
 * stay within twice their budget (p95 < 50 ms); then the bell's unread count.
 */
async function notifyCases(
  b: BenchDb,
  call: (url: string, scope: string) => Promise<unknown>,
  label: string,
  timeZone: string,
  items: number,
) {
  const db = b.database.db;
  await db.execute(sql`delete from notification`);
  await db.execute(
    sql`update item set due_date = current_date + ((hashtext(id::text) % 21) - 10), status = 0, owner_id = (select id from app_user where email = 'admin@demo.local')`,
  );
  header();
  const during: number[] = [];
  let running = true;
  const lister = (async () => {
    while (running) {
      const t0 = performance.now();
      await call('/api/issue?sort=dueDate&dir=asc&open=true', b.bakery);
      during.push(performance.now() - t0);
    }
  })();
  const t0 = performance.now();
  const first = await runNotificationPass(db, { timeZone, now: new Date() });
  const passMs = performance.now() - t0;
  running = false;
  await lister;
  const t1 = performance.now();
  await runNotificationPass(db, { timeZone, now: new Date() });
  const againMs = performance.now() - t1;
  const created = Object.values(first.created).reduce((n, x) => n + (x ?? 0), 0);
  const database = b.url ? 'postgres' : 'pglite';
  const row = (name: string, ms: number, budget: number) => {
    const r: CaseResult = {
      case: name,
      database,
      items,
      p50: ms,
      p95: ms,
      p99: ms,
      raw_p50: null,
      raw_p95: null,
      raw_p99: null,
      raw_auth_p95: null,
      ratio: null,
      budget,
      ratio_budget: null,
      pass: ms < budget,
    };
    results.push(r);
    console.log(`${`[${label}] ${name}`.padEnd(62)} ${fmtMs(ms).padStart(20)} │ < ${budget} ms ${r.pass ? 'ok' : 'MISSED'}`);
  };
  row(`notification pass, first (${created.toLocaleString('en')} written)`, passMs, 60_000);
  row('notification pass, again (nothing new)', againMs, 60_000);
  const p95 = percentile(during, 95);
  row(`list page during the pass, p95 of ${during.length}`, p95, 50);
  const unread = await runCase(
    b,
    label,
    items,
    {
      name: 'notification unread count',
      budget: 25,
      runs: Number(process.env.BENCH_RUNS ?? 200),
      api: () => call('/api/notification/unread-count', b.bakery),
    },
    warmupMs,
  );
  results.push(unread);
}

let code: number;
if (process.env.BENCH_ONLY === 'import') code = await (await import('./import')).runImportBench();
else if (flag('--exports')) code = await (await import('./exports')).runExports({ json });
else if (flag('--load')) code = await (await import('./load')).runLoad({ json, quick });
else if (flag('--page')) code = await (await import('./page')).runPage({ json });
else if (flag('--overhead')) code = await (await import('./overhead')).runOverhead();
else if (flag('--scale')) code = await (await import('./scale')).runScale({ json, quick });
else code = await latency();
process.exit(code);
