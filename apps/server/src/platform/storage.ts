import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Content-addressed file storage: bytes go in, a SHA-256 name comes out. */
export interface Storage {
  put(data: Buffer): Promise<string>;
  get(hash: string): Promise<Buffer | null>;
  /** A derived file (e.g. a resized logo) cached beside the original. */
  getDerived(key: string): Promise<Buffer | null>;
  putDerived(key: string, data: Buffer): Promise<void>;
}

const safe = (name: string) => /^[a-z0-9._-]+$/i.test(name);

export function diskStorage(root: string): Storage {
  const files = path.join(root, 'files');
  const cache = path.join(root, 'cache');
  const read = async (file: string) => {
    try {
      return await fs.readFile(file);
    } catch {
      return null;
    }
  };
  const write = async (dir: string, name: string, data: Buffer) => {
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, path.join(dir, name));
  };
  return {
    async put(data) {
      const hash = createHash('sha256').update(data).digest('hex');
      const file = path.join(files, hash.slice(0, 2), hash);
      if (!(await read(file))) await write(path.dirname(file), hash, data);
      return hash;
    },
    async get(hash) {
      if (!safe(hash)) return null;
      return read(path.join(files, hash.slice(0, 2), hash));
    },
    async getDerived(key) {
      if (!safe(key)) return null;
      return read(path.join(cache, key));
    },
    async putDerived(key, data) {
      if (!safe(key)) throw new Error('unsafe cache key');
      await write(cache, key, data);
    },
  };
}
