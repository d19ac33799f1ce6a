import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { diskStorage } from '../platform/storage';
import { DEMO_PASSWORD } from '../seed/demo';

/**
 * A full app on a fresh database with the demo seeded: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped afterwards).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { demoItems?: boolean } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `pc_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-test-'));
  const config = loadConfig({ ENVIRONMENT: 'Test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '1000', ...env });
  const database = await openDatabase({ url });
  const storage = diskStorage(dataDir);
  // Tests count items exactly, so the demo registers stay empty unless a test asks for them.
  const { secret } = await bootstrap(database, config, { demoItems: opts.demoItems ?? false });
  // A clock tests can move forward (TOTP steps, token expiry, lockout windows).
  const clock = {
    offsetMs: 0,
    advance: (ms: number) => (clock.offsetMs += ms),
    now: () => new Date(Date.now() + clock.offsetMs),
  };
  const app = await buildApp({ config, database, storage, secret, now: clock.now });
  await app.ready();

  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return res;
  };
  const tokenFor = async (username: string) => {
    const res = await login(username);
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return res.json().access_token as string;
  };

  return {
    app,
    clock,
    database,
    db: database.db,
    storage,
    config,
    login,
    tokenFor,
    auth: (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra }),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        // pool.end() resolves before the sessions are gone; forcing the drop while they close
        // makes their sockets error after the test. Wait for them briefly, then force.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [dbName]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
