/**
 * Report budget: the record of processing activities of a company with 1,000
 * activities, each with purposes, legal bases, recipients, retention periods and measures, takes
 * under 10 s as PDF and as XLSX, through the full HTTP stack (PGlite). Prints the time of each
 * run; exits non-zero when the median of a format misses the budget.
 *
 *   npx tsx bench/report.ts            (from apps/server; BENCH_REPORT_ACTIVITIES=1000, BENCH_REPORT_RUNS=3)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/types';
import { diskStorage } from '../src/platform/storage';
import { insertProcessingActivities } from './common';

const activities = Number(process.env.BENCH_REPORT_ACTIVITIES ?? 1000);
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 3);
const budgetMs = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-bench-report-'));
const config = loadConfig({ ENVIRONMENT: 'Test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '100000' });
const database = await openDatabase({});
const { secret } = await bootstrap(database, config, { demoItems: false });
const app = await buildApp({ config, database, storage: diskStorage(dataDir), secret });
const [bakery] = await queryRows<{ id: string }>(database.db, sql`select id::text from company where name = 'Bäckerei Schmidt'`);
const companyId = bakery!.id;

await insertProcessingActivities(database, companyId, activities);

const token = (
  await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
).json().access_token as string;

let failed = false;
for (const format of ['xlsx', 'pdf'] as const) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      url: `/api/report/processing-register?companyId=${companyId}&kind=controller&format=${format}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    times.push(performance.now() - t0);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const ok = median < budgetMs;
  failed ||= !ok;
  console.log(
    `record of ${activities} activities as ${format.toUpperCase().padEnd(4)} runs ${times.map((t) => t.toFixed(0)).join(', ')} ms   median ${median.toFixed(0)} ms   budget ${budgetMs} ms ${ok ? 'ok' : 'MISSED'}`,
  );
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
