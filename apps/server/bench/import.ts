/**
 * Import budget: a register file of BENCH_IMPORT_ROWS (default 10,000) rows — name, role,
 * purposes, legal bases, recipients, a data-subject tag, a retention period linked by number —
 * previews in under 5 s and commits in under 15 s, through the full HTTP stack on PGlite. Each run
 * imports the file with other names (so every run creates all its rows). Prints every run and
 * the medians; returns non-zero when a median misses its budget. `BENCH_ONLY=import npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/types';
import { diskStorage } from '../src/platform/storage';

const PREVIEW_BUDGET_MS = 5_000;
const COMMIT_BUDGET_MS = 15_000;

async function workbook(rows: number, run: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Verzeichnis');
  ws.addRow([
    'Bezeichnung',
    'Rolle',
    'Zwecke der Verarbeitung',
    'Rechtsgrundlagen',
    'Empfänger',
    'Kategorien betroffener Personen',
    'Löschfristen',
  ]);
  for (let n = 1; n <= rows; n++) {
    ws.addRow([
      `Import ${run}-${n}`,
      'Verantwortlicher',
      'Vertragsabwicklung und Kundenbetreuung',
      'Art. 6 Abs. 1 lit. b DSGVO; art6_1_c',
      'Steuerberater, Hosting-Dienstleister',
      n % 2 ? 'Kunden' : 'Beschäftigte',
      'LF-0001',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----pc-bench-import';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runImportBench(): Promise<number> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
  const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-bench-import-'));
  const config = loadConfig({ ENVIRONMENT: 'Test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '100000' });
  const database = await openDatabase({});
  const { secret } = await bootstrap(database, config, { demoItems: false });
  const app = await buildApp({ config, database, storage: diskStorage(dataDir), secret });
  const [bakery] = await queryRows<{ id: string }>(
    database.db,
    sql`select id::text from company where name = 'Bäckerei Schmidt'`,
  );
  const token = (
    await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant': bakery!.id };
  const period = await app.inject({
    method: 'POST',
    url: '/api/storage-period',
    headers,
    payload: { name: 'Steuerunterlagen', data: { period: '10 Jahre' } },
  });
  if (period.statusCode !== 201) throw new Error(`storage period: ${period.statusCode} ${period.body.slice(0, 200)}`);

  const preview: number[] = [];
  const commit: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const body = multipart(`verzeichnis-${run}.xlsx`, await workbook(rows, run));
      let t0 = performance.now();
      const p = await app.inject({
        method: 'POST',
        url: '/api/import/process/preview',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      preview.push(performance.now() - t0);
      const answer = p.json() as { importId: string; counts: { new: number; errors: number } };
      if (p.statusCode !== 200 || answer.counts.new !== rows)
        throw new Error(`preview: ${p.statusCode} ${JSON.stringify(answer).slice(0, 300)}`);
      t0 = performance.now();
      const c = await app.inject({ method: 'POST', url: `/api/import/${answer.importId}/commit`, headers, payload: {} });
      commit.push(performance.now() - t0);
      if (c.statusCode !== 200 || c.json().created !== rows) throw new Error(`commit: ${c.statusCode} ${c.body.slice(0, 300)}`);
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const line = (what: string, xs: number[], budget: number) => {
    const ok = median(xs) < budget;
    console.log(
      `[pglite] import of ${rows.toLocaleString('en')} rows, ${what.padEnd(8)} runs ${xs.map((t) => t.toFixed(0)).join(', ')} ms   median ${median(xs).toFixed(0)} ms   budget < ${budget} ms ${ok ? 'ok' : 'MISSED'}`,
    );
    return ok;
  };
  console.log('');
  const ok = [line('preview', preview, PREVIEW_BUDGET_MS), line('commit', commit, COMMIT_BUDGET_MS)].every(Boolean);
  return ok ? 0 : 1;
}
