import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { beginTransaction } from './client';
import { type Db, queryRows } from './types';

/**
 * drizzle hands PGlite its parsers with every query, which PGlite merged into its ~320 defaults
 * each time; the app's PGlite has them as defaults instead (db/client.ts, `DrizzlePGlite`).
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite as drizzle drives it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends no parsers with a query, in a transaction or not, and still answers timestamps as drizzle wants them', async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const query = PGlite.prototype.query;
    const transaction = PGlite.prototype.transaction;
    const spies = [
      vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, q, p, o) {
        seen.push(o);
        return query.call(this, q, p, o);
      }),
      vi.spyOn(PGlite.prototype, 'transaction').mockImplementation(function (this: PGlite, callback) {
        return transaction.call(this, (tx) =>
          callback(
            Object.create(tx, {
              query: {
                value: (q: string, p?: unknown[], o?: QueryOptions) => {
                  seen.push(o);
                  return tx.query(q, p, o);
                },
              },
            }) as Transaction,
          ),
        );
      }),
    ];
    try {
      const probe = sql`select timestamptz '2026-11-25 10:00:00.5+00' as at, date '2026-11-25' as day, interval '1 day' as span`;
      const alone = await queryRows<Record<string, unknown>>(t.db, probe);
      const inTx = await t.db.transaction((tx) => queryRows<Record<string, unknown>>(tx, probe));
      for (const rows of [alone, inTx]) {
        expect(rows).toEqual([{ at: '2026-11-25 10:00:00.5+00', day: '2026-11-25', span: '1 day' }]);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((o) => o?.parsers)).toEqual([]);
    const client = (t.db as unknown as { $client: PGlite }).$client;
    expect(client.parsers[types.TIMESTAMPTZ]!('x', types.TIMESTAMPTZ)).toBe('x');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('send the statements of a transaction together, and a failing one rolls it back and leaves the pool usable', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      expect((client as unknown as { pipeline: boolean }).pipeline).toBe(true);
    } finally {
      client.release();
    }
    const failed = await t.db
      .transaction(async (tx) => {
        const [first, broken, after] = await Promise.allSettled([
          tx.execute(sql`select 1 as n`),
          tx.execute(sql`select 1 / 0 as n`),
          tx.execute(sql`select 2 as n`),
        ]);
        expect(first.status).toBe('fulfilled');
        expect(broken.status).toBe('rejected');
        // The transaction is aborted from the failing statement on, already sent or not.
        expect(after.status).toBe('rejected');
        throw (broken as PromiseRejectedResult).reason;
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((failed as Error & { cause?: Error })?.cause?.message ?? failed)).toMatch(/division by zero/);
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queryRows<{ n: number }>(t.db, sql`select ${i}::int as n`)),
    );
    expect(rows.map((r) => r[0]!.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});

describe('a transaction opened with its first statement (beginTransaction)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`create table tx_probe (n int)`);
  });
  afterAll(() => t.close());
  const probe = (tx: Db) => queryRows<{ v: string | null }>(tx, sql`select current_setting('app.probe', true) as v`);
  const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from tx_probe`))[0]!.n;

  it('runs the first statement inside the transaction, keeps its writes on commit and drops them on rollback', async () => {
    for (const commit of [true, false]) {
      const before = await count();
      const open = await beginTransaction(t.db, async (tx) => {
        await tx.execute(sql`select set_config('app.probe', 'opened', true)`);
        await tx.execute(sql`insert into tx_probe values (1)`);
        return 'value';
      });
      expect(open.value).toBe('value');
      // A transaction-local setting of the first statement holds for the next: same transaction.
      expect(await probe(open.tx)).toEqual([{ v: 'opened' }]);
      await open.end(commit);
      expect(await count()).toBe(before + (commit ? 1 : 0));
    }
    // Nothing of it stays on the connections.
    const after = await Promise.all(Array.from({ length: 4 }, () => probe(t.db)));
    expect(after.flat().map((r) => r.v ?? '')).toEqual(['', '', '', '']);
  });

  it('rolls back and rejects when the first work throws', async () => {
    const before = await count();
    await expect(
      beginTransaction(t.db, async (tx) => {
        await tx.execute(sql`insert into tx_probe values (2)`);
        throw new Error('turned away');
      }),
    ).rejects.toThrow('turned away');
    expect(await count()).toBe(before);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'on PGlite starts one transaction per event-loop iteration, in the order asked',
    async () => {
      // Iterations counted by an immediate that re-queues itself (it runs once per iteration).
      let iteration = 0;
      let counting = true;
      const tick = () => {
        iteration++;
        if (counting) setImmediate(tick);
      };
      setImmediate(tick);
      const started: [number, number][] = [];
      await Promise.all(
        [1, 2, 3, 4].map(async (n) => {
          const open = await beginTransaction(t.db, async (tx) => {
            started.push([n, iteration]);
            return probe(tx);
          });
          await open.end(true);
        }),
      );
      counting = false;
      // Asked within one iteration, they used to run back to back in it, so that the event loop read
      // and accepted nothing until all were done.
      expect(started.map(([n]) => n)).toEqual([1, 2, 3, 4]);
      const iterations = started.map(([, i]) => i);
      expect(new Set(iterations).size).toBe(4);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL sends the begin without waiting for its answer', async () => {
    let beginInFlight: boolean | undefined;
    const open = await beginTransaction(t.db, async (tx) => {
      const client = (tx as unknown as { session: { client: { _activeQuery?: { text?: string } } } }).session.client;
      // The begin is sent and not yet answered when the first statement goes out behind it.
      beginInFlight = client._activeQuery?.text === 'begin';
      return queryRows(tx, sql`select 1`);
    });
    await open.end(true);
    expect(beginInFlight).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL rejects when the begin fails, and drops that connection', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const { Client } = await import('pg');
    const query = Client.prototype.query;
    const spy = vi.spyOn(Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === 'begin') return Promise.reject(new Error('begin refused')) as never;
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    let used: unknown;
    try {
      await expect(
        beginTransaction(t.db, async (tx) => {
          used = (tx as unknown as { session: { client: unknown } }).session.client;
          return queryRows(tx, sql`select 1`);
        }),
      ).rejects.toThrow('begin refused');
    } finally {
      spy.mockRestore();
    }
    expect(used).toBeDefined();
    // Its state is unknown (the statement behind the begin ran outside any transaction): closed, not pooled.
    expect((pool as unknown as { _clients: unknown[] })._clients).not.toContain(used);
    // The pool still serves.
    expect(await queryRows<{ n: number }>(t.db, sql`select 3::int as n`)).toEqual([{ n: 3 }]);
  });
});

describe('raw statements (queryRows)', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { logger: { logQuery: (query) => void logged.push(query) } });
  });
  afterAll(() => t.close());
  const probe = sql`select ${'a text'}::text as s, ${7}::int as n, 1.5::numeric as num, '{"k": [1, "x"]}'::jsonb as j,
    array['x', 'y'] as xs, array[1, 2] as ns, timestamptz '2026-11-25 10:00:00.5+00' as at, date '2026-11-25' as day,
    null::text as nothing, true as yes`;

  it('answer exactly what drizzle’s execute answers, in a transaction or not, and reach the query log', async () => {
    for (const run of [(f: (db: Db) => Promise<unknown>) => f(t.db), (f: (db: Db) => Promise<unknown>) => t.db.transaction(f)]) {
      const drizzle = (await run((db) => db.execute(probe))) as { rows: unknown[] };
      logged.length = 0;
      const rows = await run((db) => queryRows(db, probe));
      expect(rows).toEqual(drizzle.rows);
      expect(logged.filter((q) => q.includes('as nothing'))).toHaveLength(1);
    }
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('on PGlite go past drizzle’s per-statement prepared query', async () => {
    const { PglitePreparedQuery } = await import('drizzle-orm/pglite/session');
    const spy = vi.spyOn(PglitePreparedQuery.prototype, 'execute');
    try {
      await queryRows(t.db, probe);
      await t.db.transaction((tx) => queryRows(tx, probe));
      expect(spy).not.toHaveBeenCalled();
      await t.db.execute(probe);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
