import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for a test template. */
  dump?(): Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from this dumped data directory (a tarball from `dumpDataDir`). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server drops (restart, failover, admin termination) would otherwise
    // crash the process; the pool replaces it on the next checkout.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`).catch(() => undefined);
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/**
 * Runs `fn` in a transaction as the row-level-security role with the given companies visible.
 * Tenant-owned tables answer only rows of these companies, whatever the query says.
 */
export async function withTenant<T>(db: Db, companyIds: readonly string[], fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_ids', ${companyIds.join(',')}, true)`);
    await tx.execute(sql`set local role pc_app`);
    return fn(tx as unknown as Db);
  });
}

/** Raw SQL rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
