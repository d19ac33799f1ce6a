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
 * Environment: BENCH_LOAD_SECONDS (default 30; --quick 10), BENCH_LOAD_CONNECTIONS (default
 * "20,50"), BENCH_LOAD_ONLY (comma-separated endpoint names: list, statistics, search, refresh),
 * BENCH_LOG_LEVEL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchEnv, openBenchDb, writeJson } from './common';

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
  /** Goal on requests per second and p99 (list at 20 connections only), else null. */
  goal: { requests_per_s: number; p99: number } | null;
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
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const results: LoadResult[] = [];
  console.log(
    `autocannon, ${seconds} s per run, demo data, server log level ${process.env.BENCH_LOG_LEVEL ?? 'info'}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start`,
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
          const errors = r.errors + r.timeouts;
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
    } finally {
      await stopServer(child);
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (opts.json) writeJson(results);
  return results.every((r) => r.pass) ? 0 : 1;
}
