import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../bootstrap';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { appSetting } from '../db/schema/index';

/**
 * Creating and migrating a database took most of each API test file's setup. The test run does
 * it once per variant, from the migrations as they are now, and every test app starts from a
 * copy: a dumped PGlite data directory, or a PostgreSQL database created from a template.
 */

/** The settings every test app starts from; a test's own env goes on top. */
// Every answer of the tests is also written by zod's encode and compared (platform/serializer.ts).
export const baseEnv = { ENVIRONMENT: 'Test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000', RESPONSE_CHECK: 'compare' };

/** `empty`: migrated only, for settings that seed differently (Production, initial admin); bootstrap does the rest. */
export type Variant = 'empty' | 'plain' | 'items';
export type Templates = { kind: 'pglite'; files: Record<Variant, string> } | { kind: 'postgres'; names: Record<Variant, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates?: Templates;
  }
}

/** The variant whose copy equals what bootstrap would have made of a fresh database with this config. */
export function variantFor(config: Pick<Config, 'environment' | 'initialAdmin' | 'timeZone'>, demoItems: boolean): Variant {
  const base = loadConfig(baseEnv);
  const same = config.environment === base.environment && config.timeZone === base.timeZone && !config.initialAdmin;
  return !same ? 'empty' : demoItems ? 'items' : 'plain';
}

async function seed(database: Database, variant: Variant) {
  if (variant === 'empty') return;
  await bootstrap(database, loadConfig(baseEnv), { demoItems: variant === 'items' });
  // Without it each copy makes its own token secret when the harness bootstraps it, as a fresh database would.
  await database.db.delete(appSetting).where(eq(appSetting.key, 'token_secret'));
}

export function databaseUrl(adminUrl: string, name: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * pool.end() resolves before the sessions are gone; forcing the drop while they close makes their
 * sockets error after the test. Templates cannot be copied while a session is open either.
 */
export async function waitForNoSessions(admin: pg.Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  await withAdmin(adminUrl, async (admin) => {
    await waitForNoSessions(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** Builds the variants, the seeded ones from a copy of `empty`; `drop` removes them at the end of the run. */
export async function buildTemplates(adminUrl?: string): Promise<{ templates: Templates; drop(): Promise<void> }> {
  const variants: Variant[] = ['empty', 'plain', 'items'];
  if (adminUrl) {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const names = { empty: `pc_tpl_${id}_empty`, plain: `pc_tpl_${id}_plain`, items: `pc_tpl_${id}_items` };
    for (const variant of variants) {
      const template = variant === 'empty' ? '' : ` TEMPLATE ${names.empty}`;
      await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${names[variant]}${template}`));
      const database = await openDatabase({ url: databaseUrl(adminUrl, names[variant]) });
      await seed(database, variant);
      await database.close();
      await withAdmin(adminUrl, (admin) => waitForNoSessions(admin, names[variant]));
    }
    return {
      templates: { kind: 'postgres', names },
      drop: async () => {
        for (const name of Object.values(names)) await dropDatabase(adminUrl, name);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-template-'));
  const files = { empty: path.join(dir, 'empty.tar'), plain: path.join(dir, 'plain.tar'), items: path.join(dir, 'items.tar') };
  for (const variant of variants) {
    const loadDataDir = variant === 'empty' ? undefined : new Blob([fs.readFileSync(files.empty)]);
    const database = await openDatabase({ loadDataDir });
    await seed(database, variant);
    const tar = await database.dump!();
    fs.writeFileSync(files[variant], Buffer.from(await tar.arrayBuffer()));
    await database.close();
  }
  return {
    templates: { kind: 'pglite', files },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
