import type { Config } from './config';
import type { Database } from './db/client';
import { seedHelp } from './modules/help/seed';
import { syncBuiltInRoles } from './platform/roles/built-in';
import { ensureSecret } from './platform/secret';
import { demoUsers, isEmpty, seedDemo, seedInitialAdmin } from './seed/demo';
import { demoSeedUser, seedDemoItems } from './seed/demo-items';
import { seedDemoInbox } from './seed/demo-notifications';
import { demoCompanyProfile } from './seed/demo-profiles';
import { seedDemoTime } from './seed/demo-time';

export type SeedOutcome = 'demo' | 'initial-admin' | 'none';

/**
 * One-time and every-start work on the database: secret, built-in roles, first data. Instances
 * starting together take turns (Database.exclusive), so only the first seeds an empty database.
 */
export function bootstrap(
  database: Database,
  config: Pick<Config, 'environment' | 'initialAdmin' | 'timeZone'>,
  opts: { demoItems?: boolean; now?: Date } = {},
) {
  return database.exclusive(() => bootstrapNow(database, config, opts));
}

async function bootstrapNow(
  database: Database,
  config: Pick<Config, 'environment' | 'initialAdmin' | 'timeZone'>,
  opts: { demoItems?: boolean; now?: Date },
) {
  const { db } = database;
  const secret = await ensureSecret(db);
  const roles = await syncBuiltInRoles(db);
  await seedHelp(db);
  let seeded: SeedOutcome = 'none';
  if (await isEmpty(db)) {
    if (config.environment !== 'Production') {
      const c = await seedDemo(db, roles);
      if (opts.demoItems !== false) {
        const userId = await demoSeedUser(db, demoUsers.admin);
        const other = await demoSeedUser(db, demoUsers.other);
        const now = opts.now ?? new Date();
        const o = { timeZone: config.timeZone, now };
        // Each company its own industry: no item shows up in two companies.
        await seedDemoItems(db, c.bakery, userId, { ...o, full: true, profile: 'bakery' });
        await seedDemoItems(db, c.handel, userId, { ...o, full: false, profile: 'retail' });
        await seedDemoItems(db, c.demo, userId, { ...o, full: true, profile: demoCompanyProfile });
        await seedDemoItems(db, c.foreign, other, { ...o, full: false, profile: 'it-services' });
        await seedDemoTime(db, c, { ...o, roles, adminEmail: demoUsers.admin });
        await seedDemoInbox(db, o);
      }
      seeded = 'demo';
    } else if (config.initialAdmin) {
      await seedInitialAdmin(db, roles, config.initialAdmin);
      seeded = 'initial-admin';
    }
  }
  return { secret, roles, seeded };
}
