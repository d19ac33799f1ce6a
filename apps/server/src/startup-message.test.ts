import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/types';
import { DEMO_PASSWORD } from './seed/demo';
import { startupMessage } from './startup-message';
import { createTestApp, type TestApp } from './test/harness';

describe('start-up message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { demoItems: true });
  }, 120_000);
  afterAll(() => t?.close());

  it('lists every demo user who can sign in with the demo password', async () => {
    const text = startupMessage(t.config, { databaseKind: 'pglite', address: 'http://127.0.0.1:3000', seeded: 'demo' });
    const users = await queryRows<{ email: string }>(t.db, sql`select email from app_user where password_hash is not null`);
    expect(users.length).toBeGreaterThanOrEqual(4);
    for (const { email } of users) {
      expect(text, email).toContain(email);
      expect((await t.login(email, DEMO_PASSWORD)).statusCode, email).toBe(200);
    }
  });

  it('says the server is reachable from this machine only, and names nothing of the demo in Production', () => {
    const local = startupMessage(
      { productName: 'PC', port: 3000, host: '127.0.0.1', environment: 'Development' },
      { databaseKind: 'pglite', address: 'http://127.0.0.1:3000', seeded: 'none' },
    );
    expect(local).toContain('HOST=0.0.0.0');
    const production = startupMessage(
      { productName: 'PC', port: 3000, host: '0.0.0.0', environment: 'Production' },
      { databaseKind: 'postgres', address: 'http://0.0.0.0:3000', seeded: 'none' },
    );
    expect(production).not.toMatch(/demo/i);
  });
});
