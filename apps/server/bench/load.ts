/**
 * `npm run bench -- --load`: throughput of a real server process under autocannon.
 * The demo data (bootstrap with demo items, nothing else) on PGlite and, with BENCH_DATABASE_URL,
 * PostgreSQL; the server runs as its own process as `npm start` runs it (its package.json; log level
 * BENCH_LOG_LEVEL, default info, written to a pipe the bench discards), autocannon runs in this
 * process. Per database, endpoint and connection count: requests per second, latency p50/p99,
 * non-2xx answers and errors (both must be 0) and the server's RSS before and after.
 * Goals at 20 connections on the list: PostgreSQL ≥ 300 requests/s and p99 < 250 ms; PGlite ≥ 100
 * requests/s and p99 < 1 s.
 *
 * The mixed workload ('mixed'): 50 connections, each request drawn by weight (mixed.ts): list 60 %,
 * a demo item's detail 20 %, search 10 %, create 5 % and update of a demo item 5 %. Goals:
 * PostgreSQL ≥ 600 requests/s and p99 < 300 ms, PGlite ≥ 200 requests/s and p99 < 1 s, 0 non-2xx
 * and 0 errors, the server's RSS (sampled every second) flat from the 10th second to the last
 * (mixed.ts). On PostgreSQL a second server process (its own DATA_DIR, the same database) then
 * joins, and both take the mixed workload at 25 connections each: together ≥ 1.6 × one instance.
 *
 * Environment: BENCH_LOAD_SECONDS (default 30; --quick 10), BENCH_LOAD_CONNECTIONS (default
 * "20,50"), BENCH_LOAD_ONLY (comma-separated case names: list, statistics, search, refresh,
 * mixed), BENCH_LOAD_MIXED_SECONDS (default 60, at least 29; --quick 30), BENCH_LOG_LEVEL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { itemTypes } from '@pc/shared';
import autocannon from 'autocannon';
import { benchEnv, openBenchDb, percentile, writeJson } from './common';
import { type MixedKind, mixedWeights, pickWeighted, rssVerdict } from './mixed';

export interface LoadResult {
  case: string;
  database: 'pglite' | 'postgres';
  connections: number;
  seconds: number;
  requests_per_s: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rss_before_mb: number;
  rss_after_mb: number;
  /** Goal on requests per second and p99 (list at 20 connections, mixed), else null. */
  goal: { requests_per_s: number; p99: number } | null;
  /** Mixed workload: server processes, and per server its RSS at the 10th and the last second. */
  instances?: number;
  rss?: { at_10s_mb: number; last_mb: number; max_mb: number; lowest_early_mb: number; lowest_late_mb: number; flat: boolean }[];
  /** Two instances: combined requests per second over one instance's. */
  ratio?: number;
  pass: boolean;
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The resident set of a process in MB, from /proc. */
export const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** Starts the server on a prepared database and waits for /api/health. */
export async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const serverDir = path.resolve(import.meta.dirname, '..');
  // As `npm start` runs it, node's flags included (package.json: `node <flags> src/main.ts`).
  const start = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start as string;
  const [node, ...args] = start.split(' ');
  if (node !== 'node') throw new Error(`the start script does not run node: ${start}`);
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    if (out.length < 20_000) out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    if (out.length < 20_000) out += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start: ${out}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function passwordLogin(base: string) {
  const res = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

export async function runLoad(opts: { json: boolean; quick: boolean }) {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? (opts.quick ? 10 : 30));
  const conns = (process.env.BENCH_LOAD_CONNECTIONS ?? '20,50').split(',').map(Number);
  const only = process.env.BENCH_LOAD_ONLY?.split(',');
  const mixedSeconds = Number(process.env.BENCH_LOAD_MIXED_SECONDS ?? (opts.quick ? 30 : 60));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const results: LoadResult[] = [];
  console.log(
    `autocannon, ${seconds} s per run (mixed workload ${mixedSeconds} s), demo data, server log level ${process.env.BENCH_LOG_LEVEL ?? 'info'}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start`,
  );
  console.log(`\n${'case'.padEnd(40)} conns  req/s   p50 ms   p99 ms  non-2xx  errors  RSS before → after (MB)  goal`);
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !pgUrl) {
      console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped');
      continue;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-load-'));
    const b = await openBenchDb({ pgUrl: kind === 'postgres' ? pgUrl : undefined, kind: 'demo', items: 0, persistDir: dir });
    await b.close({ keep: true });
    const env: Record<string, string> = {
      ...benchEnv(dir),
      ENVIRONMENT: 'Development',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    };
    if (b.url) env.DATABASE_URL = b.url;
    const { base, child } = await startServer(env);
    try {
      const { access_token } = await passwordLogin(base);
      const auth = { authorization: `Bearer ${access_token}` };
      const endpoints: { name: string; run: (connections: number) => Promise<autocannon.Options> }[] = [
        { name: 'list', run: async () => ({ url: `${base}/api/issue?pageSize=50`, headers: auth }) },
        { name: 'statistics', run: async () => ({ url: `${base}/api/item/statistics`, headers: auth }) },
        { name: 'search', run: async () => ({ url: `${base}/api/searchable-item/search/Datenschutz`, headers: auth }) },
        {
          // Each request spends a refresh token and gets the next (rotation; a reused token would
          // revoke its session), so the tokens go round a pool.
          name: 'refresh',
          run: async (connections) => {
            const pool: string[] = [];
            for (let i = 0; i < connections * 2; i++) pool.push((await passwordLogin(base)).refresh_token);
            return {
              url: base,
              requests: [
                {
                  method: 'POST',
                  path: '/api/auth/token',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  setupRequest: (req, context) => {
                    const token = pool.shift() ?? '';
                    (context as { token?: string }).token = token;
                    return { ...req, body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}` };
                  },
                  onResponse: (status, body) => {
                    if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
                  },
                },
              ],
            };
          },
        },
      ];
      for (const e of endpoints) {
        if (only && !only.includes(e.name)) continue;
        for (const connections of conns) {
          const o = await e.run(connections);
          const before = rssMb(child.pid!);
          const r = await autocannon({ ...o, connections, duration: seconds, timeout: 10 });
          const after = rssMb(child.pid!);
          const goal =
            e.name === 'list' && connections === 20
              ? kind === 'postgres'
                ? { requests_per_s: 300, p99: 250 }
                : { requests_per_s: 100, p99: 1000 }
              : null;
          // autocannon counts a time-out among its errors too.
          const errors = r.errors;
          const res: LoadResult = {
            case: e.name,
            database: kind,
            connections,
            seconds,
            requests_per_s: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx,
            errors,
            rss_before_mb: Math.round(before),
            rss_after_mb: Math.round(after),
            goal,
            pass:
              r.non2xx === 0 &&
              errors === 0 &&
              (!goal || (r.requests.average >= goal.requests_per_s && r.latency.p99 < goal.p99)),
          };
          results.push(res);
          console.log(
            `${`[${kind}] ${e.name}`.padEnd(40)} ${String(connections).padStart(5)} ${res.requests_per_s.toFixed(0).padStart(6)} ${String(res.p50).padStart(8)} ${String(res.p99).padStart(8)} ${String(res.non2xx).padStart(8)} ${String(errors).padStart(7)}  ${String(res.rss_before_mb).padStart(6)} → ${String(res.rss_after_mb).padEnd(14)}  ${goal ? `≥ ${goal.requests_per_s}/s, p99 < ${goal.p99} ms ` : ''}${res.pass ? 'ok' : 'MISSED'}`,
          );
        }
      }
      if (!only || only.includes('mixed')) results.push(...(await mixedCases(kind, { base, child }, env, auth, mixedSeconds)));
    } finally {
      await stopServer(child);
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (opts.json) writeJson(results);
  return results.every((r) => r.pass) ? 0 : 1;
}

/** A demo item the mixed workload reads and updates: its register, id and detail answer (the update's body). */
interface MixedTarget {
  type: string;
  id: string;
  detail: Record<string, unknown>;
}

/** Every item the demo admin sees in every register, read before the run (the demo data's own items). */
async function mixedTargets(base: string, auth: Record<string, string>) {
  const targets: MixedTarget[] = [];
  for (const t of itemTypes) {
    const res = await fetch(`${base}/api/${t.key}?pageSize=500`, { headers: auth });
    if (!res.ok) throw new Error(`${t.key} list: ${res.status} ${await res.text()}`);
    for (const { id } of ((await res.json()) as { items: { id: string }[] }).items) {
      const detail = await fetch(`${base}/api/${t.key}/${id}`, { headers: auth });
      if (!detail.ok) throw new Error(`${t.key} ${id}: ${detail.status} ${await detail.text()}`);
      targets.push({ type: t.key, id, detail: (await detail.json()) as Record<string, unknown> });
    }
  }
  if (targets.length === 0) throw new Error('the demo data holds no items');
  return targets;
}

/** Busy and total clock ticks of the whole machine (/proc/stat), to tell how much of its CPU a run had. */
function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((n, x) => n + x, 0);
  return { busy: total - f[3]! - f[4]!, total };
}

/** A process's CPU time in seconds (utime + stime, clock ticks of 10 ms). */
function cpuSeconds(pid: number) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

interface MixedRun {
  requests_per_s: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Of the errors, requests without an answer within autocannon's 10 s. */
  timeouts: number;
  /** Per server: RSS in MB at each second of the run. */
  rss: number[][];
  byKind: Record<MixedKind, { n: number; non2xx: number; p99: number; firstFailure?: string }>;
  cpu: { machine: number; servers: number[]; bench: number };
}

/**
 * One run of the mixed workload against each server at once, `connections` each, every request
 * drawn by weight. Latencies are taken per request from its setup to its answer (autocannon's own
 * percentiles are per run, and two runs' cannot be combined). Samples each server's RSS every second.
 */
async function mixedRun(
  servers: { base: string; child: ChildProcess }[],
  opts: { connections: number; seconds: number; auth: Record<string, string>; targets: MixedTarget[] },
): Promise<MixedRun> {
  const kinds = Object.keys(mixedWeights) as MixedKind[];
  const times = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<MixedKind, number[]>;
  const failures = Object.fromEntries(kinds.map((k) => [k, [] as string[]])) as Record<MixedKind, string[]>;
  let writes = 0;
  const json = { ...opts.auth, 'content-type': 'application/json' };
  const any = () => opts.targets[Math.floor(Math.random() * opts.targets.length)]!;
  const request: autocannon.Request = {
    method: 'GET',
    path: '/',
    setupRequest: (req, context) => {
      const kind = pickWeighted(mixedWeights, Math.random());
      Object.assign(context, { kind, t0: performance.now() });
      switch (kind) {
        case 'list':
          return { ...req, method: 'GET', path: '/api/issue?pageSize=50', headers: opts.auth, body: undefined };
        case 'detail': {
          const t = any();
          return { ...req, method: 'GET', path: `/api/${t.type}/${t.id}`, headers: opts.auth, body: undefined };
        }
        case 'search':
          return { ...req, method: 'GET', path: '/api/searchable-item/search/Datenschutz', headers: opts.auth, body: undefined };
        case 'create':
          return {
            ...req,
            method: 'POST',
            path: '/api/issue',
            headers: json,
            body: JSON.stringify({ name: `Last ${++writes}`, data: { priority: 'Low' } }),
          };
        case 'update': {
          // The detail answer sent back as the edit form sends it, with one field changed; no
          // If-Match, so concurrent saves of one item do not conflict (the last one wins).
          const t = any();
          return {
            ...req,
            method: 'PUT',
            path: `/api/${t.type}/${t.id}`,
            headers: json,
            body: JSON.stringify({ ...t.detail, description: `Lasttest ${++writes}` }),
          };
        }
      }
    },
    onResponse: (status, body, context) => {
      const { kind, t0 } = context as { kind: MixedKind; t0: number };
      times[kind].push(performance.now() - t0);
      if (status >= 300) failures[kind].push(`${status} ${body.slice(0, 200)}`);
    },
  };
  const rss: number[][] = servers.map(() => []);
  const sampler = setInterval(() => {
    for (const [i, s] of servers.entries()) rss[i]!.push(rssMb(s.child.pid!));
  }, 1000);
  const ticks0 = machineTicks();
  const cpu0 = servers.map((s) => cpuSeconds(s.child.pid!));
  const bench0 = process.cpuUsage();
  const t0 = performance.now();
  const runs = await Promise.all(
    servers.map((s) =>
      autocannon({ url: s.base, requests: [request], connections: opts.connections, duration: opts.seconds, timeout: 10 }),
    ),
  );
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  const ticks1 = machineTicks();
  const bench1 = process.cpuUsage(bench0);
  const all = kinds.flatMap((k) => times[k]);
  return {
    requests_per_s: runs.reduce((n, r) => n + r.requests.average, 0),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    rss,
    byKind: Object.fromEntries(
      kinds.map((k) => [
        k,
        {
          n: times[k].length,
          non2xx: failures[k].length,
          p99: times[k].length ? percentile(times[k], 99) : 0,
          firstFailure: failures[k][0],
        },
      ]),
    ) as MixedRun['byKind'],
    cpu: {
      machine: (ticks1.busy - ticks0.busy) / (ticks1.total - ticks0.total),
      servers: servers.map((s, i) => (cpuSeconds(s.child.pid!) - cpu0[i]!) / wall),
      bench: (bench1.user + bench1.system) / 1e6 / wall,
    },
  };
}

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** The mixed run's table row, its mix and CPU, and one verdict line per goal; answers its result. */
function reportMixed(
  label: string,
  kind: 'pglite' | 'postgres',
  run: MixedRun,
  opts: { connections: number; seconds: number; goal: { requests_per_s: number; p99: number }; one?: number },
): LoadResult {
  const rss = run.rss.map((samples) => rssVerdict(samples));
  const ratio = opts.one === undefined ? undefined : run.requests_per_s / opts.one;
  const checks: [string, boolean][] = [];
  if (ratio === undefined) {
    checks.push(
      [
        `≥ ${opts.goal.requests_per_s} requests/s: ${run.requests_per_s.toFixed(0)}`,
        run.requests_per_s >= opts.goal.requests_per_s,
      ],
      [`p99 < ${opts.goal.p99} ms: ${run.p99.toFixed(0)} ms`, run.p99 < opts.goal.p99],
    );
  } else {
    checks.push([
      `two instances ≥ 1.6 × one: ${run.requests_per_s.toFixed(0)} against ${opts.one!.toFixed(0)} requests/s = ${ratio.toFixed(2)} ×`,
      ratio >= 1.6,
    ]);
  }
  checks.push([
    `0 non-2xx and 0 errors: ${run.non2xx} non-2xx, ${run.errors} errors${run.timeouts ? ` (${run.timeouts} time-outs)` : ''}`,
    run.non2xx === 0 && run.errors === 0,
  ]);
  for (const [i, r] of rss.entries()) {
    checks.push([
      `RSS flat from the 10th second (lowest of the last 10 s < 10 % over the lowest of seconds 10–19)${rss.length > 1 ? `, instance ${i + 1}` : ''}: ${r.at.toFixed(0)} MB at the 10th second, ${r.last.toFixed(0)} MB at the last; lowest ${r.early.toFixed(0)} → ${r.late.toFixed(0)} MB (${r.growth >= 0 ? '+' : ''}${(r.growth * 100).toFixed(1)} %), highest ${r.max.toFixed(0)} MB`,
      r.flat,
    ]);
  }
  const pass = checks.every(([, ok]) => ok);
  const first = run.rss.map((s) => s[0]!);
  console.log(
    `${`[${kind}] ${label}`.padEnd(40)} ${(run.rss.length > 1 ? `${run.rss.length}×${opts.connections}` : String(opts.connections)).padStart(5)} ${run.requests_per_s.toFixed(0).padStart(6)} ${run.p50.toFixed(0).padStart(8)} ${run.p99.toFixed(0).padStart(8)} ${String(run.non2xx).padStart(8)} ${String(run.errors).padStart(7)}  ${first
      .map((x) => x.toFixed(0))
      .join('+')
      .padStart(6)} → ${rss
      .map((r) => r.last.toFixed(0))
      .join('+')
      .padEnd(14)}  ${pass ? 'ok' : 'MISSED'}`,
  );
  const total = Object.values(run.byKind).reduce((n, k) => n + k.n, 0);
  console.log(
    `    mix: ${Object.entries(run.byKind)
      .map(
        ([k, v]) =>
          `${k} ${((v.n / total) * 100).toFixed(1)} % (p99 ${v.p99.toFixed(0)} ms${v.non2xx ? `, ${v.non2xx} non-2xx` : ''})`,
      )
      .join(', ')}`,
  );
  for (const [k, v] of Object.entries(run.byKind)) if (v.firstFailure) console.log(`    first failed ${k}: ${v.firstFailure}`);
  console.log(
    `    CPU: machine ${(run.cpu.machine * 100).toFixed(0)} % busy (${os.cpus().length} cores); server${run.cpu.servers.length > 1 ? 's' : ''} ${run.cpu.servers.map((c) => c.toFixed(2)).join(' + ')} cores, bench (autocannon) ${run.cpu.bench.toFixed(2)}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
  );
  // The curve tells a leak (rising to the end) from a young generation still growing to its size under load (levelling off).
  for (const [i, samples] of run.rss.entries()) {
    console.log(
      `    RSS every 10 s${run.rss.length > 1 ? `, instance ${i + 1}` : ''} (MB): ${samples
        .filter((_, s) => (s + 1) % 10 === 0 || s === samples.length - 1)
        .map((x) => x.toFixed(0))
        .join(', ')}`,
    );
  }
  for (const [text, ok] of checks) console.log(`    goal ${text} — ${verdict(ok)}`);
  return {
    case: label,
    database: kind,
    connections: opts.connections * run.rss.length,
    seconds: opts.seconds,
    requests_per_s: run.requests_per_s,
    p50: run.p50,
    p99: run.p99,
    non2xx: run.non2xx,
    errors: run.errors,
    rss_before_mb: Math.round(first.reduce((n, x) => n + x, 0)),
    rss_after_mb: Math.round(rss.reduce((n, r) => n + r.last, 0)),
    goal: ratio === undefined ? opts.goal : null,
    instances: run.rss.length,
    rss: rss.map((r) => ({
      at_10s_mb: Math.round(r.at),
      last_mb: Math.round(r.last),
      max_mb: Math.round(r.max),
      lowest_early_mb: Math.round(r.early),
      lowest_late_mb: Math.round(r.late),
      flat: r.flat,
    })),
    ratio,
    pass,
  };
}

/**
 * The mixed workload at 50 connections on the server; on PostgreSQL then with a second server
 * process on the same database, both at 25 connections. Each server first takes 5 s of it unmeasured,
 * so that its detail and write paths are compiled and its pools filled, as they are on the first.
 */
async function mixedCases(
  kind: 'pglite' | 'postgres',
  first: { base: string; child: ChildProcess },
  env: Record<string, string>,
  auth: Record<string, string>,
  seconds: number,
) {
  const targets = await mixedTargets(first.base, auth);
  const warm = (servers: { base: string; child: ChildProcess }[]) =>
    mixedRun(servers, { connections: 10, seconds: 5, auth, targets });
  const goal = kind === 'postgres' ? { requests_per_s: 600, p99: 300 } : { requests_per_s: 200, p99: 1000 };
  await warm([first]);
  const one = reportMixed('mixed', kind, await mixedRun([first], { connections: 50, seconds, auth, targets }), {
    connections: 50,
    seconds,
    goal,
  });
  if (kind !== 'postgres') return [one];
  // Its own DATA_DIR, as a second machine would have: the instances share only the database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-load-second-'));
  const second = await startServer({ ...env, DATA_DIR: dir });
  try {
    await warm([second]);
    const two = await mixedRun([first, second], { connections: 25, seconds, auth, targets });
    return [one, reportMixed('mixed, two instances', kind, two, { connections: 25, seconds, goal, one: one.requests_per_s })];
  } finally {
    await stopServer(second.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
