import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { lockDataDir } from './db/lock';
import { moveToPostgres } from './db/move';

/**
 * `npm run move-to-postgres -- --to postgres://…`: copies the installation in DATA_DIR (the
 * embedded database) into an empty PostgreSQL database and prints the rows of every table on both
 * sides. The server must be stopped (the data directory's lock says so); uploaded files stay in
 * DATA_DIR, which the server keeps using with DATABASE_URL set.
 */
async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error('Usage: npm run move-to-postgres -- --to postgres://user:password@host:5432/database');
    process.exit(2);
  }
  let dataDir: string;
  try {
    dataDir = loadConfig().dataDir;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const unlock = lockDataDir(dataDir);
  try {
    const counts = await moveToPostgres({
      dataDir: `${dataDir}/db`,
      to: values.to,
      log: (line) => console.log(`copied ${line}`),
    });
    const width = Math.max(...counts.map((c) => c.table.length));
    console.log(`\n${'table'.padEnd(width)}  ${'DATA_DIR'.padStart(9)}  ${'PostgreSQL'.padStart(10)}`);
    for (const c of counts) {
      console.log(
        `${c.table.padEnd(width)}  ${String(c.source).padStart(9)}  ${String(c.target).padStart(10)}${c.source === c.target ? '' : '  DIFFERENT'}`,
      );
    }
    const different = counts.filter((c) => c.source !== c.target);
    if (different.length) {
      console.error(`\n${different.length} tables differ: the move is not complete.`);
      process.exit(1);
    }
    console.log(
      `\nAll ${counts.length} tables match. Start the server with DATABASE_URL=${values.to.replace(/\/\/[^@]*@/, '//…@')} and the same DATA_DIR.`,
    );
  } finally {
    unlock();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
