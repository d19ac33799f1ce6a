import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap';
import { queryRows } from './db/types';
import { createTestApp } from './test/harness';

describe('first start in production', () => {
  it('creates no demo data, only the configured first administrator, and only once', async () => {
    const t = await createTestApp({
      ENVIRONMENT: 'Production',
      INITIAL_ADMIN_EMAIL: 'chefin@kanzlei-weber.de',
      INITIAL_ADMIN_PASSWORD: 'Sicher!2026x',
    });
    try {
      expect((await t.login('admin@demo.local')).json()).toMatchObject({ error: 'invalid_grant' });
      const res = await t.login('chefin@kanzlei-weber.de', 'Sicher!2026x');
      expect(res.statusCode).toBe(200);
      const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(res.json().access_token) })).json();
      expect(me.claims).toContain('Company.Write');
      expect(me.claims).toContain('Platform.Manage');
      const companies = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(res.json().access_token) })).json();
      expect(companies.map((c: { name: string }) => c.name)).toEqual(['kanzlei-weber.de']);

      // A restart with the same settings seeds nothing more.
      const again = await bootstrap(t.database, t.config);
      expect(again.seeded).toBe('none');
      expect(await queryRows(t.db, sql`select count(*)::int as n from app_user`)).toEqual([{ n: 1 }]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('without INITIAL_ADMIN_* stays empty: nobody can log in', async () => {
    const t = await createTestApp({ ENVIRONMENT: 'Production' });
    try {
      expect((await t.login('admin@demo.local')).statusCode).toBe(400);
      expect(await queryRows(t.db, sql`select count(*)::int as n from company`)).toEqual([{ n: 0 }]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
