import type { helpContentInputSchema } from '@pc/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { helpContent } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { notFound } from '../../platform/errors';

/**
 * Help contents are shared by every tenant. Reads take the request's transaction (pc_app may read
 * them); the operator's edits take the owner connection, which only the routes hold.
 */
type HelpInput = z.infer<typeof helpContentInputSchema>;
type Locale = 'de' | 'en';

export function helpFor(db: Db, route: string, locale: Locale) {
  return db
    .select()
    .from(helpContent)
    .where(and(eq(helpContent.route, route), eq(helpContent.locale, locale)))
    .orderBy(asc(helpContent.index));
}

/** Every route that has help in a language (the web's existence check, fetched once). */
export async function routesWithHelp(db: Db, locale: Locale) {
  const rows = await db.selectDistinct({ route: helpContent.route }).from(helpContent).where(eq(helpContent.locale, locale));
  return rows.map((x) => x.route);
}

export async function createHelp(db: Db, input: HelpInput) {
  const [row] = await db.insert(helpContent).values(input).returning();
  return row!;
}

export async function updateHelp(db: Db, id: string, input: HelpInput) {
  const [row] = await db
    .update(helpContent)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(helpContent.id, id))
    .returning();
  if (!row) throw notFound();
  return row;
}

export async function deleteHelp(db: Db, id: string) {
  const rows = await db.delete(helpContent).where(eq(helpContent.id, id)).returning({ id: helpContent.id });
  if (!rows.length) throw notFound();
}
