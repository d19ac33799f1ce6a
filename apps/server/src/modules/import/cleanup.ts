import { lt } from 'drizzle-orm';
import type { OwnerDb } from '../../db/client';
import { pendingImport } from '../../db/schema/index';

/** A checked file waits this long for its commit; the wizard is one sitting, not a draft store. */
export const PENDING_IMPORT_HOURS = 24;

/**
 * Removes checked import files nobody committed within PENDING_IMPORT_HOURS (the wizard closed,
 * the tab lost): their rows are a copy of someone's spreadsheet and should not linger. Across
 * tenants, so on the owner connection; any instance may run it, a second run finds nothing.
 */
export async function removeAbandonedImports(db: OwnerDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_IMPORT_HOURS * 3_600_000);
  const gone = await db.delete(pendingImport).where(lt(pendingImport.createdAt, cutoff)).returning({ id: pendingImport.id });
  return gone.length;
}
