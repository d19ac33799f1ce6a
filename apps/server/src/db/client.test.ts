import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { queryRows } from './types';

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
