import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, type Logger } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { company } from '../db/schema/index';
import { openStorage } from '../platform/storage';
import { DEMO_PASSWORD } from '../seed/demo';
import { baseEnv, databaseUrl, dropDatabase, variantFor, withAdmin } from './template';

/**
 * A full app on a fresh database with the demo seeded: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped afterwards).
 * Copied from one of the run's templates (see template.ts).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { demoItems?: boolean; logger?: Logger } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-test-'));
  const config = loadConfig({ ...baseEnv, DATA_DIR: dataDir, ...env });
  // Tests count items exactly, so the demo registers stay empty unless a test asks for them.
  const demoItems = opts.demoItems ?? false;
  const variant = variantFor(config, demoItems);
  const templates = inject('dbTemplates');
  let url: string | undefined;
  let dbName: string | undefined;
  let loadDataDir: Blob | undefined;
  if (adminUrl) {
    dbName = `pc_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const template = templates?.kind === 'postgres' ? ` TEMPLATE ${templates.names[variant]}` : '';
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${dbName}${template}`));
    url = databaseUrl(adminUrl, dbName);
  } else if (templates?.kind === 'pglite') {
    loadDataDir = new Blob([fs.readFileSync(templates.files[variant])]);
  }
  const database = await openDatabase({ url, loadDataDir, logger: opts.logger });
  // On a seeded copy this only makes the token secret; the rest is already there.
  const { secret } = await bootstrap(database, config, { demoItems });
  const storage = await openStorage(database, dataDir);
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
    /** A company's id by its name, on the owner connection: tests set up across tenants. */
    async companyIdOf(name: string): Promise<string> {
      const [c] = await database.db.select({ id: company.id }).from(company).where(eq(company.name, name));
      if (!c) throw new Error(`no company named ${name}`);
      return c.id;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && dbName) await dropDatabase(adminUrl, dbName);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
