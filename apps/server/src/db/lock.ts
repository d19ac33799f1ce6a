import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: a second server on the same directory would corrupt it.
 * The lock names the owning process; a lock left by a crashed process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.pid');
  const held = Number.parseInt(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', 10);
  if (Number.isInteger(held) && held !== process.pid && alive(held)) {
    throw new Error(`The data directory ${dir} is in use by process ${held}. Stop it first or set another DATA_DIR.`);
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
