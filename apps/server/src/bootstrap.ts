import type { Config } from './config';
import type { Database } from './db/client';
import { isEmpty, seedDemo, seedInitialAdmin } from './db/seed/demo';
import { syncBuiltInRoles } from './platform/roles/built-in';
import { ensureSecret } from './platform/secret';

export type SeedOutcome = 'demo' | 'initial-admin' | 'none';

/** One-time and every-start work on the database: secret, built-in roles, first data. */
export async function bootstrap(database: Database, config: Pick<Config, 'environment' | 'initialAdmin'>) {
  const { db } = database;
  const secret = await ensureSecret(db);
  const roles = await syncBuiltInRoles(db);
  let seeded: SeedOutcome = 'none';
  if (await isEmpty(db)) {
    if (config.environment !== 'Production') {
      await seedDemo(db, roles);
      seeded = 'demo';
    } else if (config.initialAdmin) {
      await seedInitialAdmin(db, roles, config.initialAdmin);
      seeded = 'initial-admin';
    }
  }
  return { secret, roles, seeded };
}
