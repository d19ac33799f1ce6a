/**
 * `npm run bench -- --exports`: the large downloads against a server process started as
 * `npm start` starts it (load.ts), on PGlite and (with BENCH_DATABASE_URL) PostgreSQL.
 *
 * Data (set-based SQL): the demo bakery with 100,000 issues (one register) and 1,000 processing
 * activities (Art. 30 register); the demo "Beispiel Handel GmbH" with 10,000 items of all
 * registers and 1,000 attachments of BENCH_EXPORT_FILE_KB (default 100) random bytes each, whose
 * files are put into the installation's storage (disk on PGlite, the database on PostgreSQL).
 *
 * Cases: the register Excel export as the web makes it (it builds the workbook in the browser
 * from every page of the list, 500 rows a page: the server's part is those list requests), the
 * Art. 30 register as PDF, XLSX and DOCX, and the company export (ZIP). For each: time to the
 * first byte and to the last, bytes, the server's RSS before and its peak (/proc/<pid>/status
 * VmRSS every 50 ms) with the growth against the goal (< 150 MB), and the p95 of the list requests
 * (`GET /api/issue?pageSize=50` on the 100,000 issues) made one after another meanwhile against
 * twice their budget (< 50 ms), beside the same list's p95 measured alone just before. A download
 * must end as a complete file (the ZIP's end record, the PDF's %%EOF).
 *
 * Environment: BENCH_DATABASE_URL, BENCH_EXPORT_ONLY (comma-separated case keys: register,
 * pdf, xlsx, docx, company), BENCH_EXPORT_DB=pglite|postgres (one database only), BENCH_EXPORT_FILE_KB, BENCH_LOG_LEVEL (default warn).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/types';
import { openStorage } from '../src/platform/storage';
import { benchEnv, insertListItems, insertProcessingActivities, openBenchDb, percentile, writeJson } from './common';
import { passwordLogin, rssMb, startServer, stopServer } from './load';

export interface ExportResult {
  case: string;
  database: 'pglite' | 'postgres';
  first_byte_ms: number;
  duration_ms: number;
  bytes: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
  list_p95_alone_ms: number;
  list_p95_during_ms: number;
  list_requests_during: number;
  complete: boolean;
  pass: boolean;
}

const GROWTH_GOAL_MB = 150;
const LIST_GOAL_MS = 50;
const SAMPLE_MS = 50;

/** Whether the last bytes of a download end it as a whole file of its kind. */
function complete(kind: 'zip' | 'pdf', tail: Buffer) {
  if (kind === 'pdf') return tail.toString('latin1').trimEnd().endsWith('%%EOF');
  // The ZIP's end-of-central-directory record (PK\5\6) sits in its last 22 bytes (no comment).
  return tail.subarray(-22).readUInt32LE(0) === 0x06054b50;
}

/** Seeds the export data into a bench database; answers the two companies' ids. */
async function seed(b: Awaited<ReturnType<typeof openBenchDb>>, dir: string) {
  const db = b.database.db;
  const [handel] = await queryRows<{ id: string }>(db, sql`select id::text from company where name = 'Beispiel Handel GmbH'`);
  const [{ n: processes } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from item where company_id = ${b.bakery} and type = 'process' and number_label like 'VT-%'`,
  );
  if (processes >= 1000) return { bakery: b.bakery, handel: handel!.id };
  const t0 = performance.now();
  await insertProcessingActivities(b.database, b.bakery, 1000);
  await insertListItems(b.database, handel!.id, 10_000);
  // The files go through the installation's own storage, as uploads do; the rows that name them in one statement.
  const storage = await openStorage(b.database, dir, () => undefined);
  const kb = Number(process.env.BENCH_EXPORT_FILE_KB ?? 100);
  const hashes: string[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const stored = await storage.putStream([randomBytes(kb * 1024)]);
    hashes.push(stored.hash);
    sizes.push(stored.size);
  }
  await db.execute(sql`
    insert into attachment (company_id, item_id, file_hash, file_name, mime_type, size)
    select ${handel!.id}::uuid, i.id, f.hash, 'Anlage ' || f.n || '.pdf', 'application/pdf', f.size
    from unnest(${`{${hashes.join(',')}}`}::text[], ${`{${sizes.join(',')}}`}::bigint[]) with ordinality f(hash, size, n)
    join item i on i.company_id = ${handel!.id}::uuid and i.number_label = 'X-' || (f.n * 10)`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `[seed] 1,000 activities, 10,000 items and 1,000 files of ${kb} kB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { bakery: b.bakery, handel: handel!.id };
}

export async function runExports(opts: { json: boolean }) {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const only = process.env.BENCH_EXPORT_ONLY?.split(',');
  const results: ExportResult[] = [];
  console.log(
    `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start; RSS sampled every ${SAMPLE_MS} ms; goals: RSS growth < ${GROWTH_GOAL_MB} MB, list p95 meanwhile < ${LIST_GOAL_MS} ms`,
  );
  for (const kind of ['pglite', 'postgres'] as const) {
    if (process.env.BENCH_EXPORT_DB && process.env.BENCH_EXPORT_DB !== kind) continue;
    if (kind === 'postgres' && !pgUrl) {
      console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped');
      continue;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-exports-'));
    const b = await openBenchDb({
      pgUrl: kind === 'postgres' ? pgUrl : undefined,
      kind: 'list',
      items: 100_000,
      types: ['issue'],
      persistDir: dir,
      name: 'exports',
    });
    const ids = await seed(b, dir);
    await b.close({ keep: true });
    const env: Record<string, string> = { ...benchEnv(dir), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' };
    if (b.url) env.DATABASE_URL = b.url;
    const { base, child } = await startServer(env);
    const pid = child.pid!;
    try {
      // Access tokens are short-lived and a case can outlast one: a fresh login every minute.
      let token = { value: '', at: Number.NEGATIVE_INFINITY };
      const fresh = async () => {
        if (performance.now() - token.at > 60_000)
          token = { value: (await passwordLogin(base)).access_token, at: performance.now() };
      };
      const headers = (scope: string) => ({ authorization: `Bearer ${token.value}`, 'x-tenant': scope });
      const listOnce = async () => {
        const t0 = performance.now();
        await fresh();
        const res = await fetch(`${base}/api/issue?pageSize=50`, { headers: headers(ids.bakery) });
        if (!res.ok) throw new Error(`list: ${res.status} ${(await res.text()).slice(0, 300)}`);
        await res.arrayBuffer();
        return performance.now() - t0;
      };
      /** Reads a download to its end without keeping it: its size, first byte, last bytes. */
      const download = async (url: string, scope: string) => {
        await fresh();
        const t0 = performance.now();
        const res = await fetch(`${base}${url}`, { headers: headers(scope) });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        let firstByte = 0;
        let bytes = 0;
        let tail = Buffer.alloc(0);
        for await (const chunk of res.body!) {
          if (!firstByte) firstByte = performance.now() - t0;
          bytes += chunk.length;
          tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-64);
        }
        return { firstByte, bytes, tail };
      };
      const cases: { key: string; name: string; run: () => Promise<{ firstByte: number; bytes: number; ok: boolean }> }[] = [
        {
          key: 'register',
          name: 'register Excel export, 100,000 items (web: pages of 500)',
          run: async () => {
            const t0 = performance.now();
            let firstByte = 0;
            let bytes = 0;
            let rows = 0;
            for (let page = 0; ; page++) {
              await fresh();
              const res = await fetch(`${base}/api/issue?page=${page}&pageSize=500&sort=number&dir=asc`, {
                headers: headers(ids.bakery),
              });
              if (!res.ok) throw new Error(`page ${page}: ${res.status}`);
              const text = await res.text();
              if (!firstByte) firstByte = performance.now() - t0;
              bytes += text.length;
              const body = JSON.parse(text) as { items: unknown[]; total: number };
              rows += body.items.length;
              if (body.items.length === 0 || rows >= body.total) return { firstByte, bytes, ok: rows >= 100_000 };
            }
          },
        },
        ...(['pdf', 'xlsx', 'docx'] as const).map((format) => ({
          key: format,
          name: `Art. 30 register, 1,000 activities, ${format.toUpperCase()}`,
          run: async () => {
            const r = await download(
              `/api/report/processing-register?companyId=${ids.bakery}&kind=controller&format=${format}`,
              ids.bakery,
            );
            return { ...r, ok: complete(format === 'pdf' ? 'pdf' : 'zip', r.tail) };
          },
        })),
        {
          key: 'company',
          name: 'company export ZIP, 10,000 items, 1,000 files',
          run: async () => {
            const r = await download(`/api/company/${ids.handel}/export`, ids.handel);
            return { ...r, ok: complete('zip', r.tail) };
          },
        },
      ];
      console.log(
        `\n${'case'.padEnd(58)} first byte  duration      bytes  RSS before → peak (growth) MB   list p95 alone / during (n)`,
      );
      for (const c of cases) {
        if (only && !only.includes(c.key)) continue;
        const alone: number[] = [];
        for (const until = performance.now() + 2000; performance.now() < until; ) alone.push(await listOnce());
        const before = rssMb(pid);
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssMb(pid));
        }, SAMPLE_MS);
        const during: number[] = [];
        let running = true;
        // A failed list request ends the loop and fails the case after the export (not as an
        // unhandled rejection that would leave the server process behind).
        let listFailure: unknown = null;
        const lister = (async () => {
          while (running) during.push(await listOnce());
        })().catch((e: unknown) => {
          listFailure = e;
        });
        const t0 = performance.now();
        let r: { firstByte: number; bytes: number; ok: boolean };
        try {
          r = await c.run();
        } finally {
          running = false;
          await lister;
          clearInterval(sampler);
        }
        if (listFailure) throw listFailure;
        const duration = performance.now() - t0;
        peak = Math.max(peak, rssMb(pid));
        const growth = peak - before;
        const p95During = during.length ? percentile(during, 95) : Number.NaN;
        const res: ExportResult = {
          case: c.name,
          database: kind,
          first_byte_ms: Math.round(r.firstByte),
          duration_ms: Math.round(duration),
          bytes: r.bytes,
          rss_before_mb: Math.round(before),
          rss_peak_mb: Math.round(peak),
          rss_growth_mb: Math.round(growth),
          list_p95_alone_ms: Number(percentile(alone, 95).toFixed(1)),
          list_p95_during_ms: Number(p95During.toFixed(1)),
          list_requests_during: during.length,
          complete: r.ok,
          pass: r.ok && growth < GROWTH_GOAL_MB && p95During < LIST_GOAL_MS,
        };
        results.push(res);
        const verdict = [
          growth < GROWTH_GOAL_MB ? 'RSS met' : 'RSS MISSED',
          p95During < LIST_GOAL_MS ? 'list met' : 'list MISSED',
          ...(r.ok ? [] : ['INCOMPLETE FILE']),
        ].join(', ');
        console.log(
          `${`[${kind}] ${c.name}`.padEnd(58)} ${`${(r.firstByte / 1000).toFixed(2)} s`.padStart(10)} ${`${(duration / 1000).toFixed(2)} s`.padStart(9)} ${String(r.bytes).padStart(10)}  ${String(res.rss_before_mb).padStart(5)} → ${String(res.rss_peak_mb).padStart(5)} (${String(res.rss_growth_mb).padStart(4)})          ${String(res.list_p95_alone_ms).padStart(6)} / ${String(res.list_p95_during_ms).padStart(6)} (${during.length})  ${verdict}`,
        );
      }
    } finally {
      await stopServer(child);
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const missed = results.filter((r) => !r.pass);
  console.log(missed.length ? `\nMissed: ${missed.map((m) => `${m.case} (${m.database})`).join('; ')}` : '\nAll goals met.');
  if (opts.json) writeJson(results);
  return missed.length ? 1 : 0;
}
