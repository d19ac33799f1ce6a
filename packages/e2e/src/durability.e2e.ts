import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { startServer } from './server';

const get = async (url: string, path: string, t: string) =>
  (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${t}` } })).json() as Promise<any>;

// Seeding the embedded database from scratch is the costly part of both tests: the lock test
// reuses the data directory the restart test leaves behind (or seeds its own when run alone).
let dataDir: string | undefined;
afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database across restarts', () => {
  // Starts three servers, the first seeding the embedded database from scratch.
  it('keeps every acknowledged write after a clean stop and after a crash', { timeout: 240_000 }, async () => {
    const first = await startServer({}, undefined, { pglite: true });
    dataDir = first.dataDir;
    const t1 = await accessToken(first.url, 'admin@demo.local');
    const companies = (await get(first.url, '/api/company/list-items', t1)) as { id: string; name: string }[];
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!;
    const put = await fetch(`${first.url}/api/user/scope`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t1}`, 'content-type': 'application/json' },
      body: JSON.stringify({ companyId: bakery.id }),
    });
    expect(put.status).toBe(200);
    // A crash right after the 2xx answer: no shutdown hook runs.
    await first.stop('SIGKILL');

    const second = await startServer({}, dataDir);
    const t2 = await accessToken(second.url, 'admin@demo.local');
    expect((await get(second.url, '/api/user/me', t2)).scopeCompany?.name).toBe('Bäckerei Schmidt');
    const again = (await get(second.url, '/api/company/list-items', t2)) as { id: string }[];
    // Same rows, not a second demo seed.
    expect(again.map((c) => c.id).sort()).toEqual(companies.map((c) => c.id).sort());
    expect(second.output()).not.toContain('Demo data created.');
    await second.stop('SIGTERM');

    const third = await startServer({}, dataDir);
    const t3 = await accessToken(third.url, 'admin@demo.local');
    expect((await get(third.url, '/api/user/me', t3)).scopeCompany?.name).toBe('Bäckerei Schmidt');
    await third.stop();
  });
});

describe('the data directory lock', () => {
  it('refuses a second server on the same data directory with a clear message', { timeout: 180_000 }, async () => {
    const first = await startServer({}, dataDir, { pglite: true });
    dataDir = first.dataDir;
    try {
      await expect(startServer({}, first.dataDir)).rejects.toThrow(/in use by process/);
    } finally {
      await first.stop();
    }
  });
});
