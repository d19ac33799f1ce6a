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

// Ten retention periods and twenty measures the activities link to.
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
