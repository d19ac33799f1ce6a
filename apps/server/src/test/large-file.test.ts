import type { ChildProcess } from 'node:child_process';
import { createHash, randomFillSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { DEMO_PASSWORD } from '../seed/demo';
import { startServerProcess } from './server-process';
import { databaseUrl, dropDatabase, withAdmin } from './template';

/**
 * A 100 MB attachment goes up and comes down through the API of a real server process (on
 * PostgreSQL when TEST_DATABASE_URL is set: into the database; else onto the disk) while the
 * server's peak resident memory grows by less than 50 MB: the file streams through, it is never
 * held whole. The peak is the kernel's own high-water mark (VmHWM), reset just before, so the
 * check does not depend on when memory is sampled.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MB = 1024 * 1024;
const FILE_BYTES = 100 * MB;
const BOUNDARY = '----pc-large-file';

const memoryOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

/** A file of `size` random bytes made as it is sent, hashed on the way. */
function generated(size: number) {
  const hash = createHash('sha256');
  async function* body() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    for (let sent = 0; sent < size; ) {
      // Every byte value, so a transfer that alters bytes (a text decoding) shows in the hash.
      const piece = randomFillSync(Buffer.allocUnsafe(Math.min(MB, size - sent)));
      hash.update(piece);
      sent += piece.length;
      yield piece;
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return { body, digest: () => hash.digest('hex') };
}

describe('a 100 MB attachment through a server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-large-'));
  const name = `pc_test_large_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let child: ChildProcess | undefined;
  let base: string;
  let headers: Record<string, string>;
  let issue: string;

  beforeAll(async () => {
    // Started from the run's seeded template (demo companies and users), as test apps are.
    const templates = inject('dbTemplates');
    let url: string | undefined;
    if (adminUrl) {
      const template = templates?.kind === 'postgres' ? ` TEMPLATE ${templates.names.plain}` : '';
      await withAdmin(adminUrl, (a) => a.query(`CREATE DATABASE ${name}${template}`));
      url = databaseUrl(adminUrl, name);
    } else if (templates?.kind === 'pglite') {
      const loadDataDir = new Blob([fs.readFileSync(templates.files.plain)]);
      await (await openDatabase({ dataDir: path.join(dataDir, 'db'), loadDataDir })).close();
    }
    const server = await startServerProcess(url, dataDir, { ATTACHMENT_MAX_MB: '128' });
    ({ base, child } = server);
    const login = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const companies = (await (await fetch(`${base}/api/company/list-items`, { headers })).json()) as {
      id: string;
      name: string;
    }[];
    headers['x-tenant'] = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
    const created = await fetch(`${base}/api/issue`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Großer Anhang', data: { priority: 'Low' } }),
    });
    issue = ((await created.json()) as { id: string }).id;
  }, 150_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    if (adminUrl) await dropDatabase(adminUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (size: number) => {
    const file = generated(size);
    const sent = fetch(`${base}/api/issue/${issue}/attachment`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Readable.toWeb(Readable.from(file.body())) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    return sent.then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { id: string; size: number },
      digest: file.digest(),
    }));
  };

  const download = async (id: string) => {
    const res = await fetch(`${base}/api/attachment/${id}/download`, { headers });
    const hash = createHash('sha256');
    let size = 0;
    for await (const piece of res.body as AsyncIterable<Uint8Array>) {
      hash.update(piece);
      size += piece.byteLength;
    }
    return { status: res.status, length: Number(res.headers.get('content-length')), size, digest: hash.digest('hex') };
  };

  it('uploads and downloads it with the server growing by less than 50 MB at its peak', async () => {
    // A first small round trip, so what every request sets up once is in place before measuring.
    const warm = await upload(8 * MB);
    expect(warm.status).toBe(201);
    expect((await download(warm.body.id)).digest).toBe(warm.digest);

    const pid = child!.pid!;
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = memoryOf(pid);
    const up = await upload(FILE_BYTES);
    expect(up.status).toBe(201);
    expect(up.body.size).toBe(FILE_BYTES);
    const down = await download(up.body.id);
    expect(down).toEqual({ status: 200, length: FILE_BYTES, size: FILE_BYTES, digest: up.digest });
    const grown = memoryOf(pid).peak - before.rss;
    expect(grown, `peak RSS grew by ${(grown / MB).toFixed(1)} MB`).toBeLessThan(50 * MB);
  }, 300_000);
});
