import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/types';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Reads the database catalogue (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set): a
 * table that holds a company's data — a company_id column or a foreign key to company — must
 * have row-level security enabled and at least one policy, so a new table cannot forget it.
 */
describe('row-level security in the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('covers every table with a company reference', async () => {
    const rows = await queryRows<{ table: string; rls: boolean; policies: number }>(
      t.db,
      sql`
      with company_tables as (
        select c.relname as t from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'company_id' and not a.attisdropped
        union
        select c.relname from pg_constraint k join pg_class c on c.oid = k.conrelid
        where k.contype = 'f' and k.confrelid = 'public.company'::regclass
        union select 'company'
      )
      select ct.t as table, c.relrowsecurity as rls,
             (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = ct.t) as policies
      from company_tables ct join pg_class c on c.relname = ct.t join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      order by 1`,
    );
    // The known tables are found, so the query itself cannot pass by finding nothing.
    expect(rows.map((r) => r.table)).toEqual(
      expect.arrayContaining([
        'company',
        'app_user',
        'user_company',
        'role',
        'item',
        'item_stat',
        'item_event',
        'tag',
        'attachment',
        'appointment',
        'webhook_endpoint',
        'webhook_delivery',
      ]),
    );
    const missing = rows.filter((r) => !r.rls || r.policies === 0).map((r) => r.table);
    expect(missing).toEqual([]);
  });

  it('keeps the owner-only tables out of the request role', async () => {
    const rows = await queryRows<{ table: string; privilege: string }>(
      t.db,
      sql`select table_name as table, privilege_type as privilege from information_schema.role_table_grants
          where grantee = 'pc_app'
            and table_name in ('refresh_token', 'app_setting', 'mail_outbox', 'help_content', 'terms_of_use', 'rate_limit', 'search_term')
          order by 1, 2`,
    );
    expect(rows).toEqual([
      { table: 'help_content', privilege: 'SELECT' },
      { table: 'mail_outbox', privilege: 'INSERT' },
      { table: 'terms_of_use', privilege: 'SELECT' },
    ]);
  });
});
