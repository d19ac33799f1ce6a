import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { diskStorage } from '../platform/storage';
import { DEMO_PASSWORD } from '../seed/demo';
import { baseEnv, databaseUrl, dropDatabase, withAdmin } from '../test/template';
import { openDatabase } from './client';
import { moveToPostgres } from './move';

const adminUrl = process.env.TEST_DATABASE_URL;
const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/auth/token',
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

// The target is a PostgreSQL server: this runs in the API tests' PostgreSQL pass (CI's api-postgres stage).
describe.skipIf(!adminUrl)('move-to-postgres', () => {
  it('copies the demo installation into an empty database: every table alike, sessions go on', { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-move-'));
    const config = loadConfig({ ...baseEnv, DATA_DIR: dir });
    const storage = diskStorage(dir);

    // The embedded installation, with the demo and a logged-in session.
    const source = await openDatabase({ dataDir: `${dir}/db` });
    const before = await bootstrap(source, config);
    const app = await buildApp({ config, database: source, storage, secret: before.secret });
    const login = await app.inject(form({ grant_type: 'password', username: 'admin@demo.local', password: DEMO_PASSWORD }));
    expect(login.statusCode, login.body).toBe(200);
    const { refresh_token } = login.json() as { refresh_token: string };
    const companies = (
      await app.inject({ url: '/api/company/list-items', headers: { authorization: `Bearer ${login.json().access_token}` } })
    ).json();
    await app.close();
    await source.close();

    const name = `pc_move_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await withAdmin(adminUrl!, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const url = databaseUrl(adminUrl!, name);
    try {
      const lines: string[] = [];
      const counts = await moveToPostgres({ dataDir: `${dir}/db`, to: url, log: (l) => lines.push(l) });
      expect(counts.filter((c) => c.source !== c.target)).toEqual([]);
      const rows = Object.fromEntries(counts.map((c) => [c.table, c.target]));
      expect(rows.item).toBeGreaterThan(100);
      expect(rows.app_user).toBeGreaterThanOrEqual(4);
      expect(rows.time_record).toBeGreaterThan(1000);
      expect(lines).toHaveLength(counts.length);

      // The server on PostgreSQL: nothing seeded again, the same secret, the old refresh token works.
      const target = await openDatabase({ url });
      const after = await bootstrap(target, config);
      expect(after.seeded).toBe('none');
      expect(after.secret).toBe(before.secret);
      const moved = await buildApp({ config, database: target, storage, secret: after.secret });
      const refreshed = await moved.inject(form({ grant_type: 'refresh_token', refresh_token }));
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const token = refreshed.json().access_token as string;
      const list = await moved.inject({ url: '/api/company/list-items', headers: { authorization: `Bearer ${token}` } });
      expect(list.json()).toEqual(companies);
      await moved.close();
      await target.close();

      // Into a database that holds data, nothing is copied.
      await expect(moveToPostgres({ dataDir: `${dir}/db`, to: url })).rejects.toThrow(/not empty/);
    } finally {
      await dropDatabase(adminUrl!, name);
    }
  });
});
