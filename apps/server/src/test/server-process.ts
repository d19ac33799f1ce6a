import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The real server, as `npm start` runs it, on the given database (PostgreSQL by its URL, or the
 * embedded one in `dataDir` when `url` is undefined); answers once /api/health does.
 */
export async function startServerProcess(url: string | undefined, dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  let out = '';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ENVIRONMENT: 'Test',
    LOG_LEVEL: 'warn',
    ...env,
  };
  if (!url) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates and seeds first: allow for that on a busy machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, child };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
