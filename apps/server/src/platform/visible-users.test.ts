import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/types';
import { createTestApp, type TestApp } from '../test/harness';
import { asTenant } from '../test/helpers';
import { visibleCompanies } from './tenancy';

/**
 * app_user's read policy computes the readable users once per transaction (migration 0025); a
 * write in the same transaction and a changed company setting must show at once, and nothing
 * may carry over to the next transaction.
 */
describe('readable users within one request', () => {
  let t: TestApp;
  let reader: { userId: string; companyIds: readonly string[] };
  let bakery: string;

  beforeAll(async () => {
    t = await createTestApp();
    const id = async (email: string) =>
      (await queryRows<{ id: string }>(t.db, sql`select id::text from app_user where email = ${email}`))[0]!.id;
    const readerId = await id('reader@demo.local');
    reader = { userId: readerId, companyIds: (await visibleCompanies(t.db, readerId)).ids };
    [bakery] = reader.companyIds;
  });
  afterAll(() => t.close());

  const emails = (db: Parameters<Parameters<typeof asTenant>[2]>[0]) =>
    queryRows<{ email: string }>(db, sql`select email from app_user order by email`).then((r) => r.map((x) => x.email));

  it('shows a user created in the same transaction to the next statement, and not to the next transaction', async () => {
    const [before, after] = await asTenant(t, reader, async (db) => {
      const first = await emails(db);
      await db.execute(sql`insert into app_user (email, company_id) values ('new@bakery.test', ${bakery})`);
      return [first, await emails(db)];
    });
    expect(before).toContain('reader@demo.local');
    expect(before).not.toContain('other@demo.local');
    expect(after).toEqual([...before, 'new@bakery.test'].sort());
    // Rolled back: the user and what it showed are gone.
    expect(await asTenant(t, reader, emails)).toEqual(before);
  });

  it('recomputes when the tenant setting changes within the transaction', async () => {
    const [all, none] = await asTenant(t, reader, async (db) => {
      const first = await emails(db);
      await db.execute(sql`select set_config('app.company_ids', '', true)`);
      return [first, await emails(db)];
    });
    expect(all.length).toBeGreaterThan(1);
    expect(none).toEqual(['reader@demo.local']);
  });
});
