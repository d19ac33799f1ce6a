import { type Logger, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A database handle. In request code it is always the request's tenant transaction (role
 * pc_app, row-level security on); only the modules allowed to import `db/client` ever hold the
 * owner connection (see platform/owner-access.test.ts). Without drizzle's relational queries
 * (`db.query.*`): nothing uses them, and with the schema attached drizzle built a query builder
 * for each of its tables in every transaction it opened, i.e. on every request.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Set by a driver client (db/client.ts: PGlite) that answers a statement's rows exactly as
 * drizzle's `execute` would. Going past drizzle saves its per-statement prepared-query object,
 * with its parser tables, and its span and cache wrappers: 0.1 ms of a list request on PGlite.
 */
export const directRows = Symbol('directRows');
export type DirectRows = (text: string, params: unknown[]) => Promise<unknown[]>;

type DrizzleInternals = {
  session: { client: { [directRows]?: DirectRows }; logger: Logger };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
};

/** Raw SQL rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as DrizzleInternals;
  const direct = session.client[directRows];
  if (direct) {
    const { sql, params } = dialect.sqlToQuery(query);
    session.logger.logQuery(sql, params);
    return (await direct(sql, params)) as T[];
  }
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A name quoted as an SQL identifier (tables and columns read from the catalogue, cursor names). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A query's rows `pageRows` at a time from a cursor in the caller's transaction: the caller holds
 * one page, however many rows the query answers, and all pages come from one snapshot. The cursor
 * closes when the loop ends, finished, broken off or failed.
 */
export async function* cursorPages<T>(db: Db, name: string, query: SQL, pageRows: number): AsyncGenerator<T[]> {
  const cursor = sql.raw(ident(name));
  await db.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
  try {
    for (;;) {
      const page = await queryRows<T>(db, sql`fetch ${sql.raw(String(pageRows))} from ${cursor}`);
      if (page.length) yield page;
      if (page.length < pageRows) return;
    }
  } finally {
    await db.execute(sql`close ${cursor}`);
  }
}

/**
 * A list as one array parameter (`= any(${arrayParam(ids)}::uuid[])`): one bound value however
 * long the list, so the statement's text and plan stay the same. For values without commas,
 * quotes, braces or spaces: uuids, type keys, field keys.
 */
export const arrayParam = (values: readonly string[]) => `{${values.join(',')}}`;
