import type { OwnerDb } from '../../db/client';
import { todayIn } from '../../platform/dates';
import type { BillingProvider } from './provider';

/**
 * Moves every contract along by date, across tenants on the owner connection:
 * ended trials and cancelled contracts become Ended, running ones are billed. Idempotent, so
 * several instances may run it; main.ts runs it at start-up and every ten minutes.
 */
export function advanceContracts(db: OwnerDb, provider: BillingProvider, o: { timeZone: string; now: Date }) {
  return db.transaction((tx) => provider.advance({ db: tx, today: todayIn(o.timeZone, o.now) }));
}
