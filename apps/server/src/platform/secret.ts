import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSetting } from '../db/schema/index';
import type { Db } from '../db/types';

/**
 * The token signing secret lives in the database, created on first start, so every process on
 * the same database agrees on it and no configuration is needed.
 */
export async function ensureSecret(db: Db, key = 'token_secret'): Promise<string> {
  await db
    .insert(appSetting)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, key));
  return row!.value;
}
