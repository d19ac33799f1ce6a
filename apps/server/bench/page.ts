/**
 * `npm run bench -- --page`: time from navigation to data shown in Chromium
 * (playwright-core, /usr/bin/chromium), after logging in once through the login form: the
 * dashboard (/home), a register list holding 10,000 items (/process), an item's detail page and
 * the organisation diagram with 500 nodes (/diagram, goal < 1 s).
 * Each is a full page load (`page.goto`: HTML, JavaScript, the session's token refresh, the
 * data); "shown" means the page's data is in the DOM and no skeleton or spinner is left.
 * Goal < 800 ms each (median) with PostgreSQL (BENCH_DATABASE_URL; PGlite without it). Also
 * reports the login screen's JavaScript (gzip; budget < 200 kB). Needs `npm run build -w apps/web`.
 *
 * Environment: BENCH_PAGE_RUNS (loads per page, default 7), BENCH_PAGE_ITEMS (default 10,000),
 * BENCH_PAGE_TRACE=1 (after each page, one more load with its timeline: requests, scripts, when shown),
 * BENCH_PAGE_EVENTS=1 (with the trace: the renderer main thread's time by trace event: script, style, layout…),
 * BENCH_PAGE_COMPARE=dirA,dirB (builds copied aside, each served by its own server, their loads
 * interleaved: on a noisy machine a change is only seen against the same moment's noise),
 * BENCH_PAGE_LATENCY_MS (a round trip's latency, as over a real network; default 0: loopback).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { queryRows } from '../src/db/types';
import { benchEnv, insertListItems, loginBundleKb, openBenchDb, percentile, writeJson } from './common';
import { startServer, stopServer } from './load';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** What shows while data loads (as packages/e2e/src/browser.ts). */
const LOADING = '.MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate';

type Shown = { kind: 'dashboard' | 'list' | 'detail' | 'diagram'; text?: string; nodes?: number };

/** Runs in the page (the app's CSP allows no string evaluation): its data is in the DOM and nothing loads. */
function isShown({ loading, kind, text, nodes }: Shown & { loading: string }) {
  if (document.querySelector(loading)) return false;
  if (kind === 'diagram') return document.querySelectorAll('.react-flow__node').length >= nodes!;
  if (kind === 'dashboard') return !!document.querySelector('[data-tile=Issue] tbody tr');
  if (kind === 'list') return !!document.querySelector('.MuiDataGrid-row [data-field=name] a');
  return (
    Array.from(document.querySelectorAll('input, textarea')).some((i) => (i as HTMLInputElement).value === text) ||
    document.body.innerText.includes(text!)
  );
}

/** A full load of `url`, resolved once its data is shown; a page that never shows it fails with its text. */
async function loadShown(page: Page, url: string, shown: Shown) {
  await page.goto(url);
  await page
    .waitForFunction(isShown, { loading: LOADING, ...shown }, { timeout: 30_000, polling: 'raf' })
    .catch(async (e: Error) => {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 600)).catch(() => '');
      throw new Error(`${url}: data not shown at ${page.url()} (${e.message})\n${text}`);
    });
}

/** The renderer main thread's time by trace event, self time (children subtracted). */
function printEvents(trace: {
  traceEvents: { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }[];
}) {
  const ev = trace.traceEvents;
  const main = ev.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const xs = ev
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  let top = 0;
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur! / 1000);
    else top += e.dur! / 1000;
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur! / 1000);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  console.log(`  renderer main thread busy ${top.toFixed(0)} ms; self time by event (ms):`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
}

/** One more load of a page, printed as a timeline: when each request started and ended, and when the data showed. */
async function printTimeline(page: Page, url: string, shown: Shown) {
  const cdp = process.env.BENCH_PAGE_PROFILE === '1' ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const tracer = process.env.BENCH_PAGE_EVENTS === '1' ? page.context().browser() : null;
  await tracer?.startTracing(page, { categories: ['devtools.timeline', 'v8', 'blink'] });
  const t0 = performance.now();
  await loadShown(page, url, shown);
  const total = performance.now() - t0;
  if (tracer) printEvents(JSON.parse((await tracer.stopTracing()).toString()));
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    for (const [i, id] of profile.samples!.entries()) dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0));
    for (const n of profile.nodes) {
      const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/assets\//, '')}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
    }
    const byFile = new Map<string, number>();
    for (const [k, v] of self) {
      const file = k.split(' ').slice(1).join(' ').replace(/:\d+$/, '') || '(native)';
      byFile.set(file, (byFile.get(file) ?? 0) + v);
    }
    console.log('  CPU self time by script (ms):');
    for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
    console.log('  CPU self time by function (ms):');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`    ${v.toFixed(0).padStart(6)}  ${k.slice(0, 110)}`);
  }
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ''),
      start: r.startTime,
      end: r.responseEnd,
    }));
    const paint = performance
      .getEntriesByType('paint')
      .map((p) => ({ name: `(${p.name})`, start: p.startTime, end: p.startTime }));
    return [
      { name: '(document)', start: nav.startTime, end: nav.responseEnd },
      { name: '(DOMContentLoaded)', start: nav.domContentLoadedEventEnd, end: nav.domContentLoadedEventEnd },
      ...paint,
      ...res,
      { name: '(shown, polled)', start: performance.now(), end: performance.now() },
    ];
  });
  console.log(`  timeline of ${url} (${total.toFixed(0)} ms from goto to shown, as measured from Node):`);
  for (const e of entries.sort((a, b) => a.start - b.start))
    console.log(`    ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)} ms  ${e.name.slice(0, 90)}`);
}

export interface PageResult {
  case: string;
  database: 'pglite' | 'postgres';
  items: number;
  runs: number;
  p50: number;
  max: number;
  budget: number;
  pass: boolean;
}

/** A build of the web app, served by its own server and browsed in its own browser context. */
interface Variant {
  label: string;
  dist: string;
  base: string;
  child: ChildProcess;
  page: Page;
}

async function logIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.locator('input[name=username]').fill('admin@demo.local');
  await page.locator('input[name=password]').fill('Demo1234!');
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}

/**
 * The organisation diagram of the demo admin's own company (the page's company without a scope)
 * grown to about 500 nodes, as a large client's would be: 139 processor agreements, 300 processes
 * (every third with a processor) and 60 organisation units (a head office and 59 departments,
 * five processes each). Returns the nodes the diagram then has: its company, its child companies
 * and their units, processes and agreements.
 */
async function insertDiagram(b: Awaited<ReturnType<typeof openBenchDb>>): Promise<number> {
  const db = b.database.db;
  const [own] = await queryRows<{ id: string }>(
    db,
    sql`select company_id::text as id from app_user where email = 'admin@demo.local'`,
  );
  const add = (type: string, count: number, name: string, data: ReturnType<typeof sql>) =>
    queryRows<{ id: string }>(
      db,
      sql`insert into item (company_id, type, number, number_label, name, status, data)
          select ${own!.id}::uuid, ${type}, 900000 + n, 'D-' || n, ${name} || ' ' || n, 0, ${data}
          from generate_series(1, ${count}::int) n order by n returning id::text`,
    );
  const agreements = (
    await add('service-agreement-with-provider', 139, 'Dienstleister', sql`'{"counterparty": "Anbieter"}'::jsonb`)
  ).map((r) => r.id);
  const processes = (
    await add(
      'process',
      300,
      'Verarbeitung',
      sql`jsonb_build_object('role', 'controller', 'processors',
            case when n % 3 = 0 then jsonb_build_array((${`{${agreements.join(',')}}`}::text[])[(n % 139) + 1]) else '[]'::jsonb end)`,
    )
  ).map((r) => r.id);
  const [top] = await add('organisation-unit', 1, 'Zentrale', sql`'{}'::jsonb`);
  await queryRows(
    db,
    sql`insert into item (company_id, type, number, number_label, name, status, data)
        select ${own!.id}::uuid, 'organisation-unit', 900001 + n, 'D-U' || n, 'Abteilung ' || n, 0,
               jsonb_build_object('parentUnit', case when n % 6 = 0 then '[]'::jsonb else jsonb_build_array(${top!.id}::text) end,
                                  'processes', to_jsonb((${`{${processes.join(',')}}`}::text[])[n * 5 - 4 : n * 5]))
        from generate_series(1, 59) n`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`with recursive tree as (select id from company where id = ${own!.id}::uuid
                                union all select c.id from company c join tree t on c.parent_id = t.id)
        select (select count(*) from tree)::int
             + (select count(*) from item where company_id in (select id from tree)
                  and type in ('organisation-unit', 'process', 'service-agreement-with-provider',
                               'service-agreement-with-client', 'service-agreement-with-shared-responsibility'))::int as n`,
  );
  return count!.n;
}

export async function runPage(opts: { json: boolean }) {
  // BENCH_PAGE_COMPARE=dirA,dirB: two (or more) builds side by side, their loads interleaved, so
  // a change is measured against the same moment's machine noise. Default: the current build.
  const dists = (process.env.BENCH_PAGE_COMPARE ?? path.resolve(import.meta.dirname, '../../web/dist'))
    .split(',')
    .map((d) => path.resolve(d));
  const missing = dists.find((d) => !fs.existsSync(path.join(d, 'index.html')));
  if (missing) {
    console.log(`no web build in ${missing}: run \`npm run build -w apps/web\` first`);
    return 1;
  }
  const runs = Number(process.env.BENCH_PAGE_RUNS ?? 7);
  const latency = Number(process.env.BENCH_PAGE_LATENCY_MS ?? 0);
  const items = Number(process.env.BENCH_PAGE_ITEMS ?? 10_000);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const kind = pgUrl ? 'postgres' : 'pglite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-page-'));
  const b = await openBenchDb({ pgUrl, kind: 'demo', items: 0, persistDir: dir });
  await insertListItems(b.database, b.bakery, items, { types: ['process'], firstNumber: 100_001 });
  const diagramNodes = await insertDiagram(b);
  await b.database.db.execute(sql`analyze`);
  const [detail] = await queryRows<{ id: string; name: string }>(
    b.database.db,
    sql`select id::text, name from item where company_id = ${b.bakery} and type = 'process' and number = 100500`,
  );
  await b.close({ keep: true });
  const env: Record<string, string> = { ...benchEnv(dir), ENVIRONMENT: 'Development', LOG_LEVEL: 'warn' };
  if (b.url) env.DATABASE_URL = b.url;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const variants: Variant[] = [];
  const results: PageResult[] = [];
  try {
    for (const dist of dists) {
      const { base, child } = await startServer({ ...env, WEB_DIST: dist });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
      const page = await context.newPage();
      variants.push({ label: dists.length > 1 ? `[${path.basename(dist)}] ` : '', dist, base, child, page });
      if (latency > 0) {
        // Each request's round trip as over a real network (Chromium adds it to every response).
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      await logIn(page, base);
    }

    const pages: { name: string; url: string; shown: Shown; budget?: number }[] = [
      { name: 'dashboard', url: '/home', shown: { kind: 'dashboard' } },
      {
        name: `register list (${items.toLocaleString('en')} processes in one company)`,
        url: '/process',
        shown: { kind: 'list' },
      },
      { name: 'item detail (process)', url: `/process/${detail!.id}`, shown: { kind: 'detail', text: detail!.name } },
      {
        name: `organisation diagram (${diagramNodes} nodes)`,
        url: '/diagram',
        shown: { kind: 'diagram', nodes: diagramNodes },
        budget: 1000,
      },
    ];
    console.log(
      `page load to data shown, ${kind}, ${runs} loads per page after one warm-up${latency > 0 ? `, ${latency} ms added to each round trip` : ''}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const p of pages) {
      const times = variants.map(() => [] as number[]);
      for (let i = 0; i <= runs; i++) {
        for (const [v, variant] of variants.entries()) {
          const t0 = performance.now();
          await loadShown(variant.page, `${variant.base}${p.url}`, p.shown);
          if (i > 0) times[v]!.push(performance.now() - t0);
        }
      }
      for (const [v, variant] of variants.entries()) {
        const p50 = percentile(times[v]!, 50);
        const budget = p.budget ?? 800;
        const r: PageResult = {
          case: `page: ${variant.label}${p.name}`,
          database: kind,
          items,
          runs,
          p50,
          max: Math.max(...times[v]!),
          budget,
          pass: p50 < budget,
        };
        results.push(r);
        if (process.env.BENCH_PAGE_TRACE === '1') await printTimeline(variant.page, `${variant.base}${p.url}`, p.shown);
        console.log(
          `${(variant.label + p.name).padEnd(50)} p50 ${r.p50.toFixed(0).padStart(5)} ms   max ${r.max.toFixed(0).padStart(5)} ms   goal < ${budget} ms ${r.pass ? 'ok' : 'MISSED'}`,
        );
      }
    }
    for (const variant of variants) {
      const kb = loginBundleKb(variant.dist);
      console.log(
        `${variant.label}login screen initial JavaScript: ${kb.toFixed(1)} kB gzip (budget < 200 kB) ${kb < 200 ? 'ok' : 'MISSED'}`,
      );
      results.push({
        case: `${variant.label}login-screen JavaScript (kB gzip)`,
        database: kind,
        items: 0,
        runs: 1,
        p50: kb,
        max: kb,
        budget: 200,
        pass: kb < 200,
      });
    }
  } finally {
    await browser.close();
    for (const variant of variants) await stopServer(variant.child);
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (opts.json) writeJson(results);
  return results.every((r) => r.pass) ? 0 : 1;
}
