import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { queryRows } from '../db/types';
import { databaseUrl, dropDatabase, withAdmin } from '../test/template';
import { CHUNK_BYTES, databaseStorage, diskStorage, moveDiskFiles, openStorage, type Storage } from './storage';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A migrated database of its own: on PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
async function openTestDatabase() {
  const templates = inject('dbTemplates');
  if (adminUrl) {
    const name = `pc_test_storage_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const template = templates?.kind === 'postgres' ? ` TEMPLATE ${templates.names.empty}` : '';
    await withAdmin(adminUrl, (a) => a.query(`CREATE DATABASE ${name}${template}`));
    const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
    const close = async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    };
    return { database, close };
  }
  const loadDataDir = templates?.kind === 'pglite' ? new Blob([fs.readFileSync(templates.files.empty)]) : undefined;
  const database = await openDatabase({ loadDataDir });
  return { database, close: () => database.close() };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Bytes that differ from chunk to chunk, so a chunk written twice or out of order shows. */
const bytes = (size: number, seed = 1) => {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) b.writeUInt32LE((i * 2654435761 + seed) >>> 0, Math.min(i, size - 4));
  return b;
};

/** The buffer in pieces of 64 kB, as a request body arrives. */
async function* pieces(data: Buffer, failAfter?: number) {
  for (let i = 0; i < data.length; i += 65536) {
    if (failAfter !== undefined && i >= failAfter) throw new Error('client went away');
    yield data.subarray(i, i + 65536);
  }
}

async function readAll(storage: Storage, hash: string) {
  const file = await storage.getStream(hash);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const p of file.stream) parts.push(p as Buffer);
  return { size: file.size, data: Buffer.concat(parts) };
}

let database: Database;
let closeDatabase: () => Promise<void>;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-storage-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  ({ database, close: closeDatabase } = await openTestDatabase());
});
afterAll(async () => {
  await closeDatabase();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const rowsOf = async () =>
  queryRows<{ id: string; hash: string | null; size: string; chunks: number }>(
    database.db,
    sql`select f.id, f.hash, f.size::text as size, (select count(*)::int from stored_file_chunk c where c.file_id = f.id) as chunks
        from stored_file f order by f.hash`,
  );

const backends: [string, () => Storage][] = [
  ['on disk', () => diskStorage(tempDir())],
  // The database backend runs on whichever database the run has: it is PostgreSQL's at start-up.
  ['in the database', () => databaseStorage(database.db, tempDir())],
];

describe.each(backends)('file storage %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    await queryRows(database.db, sql`delete from stored_file`);
    storage = make();
  });

  it('streams a file in and out unchanged, named by its SHA-256, and keeps the same bytes once', async () => {
    const data = bytes(2 * CHUNK_BYTES + 12_345);
    const stored = await storage.putStream(pieces(data));
    expect(stored).toEqual({ hash: sha256(data), size: data.length });
    const back = await readAll(storage, stored.hash);
    expect(back!.size).toBe(data.length);
    expect(back!.data.equals(data)).toBe(true);
    // The same bytes again, as a stream and as a buffer: one file.
    expect(await storage.putStream(pieces(data))).toEqual(stored);
    expect(await storage.put(data)).toBe(stored.hash);
    expect((await storage.get(stored.hash))!.equals(data)).toBe(true);
    if (_name === 'in the database') {
      expect(await rowsOf()).toEqual([expect.objectContaining({ hash: stored.hash, size: String(data.length), chunks: 3 })]);
    }
  });

  it('stores small files from a buffer and answers null for unknown or malformed names', async () => {
    const hash = await storage.put(Buffer.from('logo'));
    expect(hash).toBe(sha256(Buffer.from('logo')));
    expect((await storage.get(hash))!.toString()).toBe('logo');
    expect(await storage.get(sha256(Buffer.from('never stored')))).toBeNull();
    expect(await storage.getStream(sha256(Buffer.from('never stored')))).toBeNull();
    expect(await storage.get('../../etc/passwd')).toBeNull();
    expect(await storage.getStream('ABC')).toBeNull();
  });

  it('keeps nothing of an upload that breaks off, and two identical uploads at once are one file', async () => {
    const data = bytes(3 * CHUNK_BYTES, 7);
    await expect(storage.putStream(pieces(data, 2 * CHUNK_BYTES))).rejects.toThrow('client went away');
    expect(await storage.getStream(sha256(data))).toBeNull();
    const [a, b] = await Promise.all([storage.putStream(pieces(data)), storage.putStream(pieces(data))]);
    expect(a).toEqual(b);
    expect((await readAll(storage, a.hash))!.data.equals(data)).toBe(true);
    if (_name === 'in the database') {
      const rows = await rowsOf();
      // No unfinished row is left, and the file is there once.
      expect(rows.filter((r) => r.hash === null)).toEqual([]);
      expect(rows.filter((r) => r.hash === a.hash)).toHaveLength(1);
    }
  });

  it('caches derived files and refuses unsafe cache keys', async () => {
    expect(await storage.getDerived('logo-x.png')).toBeNull();
    await storage.putDerived('logo-x.png', Buffer.from('small'));
    expect((await storage.getDerived('logo-x.png'))!.toString()).toBe('small');
    await expect(storage.putDerived('../x', Buffer.from('no'))).rejects.toThrow('unsafe');
  });
});

describe('the files tables', () => {
  it('are out of the request role: who may read a file is decided by the rows naming its hash', async () => {
    const grants = await queryRows<{ table: string }>(
      database.db,
      sql`select table_name as table from information_schema.role_table_grants
          where grantee = 'pc_app' and table_name in ('stored_file', 'stored_file_chunk')`,
    );
    expect(grants).toEqual([]);
  });
});

describe('moving DATA_DIR/files into the database', () => {
  it('moves what is on disk once, leaves what is no stored file, and finds nothing the second time', async () => {
    await queryRows(database.db, sql`delete from stored_file`);
    const dataDir = tempDir();
    const disk = diskStorage(dataDir);
    const files = [bytes(10), bytes(CHUNK_BYTES + 1, 3), Buffer.from('%PDF-1.4 alt')];
    const hashes = await Promise.all(files.map((f) => disk.put(f)));
    // A file whose bytes no longer match its name, and a leftover temporary file.
    const wrong = sha256(Buffer.from('other'));
    fs.mkdirSync(path.join(dataDir, 'files', wrong.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', wrong.slice(0, 2), wrong), 'changed');
    fs.writeFileSync(path.join(dataDir, 'files', '.upload.1.tmp'), 'half');
    // An upload a crashed process left two days ago goes; one being written now stays.
    await queryRows(database.db, sql`insert into stored_file (hash, created_at) values (null, now() - interval '2 days')`);
    await queryRows(database.db, sql`insert into stored_file (hash) values (null)`);

    const log: string[] = [];
    const start = async () => {
      if (database.kind === 'postgres') return openStorage(database, dataDir, (m) => log.push(m));
      // PGlite keeps files on disk; its start-up moves nothing, so the step is run directly.
      const storage = databaseStorage(database.db, dataDir);
      await moveDiskFiles(storage, dataDir, (m) => log.push(m));
      return storage;
    };
    const storage = await start();
    for (const [i, hash] of hashes.entries()) {
      expect((await storage.get(hash))!.equals(files[i]!), hash).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'files', hash.slice(0, 2), hash))).toBe(false);
    }
    expect(fs.readFileSync(path.join(dataDir, 'files', wrong.slice(0, 2), wrong), 'utf8')).toBe('changed');
    expect(fs.existsSync(path.join(dataDir, 'files', '.upload.1.tmp'))).toBe(true);
    expect(log.filter((m) => m.includes('moved 3 file(s)'))).toHaveLength(1);
    expect(log.filter((m) => m.includes('does not match its name'))).toHaveLength(1);
    const after = await rowsOf();
    if (database.kind === 'postgres') expect(after.filter((r) => r.hash === null)).toHaveLength(1);

    // The second start moves nothing new: the same rows, and only the mismatch is named again.
    log.length = 0;
    await start();
    expect(await rowsOf()).toEqual(after);
    expect(log.filter((m) => m.includes('moved'))).toEqual([]);
  });
});
