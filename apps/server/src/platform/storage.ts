import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database, OwnerDb } from '../db/client';
import { queryRows } from '../db/types';
import { sqlState } from './errors';

/** A stored file: its content hash (SHA-256, hex) and its size in bytes. */
export interface StoredFile {
  hash: string;
  size: number;
}

/** The bytes arriving for a file; each piece is read only after the previous one was written. */
export type FileSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Content-addressed file storage: bytes go in, a SHA-256 name comes out. The streaming pair
 * never holds a whole file; the Buffer pair is for small files a caller holds anyway (logos,
 * avatars, generated PDFs).
 */
export interface Storage {
  /** Stores a file while hashing it; the same bytes stored twice are kept once. */
  putStream(source: FileSource): Promise<StoredFile>;
  /** The file with this hash as a stream, with its size; null when there is none. */
  getStream(hash: string): Promise<{ size: number; stream: Readable } | null>;
  /** Whether the file with this hash is stored, without reading it. */
  has(hash: string): Promise<boolean>;
  put(data: Buffer): Promise<string>;
  get(hash: string): Promise<Buffer | null>;
  /** A derived file (e.g. a resized logo) cached beside the original. */
  getDerived(key: string): Promise<Buffer | null>;
  putDerived(key: string, data: Buffer): Promise<void>;
}

const safe = (name: string) => /^[a-z0-9._-]+$/i.test(name);
const isHash = (name: string) => /^[0-9a-f]{64}$/.test(name);

async function readWhole(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Passes the pieces on while hashing and counting them. */
function hashing(source: FileSource) {
  const hash = createHash('sha256');
  let size = 0;
  return {
    pieces: (async function* () {
      for await (const piece of source) {
        hash.update(piece);
        size += piece.byteLength;
        yield piece;
      }
    })(),
    done: (): StoredFile => ({ hash: hash.digest('hex'), size }),
  };
}

/**
 * Derived files (resized logos) stay on each instance's own disk, also when the originals live
 * in the database: each is made again from its original when missing.
 */
function diskCache(root: string): Pick<Storage, 'getDerived' | 'putDerived'> {
  const cache = path.join(root, 'cache');
  return {
    async getDerived(key) {
      if (!safe(key)) return null;
      return fsp.readFile(path.join(cache, key)).catch(() => null);
    },
    async putDerived(key, data) {
      if (!safe(key)) throw new Error('unsafe cache key');
      await fsp.mkdir(cache, { recursive: true });
      const tmp = path.join(cache, `.${key}.${process.pid}.tmp`);
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, path.join(cache, key));
    },
  };
}

/** Files under DATA_DIR/files, in folders named after the hash's first two characters. */
export function diskStorage(root: string): Storage {
  const files = path.join(root, 'files');
  const fileOf = (hash: string) => path.join(files, hash.slice(0, 2), hash);
  const storage: Storage = {
    ...diskCache(root),
    async putStream(source) {
      await fsp.mkdir(files, { recursive: true });
      // Written under a name no reader asks for, then renamed: a reader never sees half a file.
      const tmp = path.join(files, `.upload.${process.pid}.${randomUUID()}.tmp`);
      const h = hashing(source);
      try {
        await pipeline(h.pieces, fs.createWriteStream(tmp));
        const stored = h.done();
        await fsp.mkdir(path.dirname(fileOf(stored.hash)), { recursive: true });
        // The same bytes under the same name: replacing a file another upload wrote is harmless.
        await fsp.rename(tmp, fileOf(stored.hash));
        return stored;
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    },
    async getStream(hash) {
      if (!isHash(hash)) return null;
      const stat = await fsp.stat(fileOf(hash)).catch(() => null);
      return stat ? { size: stat.size, stream: fs.createReadStream(fileOf(hash)) } : null;
    },
    async has(hash) {
      return isHash(hash) && !!(await fsp.stat(fileOf(hash)).catch(() => null));
    },
    async put(data) {
      const hash = createHash('sha256').update(data).digest('hex');
      if (await storage.has(hash)) return hash;
      return (await storage.putStream([data])).hash;
    },
    async get(hash) {
      if (!isHash(hash)) return null;
      return fsp.readFile(fileOf(hash)).catch(() => null);
    },
  };
  return storage;
}

/**
 * A quarter of a megabyte per chunk row. With 1 MB the server's peak memory grew by up to 50 MB
 * while a 100 MB file went through: the driver grows its buffers by doubling for each large
 * message (and reads bytea as hex text), garbage the collector keeps a while.
 */
export const CHUNK_BYTES = 256 * 1024;

/** The pieces regrouped into chunks of `size` bytes (the last one shorter). */
async function* chunked(source: FileSource, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (length + rest.length >= size) {
      const take = size - length;
      parts.push(rest.subarray(0, take));
      yield Buffer.concat(parts, size);
      parts = [];
      length = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      parts.push(rest);
      length += rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(parts, length);
}

/**
 * Files in PostgreSQL (tables stored_file and stored_file_chunk), so that instances on several
 * machines share them through the database alone. Every statement is a short one of its own on
 * the owner connection: a slow upload holds no connection between its chunks, and no
 * transaction stays open while a client sends or reads.
 */
export function databaseStorage(db: OwnerDb, dataDir: string): Storage {
  const find = async (hash: string) =>
    (await queryRows<{ id: string; size: string }>(db, sql`select id, size from stored_file where hash = ${hash}`))[0];
  const drop = (id: string) => queryRows(db, sql`delete from stored_file where id = ${id}`);
  const readChunk = async (id: string, seq: number) =>
    (await queryRows<{ data: Uint8Array }>(db, sql`select data from stored_file_chunk where file_id = ${id} and seq = ${seq}`))[0]
      ?.data;
  const storage: Storage = {
    ...diskCache(dataDir),
    async putStream(source) {
      // Written under a row without a hash, which no reader finds; the hash is set once all is in.
      const [pending] = await queryRows<{ id: string }>(db, sql`insert into stored_file (hash) values (null) returning id`);
      const id = pending!.id;
      try {
        const h = hashing(source);
        let seq = 0;
        for await (const chunk of chunked(h.pieces, CHUNK_BYTES)) {
          await queryRows(db, sql`insert into stored_file_chunk (file_id, seq, data) values (${id}, ${seq++}, ${chunk})`);
        }
        const stored = h.done();
        // The same bytes stored before (or by another upload at this moment) are kept once.
        const named = await queryRows(
          db,
          sql`update stored_file set hash = ${stored.hash}, size = ${stored.size}
              where id = ${id} and not exists (select 1 from stored_file where hash = ${stored.hash})
              returning id`,
        ).catch((e: unknown) => {
          if (sqlState(e) === '23505') return [];
          throw e;
        });
        if (named.length === 0) await drop(id);
        return stored;
      } catch (e) {
        await drop(id).catch(() => undefined);
        throw e;
      }
    },
    async getStream(hash) {
      if (!isHash(hash)) return null;
      const file = await find(hash);
      if (!file) return null;
      const size = Number(file.size);
      async function* chunks() {
        let sent = 0;
        for (let seq = 0; sent < size; seq++) {
          const data = await readChunk(file!.id, seq);
          if (!data) throw new Error(`stored file ${hash}: chunk ${seq} is missing`);
          sent += data.length;
          yield data;
        }
      }
      return { size, stream: Readable.from(chunks(), { objectMode: false }) };
    },
    async has(hash) {
      return isHash(hash) && !!(await find(hash));
    },
    async put(data) {
      const hash = createHash('sha256').update(data).digest('hex');
      if (await storage.has(hash)) return hash;
      return (await storage.putStream([data])).hash;
    },
    async get(hash) {
      const file = await storage.getStream(hash);
      return file ? readWhole(file.stream) : null;
    },
  };
  return storage;
}

/**
 * Moves the files of DATA_DIR/files into the database, each deleted from the disk once it is
 * there: an installation that switches to PostgreSQL, or updates to this version, keeps its
 * files. Run under the start-up lock, so instances sharing a volume do not move a file twice;
 * a move cut short goes on at the next start, and a finished one finds nothing. A file whose
 * bytes no longer match its name, and names that are no hash, stay where they are.
 */
export async function moveDiskFiles(storage: Storage, dataDir: string, log: (message: string) => void) {
  const root = path.join(dataDir, 'files');
  const dirs = await fsp.readdir(root, { withFileTypes: true }).catch(() => []);
  let moved = 0;
  for (const dir of dirs) {
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue;
    const folder = path.join(root, dir.name);
    for (const name of await fsp.readdir(folder)) {
      if (!isHash(name) || !name.startsWith(dir.name)) continue;
      const file = path.join(folder, name);
      const stored = await storage.putStream(fs.createReadStream(file));
      if (stored.hash !== name) {
        log(`file storage: ${file} does not match its name and stays on disk`);
        continue;
      }
      await fsp.rm(file);
      moved++;
    }
    await fsp.rmdir(folder).catch(() => undefined);
  }
  await fsp.rmdir(root).catch(() => undefined);
  if (moved > 0) log(`file storage: moved ${moved} file(s) from ${root} into the database`);
  return moved;
}

/**
 * The storage of this installation: on PostgreSQL the database (after moving what is left on
 * disk, and sweeping uploads a crashed process left unfinished for a day), on PGlite the disk.
 */
export async function openStorage(
  database: Database,
  dataDir: string,
  log: (message: string) => void = (m) => console.info(m),
): Promise<Storage> {
  if (database.kind !== 'postgres') return diskStorage(dataDir);
  const storage = databaseStorage(database.db, dataDir);
  await database.exclusive(async () => {
    await queryRows(database.db, sql`delete from stored_file where hash is null and created_at < now() - interval '1 day'`);
    await moveDiskFiles(storage, dataDir, log);
  });
  return storage;
}
