import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

import type { Db } from './types';

/**
 * The owner connection: it bypasses row-level security. Only the modules listed in
 * platform/owner-access.test.ts may import this file; everything else works in the request's
 * tenant transaction.
 */
export type OwnerDb = Db & { readonly __owner: true };
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: OwnerDb;
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
    const db = drizzlePg(pool, { schema }) as unknown as OwnerDb;
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`).catch(() => undefined);
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as OwnerDb;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
