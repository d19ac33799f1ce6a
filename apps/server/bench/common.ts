/** Shared parts of the benches: databases to measure on, the demo login, percentiles. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { itemTypes } from '@pc/shared';
import { type Logger, sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/types';
import { authStatementsOf } from '../src/platform/auth/plugin';
import { insertSearchData } from './search-data';
import { insertTimeData } from './time-data';

export type DataKind = 'list' | 'search' | 'demo' | 'time' | 'empty';

export function percentile(xs: readonly number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * Where a request's recorded statements reach the authentication statement that opens its
 * tenant transaction (-1: none), and whether it is the read-only variant a GET uses.
 */
export function tenantAuthAt(b: BenchDb, stmts: readonly { query: string }[]) {
  const { tenant, tenantReadOnly } = authStatementsOf(b.database.db);
  const at = stmts.findIndex((s) => s.query === tenant.text || s.query === tenantReadOnly.text);
  return { at, readOnly: at >= 0 && stmts[at]!.query === tenantReadOnly.text };
}

export const fmtMs = (x: number | null) => (x === null ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(1));

/** The benches' config: no log lines, rate limits out of the way (the bench logs in and refreshes a lot). */
export const benchEnv = (dataDir: string) => ({
  ENVIRONMENT: 'Test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  LOGIN_RATE_LIMIT: '1000000',
  REFRESH_RATE_LIMIT: '1000000',
});

export interface BenchDb {
  database: Database;
  /** PostgreSQL URL of the created database; undefined for PGlite. */
  url: string | undefined;
  /** PGlite data directory (only for `persist`), else a scratch directory for files. */
  dataDir: string;
  secret: string;
  /** The company the list cases read (the demo bakery), the group of the search data. */
  bakery: string;
  search?: { group: string; oneCompany: string; numberLabel: string };
  /** kind 'time': the scope whose time records the case groups. */
  time?: { group: string };
  /**
   * Closes the connection; then (unless `keep`, for a server process to open it next) drops a
   * PostgreSQL database unless BENCH_KEEP_DB=1. May be called again without `keep`.
   */
  close(opts?: { keep?: boolean }): Promise<void>;
}

/**
 * A database for one set of cases: demo companies and users (bootstrap), then `items` generated
 * items: 'list' puts them all into the demo bakery, 'search' spreads them over 1,000 companies
 * (search-data.ts), 'demo' adds nothing but the demo items, 'empty' nothing at all (its caller
 * seeds, as the growth curves do step by step).
 * PostgreSQL (`pgUrl`): a database is created per run and dropped after; with BENCH_KEEP_DB=1 it
 * has a fixed name (`<prefix>_<kind>_<items>`), is kept, and reused by the next run.
 * PGlite: in memory, or in `persistDir` when a server process must open it afterwards.
 */
export async function openBenchDb(opts: {
  pgUrl?: string;
  kind: DataKind;
  items: number;
  persistDir?: string;
  logger?: Logger;
  log?: (s: string) => void;
  /** The item types of a list database (default: all, in turn). */
  types?: readonly string[];
  /** The kept database's name in place of `<kind>_<items>` (BENCH_KEEP_DB=1). */
  name?: string;
  /** false: dropped after even with BENCH_KEEP_DB=1 (a database the caller fills anew each time). */
  keep?: boolean;
}): Promise<BenchDb> {
  const log = opts.log ?? console.log;
  const keep = opts.keep !== false && process.env.BENCH_KEEP_DB === '1';
  let url: string | undefined;
  let dbName: string | undefined;
  let reused = false;
  if (opts.pgUrl) {
    const prefix = process.env.BENCH_DB_PREFIX ?? 'pc_bench';
    dbName = keep ? `${prefix}_${opts.name ?? `${opts.kind}_${opts.items}`}` : `${prefix}_${opts.kind}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: opts.pgUrl });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount! > 0;
    if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
    reused = exists;
    await admin.end();
    const u = new URL(opts.pgUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const dataDir = opts.persistDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pc-bench-'));
  const database = await openDatabase({
    url,
    dataDir: opts.persistDir && !url ? path.join(opts.persistDir, 'db') : undefined,
    logger: opts.logger,
  });
  const { secret } = await bootstrap(database, loadConfig(benchEnv(dataDir)), { demoItems: opts.kind === 'demo' });
  const [bakery] = await queryRows<{ id: string }>(
    database.db,
    sql`select id::text from company where name = 'Bäckerei Schmidt'`,
  );
  const [group] = await queryRows<{ id: string }>(database.db, sql`select id::text from company where name = 'Beispiel Gruppe'`);
  const label = `${url ? 'postgres' : 'pglite'} ${opts.kind} ${opts.items.toLocaleString('en')}`;
  let search: BenchDb['search'];
  let time: BenchDb['time'];
  const [{ n: present } = { n: 0 }] = await queryRows<{ n: number }>(
    database.db,
    opts.kind === 'search'
      ? sql`select count(*)::int n from item i join company c on c.id = i.company_id where c.name like 'Bench Firma %'`
      : opts.kind === 'time'
        ? sql`select count(*)::int n from time_record`
        : sql`select count(*)::int n from item where company_id = ${bakery!.id} and number_label like 'X-%'`,
  );
  if (opts.kind === 'empty') {
    if (reused) log(`[${label}] reusing the kept database ${dbName}`);
  } else if (reused && present === opts.items) {
    log(`[${label}] reusing the kept database ${dbName}`);
    if (opts.kind === 'search') search = await searchTargets(database, group!.id, opts.items);
    if (opts.kind === 'time') time = { group: group!.id };
  } else if (opts.kind !== 'demo') {
    if (present > 0) throw new Error(`${dbName} holds ${present} bench items, not ${opts.items}: drop it first`);
    log(`[${label}] inserting ${opts.items.toLocaleString('en')} ${opts.kind === 'time' ? 'time records' : 'items'} …`);
    const t0 = performance.now();
    if (opts.kind === 'search') search = await insertSearchData(database.db, opts.items);
    else if (opts.kind === 'time') time = await insertTimeData(database.db, opts.items);
    else {
      await insertListItems(database, bakery!.id, opts.items, { types: opts.types });
      await insertListHistory(database, bakery!.id);
    }
    // The state autovacuum leaves a table in after a bulk load, which a fresh bulk insert lacks:
    // statistics, a visibility map for index-only scans, GIN pending lists merged.
    await database.db.execute(sql`vacuum analyze`);
    log(`[${label}] inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  let closed = false;
  return {
    database,
    url,
    dataDir,
    secret,
    bakery: bakery!.id,
    search,
    time,
    async close({ keep: keepNow = false } = {}) {
      if (!closed) await database.close();
      closed = true;
      if (keepNow) return;
      if (!opts.persistDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (opts.pgUrl && dbName && !keep) await dropDatabase(opts.pgUrl, dbName);
    },
  };
}

export async function dropDatabase(pgUrl: string, dbName: string) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

/**
 * `items` generated items of the given types (round robin; default all) in one company, numbered
 * from `firstNumber`, labelled X-<number>; the item counters continue after them.
 */
export async function insertListItems(
  database: Database,
  companyId: string,
  items: number,
  opts: { types?: readonly string[]; firstNumber?: number } = {},
) {
  const typeKeys = opts.types ?? itemTypes.map((t) => t.key);
  const types = `{${typeKeys.join(',')}}`;
  const offset = (opts.firstNumber ?? 1) - 1;
  const words = `{Vertrag,Löschkonzept,Videoüberwachung,Bewerbung,Lohnabrechnung,Kundendaten,Schulung,Datenpanne,Auskunft,Backup}`;
  for (let start = 1; start <= items; start += 100_000) {
    const end = Math.min(items, start + 99_999);
    await database.db.execute(sql`
      insert into item (company_id, type, number, number_label, name, description, status, due_date, data, created_at)
      select ${companyId}::uuid, (${types}::text[])[(n % ${typeKeys.length}) + 1], n + ${offset}::int, 'X-' || (n + ${offset}::int),
             (${words}::text[])[(n % 10) + 1] || ' ' || n, 'Beschreibung ' || ((n * 7) % 1000), n % 5,
             current_date + ((n % 90) - 45), '{}'::jsonb,
             -- Created on one of the last 1,825 days, as in a tenant of five years.
             now() - make_interval(days => (n * 37) % 1825, hours => n % 24)
      from generate_series(${start}::int, ${end}::int) n`);
  }
  // Creates number their items from the counter; start it after the generated numbers.
  await database.db.execute(sql`
    insert into item_counter (company_id, type, last)
    select company_id, type, max(number) from item where company_id = ${companyId} group by company_id, type
    on conflict (company_id, type) do update set last = greatest(item_counter.last, excluded.last)`);
}

/**
 * `activities` processing activities (Art. 30 register) in one company, each with purposes, legal
 * bases, recipients, a retention period of ten and five of twenty measures (inserted with them),
 * every fifth with a third-country transfer: what a register of that size holds.
 */
export async function insertProcessingActivities(database: Database, companyId: string, activities: number) {
  const linked = await queryRows<{ id: string; type: string }>(
    database.db,
    sql`insert into item (company_id, type, number, number_label, name, data)
        select ${companyId}::uuid, t, n, case t when 'storage-period' then 'LF-' else 'TOM-' end || n, 'Verknüpft ' || n,
               case t when 'storage-period' then '{"period":"10 Jahre"}'::jsonb else '{"category":"encryption"}'::jsonb end
        from (select 'storage-period' t, n from generate_series(1, 10) n union all select 'measure', n from generate_series(1, 20) n) s
        returning id::text, type`,
  );
  const pgArray = (ids: string[]) => `{${ids.join(',')}}`;
  const periods = pgArray(linked.filter((l) => l.type === 'storage-period').map((l) => l.id));
  const measures = pgArray(linked.filter((l) => l.type === 'measure').map((l) => l.id));
  await database.db.execute(sql`
    insert into item (company_id, type, number, number_label, name, description, data)
    select ${companyId}::uuid, 'process', n, 'VT-' || n, 'Verarbeitungstätigkeit ' || n, 'Beschreibung der Tätigkeit ' || n,
           jsonb_build_object(
             'role', 'controller',
             'purposes', repeat('Vertragsabwicklung und Kundenbetreuung. ', 3),
             'legalBases', '["art6_1_b","art6_1_c"]'::jsonb,
             'recipients', 'Steuerberater, Hosting-Dienstleister',
             'thirdCountryTransfer', n % 5 = 0,
             'thirdCountries', case when n % 5 = 0 then 'USA' else '' end,
             'transferSafeguard', case when n % 5 = 0 then 'scc' end,
             'storagePeriods', jsonb_build_array((${periods}::text[])[(n % 10) + 1]),
             'measures', to_jsonb((${measures}::text[])[1:5]),
             'department', 'Vertrieb')
    from generate_series(1, ${activities}::int) n`);
}

/**
 * The generated items' past, as a tenant of five years would have one: each item was created on
 * one of the last 1,825 days (4.6 % of them within the dashboard trend's 12 weeks), and every
 * hundredth one closed within those 12 weeks, so the trend and the previous quarter undo several
 * thousand events (item_event, kept by a trigger, moved here to when they happened).
 */
export async function insertListHistory(database: Database, companyId: string) {
  const generated = sql`company_id = ${companyId} and number_label like 'X-%'`;
  await database.db.execute(sql`
    update item_event e set at = i.created_at from item i where e.item_id = i.id and i.company_id = ${companyId}`);
  const [{ t0 } = { t0: '' }] = await queryRows<{ t0: string }>(database.db, sql`select clock_timestamp()::text as t0`);
  await database.db.execute(sql`update item set status = 3 where ${generated} and number % 100 = 0 and status < 3`);
  await database.db.execute(sql`
    update item_event e set at = greatest(i.created_at, now() - make_interval(days => i.number % 84))
    from item i where e.item_id = i.id and i.company_id = ${companyId} and e.at >= ${t0}::timestamptz`);
}

/** The scopes and number label of a kept search database (as insertSearchData answers them). */
async function searchTargets(database: Database, group: string, items: number) {
  const companies = await queryRows<{ id: string }>(
    database.db,
    sql`select id::text from company where name like 'Bench Firma %' order by id`,
  );
  const { formatItemNumber } = await import('@pc/shared');
  const perType = Math.floor(items / companies.length / itemTypes.length);
  return { group, oneCompany: companies[500]!.id, numberLabel: formatItemNumber('VT', Math.max(1, Math.min(42, perType))) };
}

export function loginBundleKb(dist: string, manifestFile = path.join(dist, '.vite/manifest.json')) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean; src?: string }
  >;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) walk(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  walk(entry);
  const login = Object.keys(manifest).find((k) => k.includes('features/auth/login-page'));
  if (login) walk(login);
  const bytes = [...seen].reduce((n, k) => n + gzipSync(fs.readFileSync(path.join(dist, manifest[k]!.file))).length, 0);
  return bytes / 1024;
}

export function writeJson(rows: unknown[]) {
  const file = path.resolve(import.meta.dirname, 'results.json');
  fs.writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}
