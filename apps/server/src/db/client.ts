import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, type DirectRows, directRows } from './types';

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
  /**
   * Runs `fn` while no other server process on this database runs start-up work (migrations,
   * bootstrap): a session advisory lock on PostgreSQL, held on a connection of its own and
   * released when `fn` settles or the process dies. PGlite has one process (the data-directory
   * lock), so there it simply runs `fn`.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: what autovacuum would do now (see maintainEmbedded); answers the tables it worked on. */
  maintain?(): Promise<string[]>;
}

/**
 * Advisory lock keys of this app, in the two-integer key space (docs/decisions/0016): the first
 * integer is the app's ('PC'), the second names what is locked.
 */
export const ADVISORY_LOCK_APP = 0x5043;
export const advisoryLocks = { startUp: 1, demoReset: 2, notify: 3 } as const;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from this dumped data directory (a tarball from `dumpDataDir`). */
  loadDataDir?: Blob;
  /** drizzle's query logger, for every statement of the app (the bench records a request's SQL with it). */
  logger?: Logger;
}

/** The query logger each database was opened with: prepared statements bypass drizzle, not the log. */
const loggers = new WeakMap<OwnerDb, Logger>();

const UUID_FORM = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_FORM}$`, 'i');

/** A statement prepared once per connection (`preparedOwnerStatement`). */
export interface PreparedStatement<Row> {
  /** Runs it on the owner connection. */
  (params: readonly string[]): Promise<Row[]>;
  /**
   * Runs it inside a transaction of the same database. On PGlite call `ready()` before that
   * transaction opens: while it is open, the one connection cannot prepare anything else.
   */
  inTransaction(tx: Db, params: readonly string[]): Promise<Row[]>;
  ready(): Promise<void>;
  /** The statement as the query logger records it. */
  readonly text: string;
}

/**
 * What a parameter of a prepared owner statement may hold: a uuid; a uuid or nothing, as text
 * (`uuid?`); a comma-separated list of uuids, as text; such a list or `#` and the key of a stored
 * set of them (`companies`, as `app.company_ids` holds them). PGlite gets them as literals (below), so
 * each is checked against its form and none can hold a quote.
 */
export type StatementParam = 'uuid' | 'uuid?' | 'uuids' | 'companies';
const PARAM_FORMS: Record<StatementParam, { type: string; form: RegExp }> = {
  uuid: { type: 'uuid', form: UUID },
  'uuid?': { type: 'text', form: new RegExp(`^(${UUID_FORM})?$`, 'i') },
  uuids: { type: 'text', form: new RegExp(`^(${UUID_FORM}(,${UUID_FORM})*)?$`, 'i') },
  // The visible companies as row-level security reads them: listed, or a stored set's key.
  companies: { type: 'text', form: new RegExp(`^(#[0-9a-f]{64}|${UUID_FORM}(,${UUID_FORM})*)?$`, 'i') },
};

/**
 * A statement of the owner connection that runs before every request (the authentication), so
 * that parsing and planning it each time shows: prepared once per connection. node-postgres
 * names it in the protocol. PGlite has no named protocol statements; there it is an SQL-level
 * PREPARE, executed with its parameters as literals, which is why each must match its form in
 * `paramKinds` (checked here). On PGlite this took the authentication statement from 2.6 to 1.0 ms.
 * Rows come back as the driver parses them: json parsed, arrays as arrays; timestamps differ
 * (node-postgres: Date, PGlite: text as drizzle wants it), so select them in a neutral form.
 */
/** True for the embedded database, which runs one transaction at a time for the whole process. */
export const oneTransactionAtATime = (db: OwnerDb) => (db as unknown as { $client: unknown }).$client instanceof PGlite;

export function preparedOwnerStatement<Row>(
  db: OwnerDb,
  name: string,
  text: string,
  paramKinds: readonly StatementParam[],
): PreparedStatement<Row> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const checkAndLog = (params: readonly string[]) => {
    if (params.length !== paramKinds.length || !params.every((p, i) => PARAM_FORMS[paramKinds[i]!].form.test(p))) {
      throw new Error(`${name}: parameters must match ${paramKinds.join(', ')}`);
    }
    loggers.get(db)?.logQuery(text, [...params]);
  };
  // drizzle keeps a transaction's own connection (pg's pool client, PGlite's transaction) here.
  const clientOf = (tx: Db) => (tx as unknown as { session: { client: Queryable } }).session.client;
  if (client instanceof PGlite) {
    let prepared: Promise<void> | null = null;
    const types = paramKinds.map((k) => PARAM_FORMS[k].type).join(', ');
    const ready = () =>
      // Another app on the same database (tests build several) may have prepared it already.
      (prepared ??= client
        .query('select 1 from pg_prepared_statements where name = $1', [name])
        .then(async (r) => {
          if (!r.rows.length) await client.exec(`PREPARE ${name}(${types}) AS ${text}`);
        })
        .catch((e: unknown) => {
          prepared = null;
          throw e;
        }));
    const execute = (params: readonly string[]) => `EXECUTE ${name}(${params.map((p) => `'${p}'`).join(', ')})`;
    return Object.assign(
      async (params: readonly string[]) => {
        checkAndLog(params);
        await ready();
        return (await client.query<Row>(execute(params))).rows;
      },
      {
        ready,
        text,
        async inTransaction(tx: Db, params: readonly string[]) {
          checkAndLog(params);
          if (!prepared) throw new Error(`${name}: call ready() before the transaction opens`);
          return (await clientOf(tx).query<Row>(execute(params))).rows;
        },
      },
    );
  }
  const run = async (on: Queryable, params: readonly string[]) => {
    checkAndLog(params);
    return (await on.query<Row>({ name, text, values: [...params] })).rows;
  };
  return Object.assign((params: readonly string[]) => run(client as unknown as Queryable, params), {
    ready: async () => undefined,
    text,
    inTransaction: (tx: Db, params: readonly string[]) => run(clientOf(tx), params),
  });
}

type Queryable = { query<R>(q: string | { name: string; text: string; values: string[] }): Promise<{ rows: R[] }> };

/** An open transaction of the owner connection, with what its first statement answered. */
export interface OpenTransaction<T> {
  tx: Db;
  value: T;
  /** Commits (true) or rolls back (false); rejects when the commit fails. */
  end(commit: boolean): Promise<void>;
}

class Rollback extends Error {}

/**
 * Opens a transaction and runs `first` as its opening work; rejects (rolled back) when `first`
 * throws. On node-postgres the `begin` goes out together with `first`'s statement instead of a
 * round trip ahead of it (the connection is pipelined), which every request pays for: its
 * authentication statement opens its transaction. drizzle only offers callback transactions
 * that await their `begin`, so this one is put together from drizzle's own session and
 * transaction classes. The transaction is handed out only once its `begin` has succeeded: had
 * it failed, the pipelined statement would have run outside any transaction, and the settings
 * it made transaction-local (the tenant's role) would not hold for the statements after it.
 */
export async function beginTransaction<T>(db: OwnerDb, first: (tx: Db) => Promise<T>): Promise<OpenTransaction<T>> {
  // drizzle keeps these private; they are what its own `transaction` passes on.
  type Dialect = ConstructorParameters<typeof NodePgSession>[1];
  const owner = db as unknown as {
    dialect: Dialect;
    session: { client: unknown; logger: Logger; schema: undefined; options: ConstructorParameters<typeof NodePgSession>[3] };
  };
  const pool = owner.session.client;
  if (!(pool instanceof pg.Pool)) return callbackTransaction(db, first);
  const client = await pool.connect();
  const { logger } = owner.session;
  const session = new NodePgSession(client, owner.dialect, owner.session.schema, owner.session.options);
  const tx = new NodePgTransaction(owner.dialect, session, owner.session.schema) as unknown as Db;
  const send = (statement: 'begin' | 'commit' | 'rollback') => {
    logger.logQuery(statement, []);
    return client.query(statement);
  };
  const finish = async (statement: 'commit' | 'rollback') => {
    try {
      await send(statement);
    } catch (e) {
      // The connection's state is unknown: it must not go back to the pool.
      client.release(e instanceof Error ? e : true);
      throw e;
    }
    client.release();
  };
  const begun = send('begin');
  // Called right away, so its first statement follows the begin onto the wire; a `first` that
  // throws before its first await rejects like one that throws later.
  const opening = (async () => first(tx))();
  const [begin, opened] = await Promise.allSettled([begun, opening]);
  if (begin.status === 'rejected') {
    client.release(begin.reason instanceof Error ? begin.reason : true);
    throw begin.reason;
  }
  if (opened.status === 'rejected') {
    await finish('rollback').catch(() => undefined);
    throw opened.reason;
  }
  // A second `end` answers as the first did instead of releasing the connection twice.
  let ending: Promise<void> | null = null;
  return { tx, value: opened.value, end: (commit) => (ending ??= finish(commit ? 'commit' : 'rollback')) };
}

/**
 * PGlite runs in this process and answers within microtasks, so a request that got its turn runs
 * to its end before the event loop moves on, and every request read in one loop iteration ran in
 * that iteration: 50 searches, 0.35 s and more. The event loop accepts one new connection per
 * iteration (seen with strace: one accept4 per epoll_pwait), so the 50th connection a client
 * opened at once waited 50 such iterations for its first answer, over autocannon's 10 s on a slow
 * machine. Transactions therefore start one per iteration, in the order they asked.
 */
const waiting: (() => void)[] = [];
function releaseOne() {
  waiting.shift()?.();
  // An immediate queued while immediates run waits for the next iteration.
  if (waiting.length > 0) setImmediate(releaseOne);
}
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(releaseOne);
  });
}

/** PGlite: drizzle's callback transaction, held open until `end`; started in its turn (above). */
async function callbackTransaction<T>(db: OwnerDb, first: (tx: Db) => Promise<T>): Promise<OpenTransaction<T>> {
  await nextTurn();
  return new Promise((resolveOpen, rejectOpen) => {
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((r) => (decide = r));
    let opened = false;
    const done = db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const value = await first(tx);
        opened = true;
        resolveOpen({
          tx,
          value,
          async end(commit) {
            decide(commit);
            await done;
          },
        });
        if (!(await decision)) throw new Rollback();
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return;
        if (!opened) rejectOpen(e);
        throw e;
      });
    // An open that failed is reported through rejectOpen; keep the promise from going unhandled.
    done.catch(() => undefined);
  });
}

/** The parsers drizzle's PGlite driver passes: timestamps, dates, intervals (and their arrays) stay text. */
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    (value: string) => value,
  ]),
);

const withoutParsers = (options?: QueryOptions) => (options?.parsers ? { ...options, parsers: undefined } : options);

/**
 * PGlite as drizzle drives it. drizzle passes its parsers with every query, and PGlite merges
 * them into its ~320 default parsers each time, then looks every column up in the merged copy:
 * about 0.1 ms per statement, three or four times per request. This instance has drizzle's
 * parsers as its own defaults and drops the per-query copies, so results are the same.
 * Statements sent past drizzle (`preparedOwnerStatement`, `queryRows`) get them too: timestamps as text.
 */
class DrizzlePGlite extends PGlite {
  readonly [directRows]: DirectRows = async (text, params) => (await this.query(text, params)).rows;

  static async open(options: PGliteOptions) {
    const client = new DrizzlePGlite(options);
    await client.waitReady;
    // After start-up, which builds the array types' parsers (drizzle's own replace some of them).
    Object.assign(client.parsers, DRIZZLE_PARSERS);
    return client;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, withoutParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return super.transaction((tx) =>
      callback(
        Object.create(tx, {
          query: { value: (q: string, p?: unknown[], o?: QueryOptions) => tx.query(q, p, withoutParsers(o)) },
          [directRows]: { value: (async (text, params) => (await tx.query(text, params)).rows) satisfies DirectRows },
        }),
      ),
    );
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = await open(opts);
  if (opts.logger) loggers.set(database.db, opts.logger);
  return database;
}

async function open(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // Pipelined: statements a transaction issues together (a list page and its count) go out
    // together instead of waiting for each other's answer. Each still ends in its own Sync, so
    // outside a transaction each is its own, as before. Without it, node-postgres queues them
    // itself, which it calls deprecated (removed in pg 9).
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, pipeline: true } as pg.PoolConfig);
    // An idle connection the server drops (restart, failover, admin termination) would otherwise
    // crash the process; the pool replaces it on the next checkout.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { logger: opts.logger }) as unknown as OwnerDb;
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_APP, advisoryLocks.startUp]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [ADVISORY_LOCK_APP, advisoryLocks.startUp]);
        }
      } finally {
        client.release();
      }
    };
    // Several instances may start at once: one migrates, the others wait and find nothing to do.
    await exclusive(async () => {
      await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`).catch(() => undefined);
      await migratePg(drizzlePg(pool), { migrationsFolder });
    }).catch(async (e) => {
      await pool.end();
      throw e;
    });
    return { db, kind: 'postgres', close: () => pool.end(), exclusive };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await DrizzlePGlite.open({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { logger: opts.logger }) as unknown as OwnerDb;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    exclusive: (fn) => fn(),
    maintain: () => maintainEmbedded(client),
  };
}

/**
 * The embedded database runs no autovacuum (one process, no background workers), so left alone
 * its tables are never analyzed (the planner guesses every table's size and spread: after a
 * notification pass it read 300,000 index entries to count to 100) and dead rows are never
 * reclaimed. This does what autovacuum would, with autovacuum's default thresholds: a table
 * with more than 50 + 20 % of its rows dead is vacuumed and analyzed, one with more than
 * 50 + 10 % changed since its last analysis analyzed. Each statement waits for the running
 * transaction and holds the database while it runs (ANALYZE samples at most 30,000 rows).
 */
export async function maintainEmbedded(client: PGlite): Promise<string[]> {
  // Counts reach the statistics views at most once a second; this statement's end sends them now.
  await client.exec('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(
    `select format('%I.%I', schemaname, relname) as name, n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
     from pg_stat_user_tables
     where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
     order by n_mod_since_analyze desc`,
  );
  for (const r of rows) await client.exec(`${r.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${r.name}`);
  return rows.map((r) => r.name);
}
