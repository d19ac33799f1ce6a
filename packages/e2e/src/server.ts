import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { serverBundle } from './server-bundle';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What global-setup.ts seeded once for the run: a stopped server's data directory and, when the
 * browser tests run on PostgreSQL (E2E_DATABASE_URL), the database every server copies.
 */
export interface E2eTemplate {
  dataDir: string;
  postgres?: { adminUrl: string; name: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate?: E2eTemplate;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** The server's own PostgreSQL database, when the run uses PostgreSQL (E2E_DATABASE_URL). */
  databaseUrl?: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** One SQL statement on the PostgreSQL server (psql ships with it). */
export function psql(adminUrl: string, statement: string) {
  execFileSync('psql', [adminUrl, '-qc', statement], { stdio: 'pipe' });
}

export function databaseUrl(adminUrl: string, name: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface StartOptions {
  /** Seed a new database instead of copying the run's template (the template is made this way). */
  fresh?: boolean;
  /** The embedded database even when the run uses PostgreSQL (tests of PGlite's durability). */
  pglite?: boolean;
}

/**
 * Starts the real server (as `npm start` does, without the web build; from the run's bundle) on a free port, on a copy
 * of the run's demo data. `dataDir`: reuse a stopped server's data (a restart).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  opts: StartOptions = {},
): Promise<RunningServer> {
  const template = opts.fresh || dataDir ? undefined : inject('e2eTemplate');
  const usePostgres = template?.postgres && !opts.pglite;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pc-e2e-'));
  // A run on PostgreSQL has no PGlite template: a test of the embedded database seeds its own.
  if (template && (usePostgres || !template.postgres)) fs.cpSync(template.dataDir, dir, { recursive: true });
  let dropDatabase = () => {};
  if (usePostgres) {
    const { adminUrl, name: templateName } = template.postgres!;
    const name = `pc_e2e_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    psql(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${templateName}`);
    env = { DATABASE_URL: databaseUrl(adminUrl, name), ...env };
    dropDatabase = () => psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const port = await freePort();
  let out = '';
  const url = `http://127.0.0.1:${port}`;
  // The run's bundle of the server (global-setup.ts), as started by `node --import tsx src/main.ts`.
  const child = spawn(process.execPath, [serverBundle], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ENVIRONMENT: 'Test',
      LOG_LEVEL: 'warn',
      // The answers' fast path alone, as in production: the API tests write every answer a second
      // time with zod's encode and compare (platform/serializer.ts); here that cost CPU on every page.
      // Links in mails (reset, unsubscribe) point at this very server.
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      dropDatabase();
      throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      dropDatabase();
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    databaseUrl: usePostgres ? env.DATABASE_URL : undefined,
    dataDir: dir,
    process: child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill(signal);
        await exited;
      }
      dropDatabase();
    },
  };
}
