/**
 * Performance budgets (design §8), measured through the full HTTP stack with fastify.inject:
 *   list page p95 < 25 ms and dashboard statistics p95 < 50 ms with 100,000 items (PGlite, and
 *   PostgreSQL when BENCH_DATABASE_URL is set), search p95 < 50 ms over 1,000,000 items on
 *   PostgreSQL (BENCH_DATABASE_URL), initial JavaScript of the login screen < 250 kB gzip.
 * Prints medians and p95 per case; exits non-zero when a budget is missed.
 *
 * Search (issue 13): each query kind is its own case — a common word (in ≥ 10 % of the items), a
 * rare word, a German inflection, a typo, a number label, a two-word phrase, and the common word
 * in the scope of one company among 1,000. Over 100,000 items on PGlite and BENCH_SEARCH_ITEMS
 * (default 1,000,000) on PostgreSQL.
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL server; a database is created and dropped per run),
 * BENCH_SEARCH_ITEMS, BENCH_ONLY=search (only the search cases; search-pglite, search-postgres: one database), BENCH_DB_PREFIX (name prefix of
 * the created databases, default pc_bench), BENCH_KEEP_DB=1 (keep the search database, to study
 * plans with psql).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { itemTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/types';
import { diskStorage } from '../src/platform/storage';
import { insertSearchData } from './search-data';

const results: { name: string; p50: number; p95: number; budget: number }[] = [];

function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function measure(name: string, budget: number, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const r = { name, p50: percentile(times, 50), p95: percentile(times, 95), budget };
  results.push(r);
  console.log(
    `${name.padEnd(58)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   budget ${budget} ms`,
  );
}

async function withDatabase(url: string | undefined, items: number, label: string, search: boolean) {
  let dbUrl: string | undefined;
  let dbName: string | undefined;
  if (url) {
    dbName = `${process.env.BENCH_DB_PREFIX ?? 'pc_bench'}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-bench-'));
  const config = loadConfig({ ENVIRONMENT: 'Test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '100000' });
  const database = await openDatabase({ url: dbUrl });
  const { secret } = await bootstrap(database, config, { demoItems: false });
  const app = await buildApp({ config, database, storage: diskStorage(dataDir), secret });
  const [bakery] = await queryRows<{ id: string }>(
    database.db,
    sql`select id::text from company where name = 'Bäckerei Schmidt'`,
  );
  console.log(`\n[${label}] inserting ${items.toLocaleString('en')} items …`);
  const t0 = performance.now();
  const searchData = search ? await insertSearchData(database.db, items) : undefined;
  if (!search) {
    const types = `{${itemTypes.map((t) => t.key).join(',')}}`;
    const words = `{Vertrag,Löschkonzept,Videoüberwachung,Bewerbung,Lohnabrechnung,Kundendaten,Schulung,Datenpanne,Auskunft,Backup}`;
    for (let start = 1; start <= items; start += 100_000) {
      const end = Math.min(items, start + 99_999);
      await database.db.execute(sql`
        insert into item (company_id, type, number, number_label, name, description, status, due_date, data)
        select ${bakery!.id}::uuid, (${types}::text[])[(n % ${itemTypes.length}) + 1], n, 'X-' || n,
               (${words}::text[])[(n % 10) + 1] || ' ' || n, 'Beschreibung ' || ((n * 7) % 1000), n % 5,
               current_date + ((n % 90) - 45), '{}'::jsonb
        from generate_series(${start}::int, ${end}::int) n`);
    }
  }
  await database.db.execute(sql`analyze`);
  console.log(`[${label}] inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const token = (
    await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant': bakery!.id };
  const get = async (url: string, scope = bakery!.id) => {
    const res = await app.inject({ url, headers: { ...headers, 'x-tenant': scope } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };

  if (!search) {
    await measure(`[${label}] list page 50, sorted by number`, 25, 100, () => get('/api/process?page=3&pageSize=50'));
    await measure(`[${label}] list page 50, sorted by due date, open only`, 25, 100, () =>
      get('/api/issue?sort=dueDate&dir=asc&open=true'),
    );
    await measure(`[${label}] dashboard statistics`, 50, 60, () => get('/api/item/statistics'));
  } else {
    const { group, oneCompany, numberLabel } = searchData!;
    const n = items.toLocaleString('en');
    const cases: [string, string, string][] = [
      ['common word (≥ 10 % of items)', 'Kundendaten', group],
      ['rare word', 'Sonderprüfung', group],
      ["German inflection ('Verträge')", 'Verträge', group],
      ["typo ('Datenschtz')", 'Datenschtz', group],
      [`number label ('${numberLabel}')`, numberLabel, group],
      ['two-word phrase', 'Videoüberwachung Eingangsbereich', group],
      ['common word, scope of 1 of 1,000 companies', 'Kundendaten', oneCompany],
    ];
    for (const [kind, q, scope] of cases) {
      await measure(`[${label}] search ${n}: ${kind}`, 50, 40, () =>
        get(`/api/searchable-item/search/${encodeURIComponent(q)}`, scope),
      );
    }
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (url && dbName && !(search && process.env.BENCH_KEEP_DB === '1')) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

function loginBundle() {
  const dist = path.resolve(import.meta.dirname, '../../web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.log('\n[web] no build found (run `npm run build -w apps/web`); bundle size not measured');
    return;
  }
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
  const kb = bytes / 1024;
  console.log(`\n[web] login screen initial JavaScript: ${kb.toFixed(1)} kB gzip (budget 250 kB)`);
  results.push({ name: 'login bundle (kB gzip)', p50: kb, p95: kb, budget: 250 });
}

const pgUrl = process.env.BENCH_DATABASE_URL;
const only = process.env.BENCH_ONLY ?? '';
const onlySearch = only.startsWith('search');
if (!onlySearch) await withDatabase(undefined, 100_000, 'pglite', false);
if (only !== 'search-postgres') await withDatabase(undefined, 100_000, 'pglite', true);
if (pgUrl && only !== 'search-pglite') {
  if (!onlySearch) await withDatabase(pgUrl, 100_000, 'postgres', false);
  await withDatabase(pgUrl, Number(process.env.BENCH_SEARCH_ITEMS ?? 1_000_000), 'postgres', true);
} else {
  console.log('\nBENCH_DATABASE_URL not set: PostgreSQL and 1,000,000-item search cases skipped');
}
if (!onlySearch) loginBundle();

const missed = results.filter((r) => r.p95 > r.budget);
console.log(missed.length ? `\nOver budget: ${missed.map((m) => m.name).join('; ')}` : '\nAll budgets met.');
process.exit(missed.length ? 1 : 0);
