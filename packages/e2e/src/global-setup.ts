import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { launchShared } from './browser';
import { databaseUrl, psql, startServer } from './server';
import { buildServerBundle } from './server-bundle';

/**
 * Once per run: one Chromium every test file connects to, and the demo data every server starts
 * from (seeding took ~10 s of each file). E2E_DATABASE_URL (a PostgreSQL server's admin URL, as
 * in CI) runs the servers on PostgreSQL; without it they use the embedded database.
 */
export default async function setup(project: TestProject) {
  const [browser] = await Promise.all([launchShared(), buildServerBundle()]);
  project.provide('browserEndpoint', browser.wsEndpoint());

  const adminUrl = process.env.E2E_DATABASE_URL;
  const name = adminUrl ? `pc_e2e_tpl_${randomUUID().replaceAll('-', '').slice(0, 12)}` : undefined;
  if (adminUrl && name) psql(adminUrl, `CREATE DATABASE ${name}`);
  const seeded = await startServer(adminUrl && name ? { DATABASE_URL: databaseUrl(adminUrl, name) } : {}, undefined, {
    fresh: true,
  });
  await seeded.stop();
  project.provide('e2eTemplate', {
    dataDir: seeded.dataDir,
    postgres: adminUrl && name ? { adminUrl, name } : undefined,
  });

  return async () => {
    await browser.close();
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
    if (adminUrl && name) psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
