import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_APP, advisoryLocks, type OwnerDb } from '../../db/client';
import {
  appointment,
  appUser,
  company,
  initiation,
  item,
  itemCounter,
  itemHistory,
  tag,
  textModule,
} from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import { seedDemoItems } from '../../seed/demo-items';
import { demoCompanyProfile } from '../../seed/demo-profiles';

/**
 * Demo companies are reset seven days after creation: user changes are dropped,
 * the demo items recreated and the countdown restarts. Stateless, so it survives restarts: it
 * compares creation dates whenever it runs. A scheduled job across tenants: owner connection.
 *
 * Every server process schedules it; one at a time runs it (decision 0016): it runs in one
 * transaction holding an advisory lock, and a process that finds the lock taken skips this turn
 * (answers null). Whoever runs next sees the resets already done, so a company is reset once.
 */
export async function resetDueDemoCompanies(db: OwnerDb, opts: { timeZone: string; now: Date }): Promise<number | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [lock] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_APP}, ${advisoryLocks.demoReset}) as taken`,
    );
    return lock?.taken ? resetDue(tx, opts) : null;
  });
}

async function resetDue(db: Db, opts: { timeZone: string; now: Date }) {
  const due = await db
    .select({ id: company.id, agencyId: company.agencyId, createdAt: company.createdAt })
    .from(company)
    .where(and(eq(company.isDemo, true), lte(company.createdAt, new Date(opts.now.getTime() - 7 * 86_400_000))));
  for (const demo of due) {
    const [seeder] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.companyId, demo.agencyId ?? demo.id), eq(appUser.isActive, true)))
      .orderBy(asc(appUser.createdAt))
      .limit(1);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.delete(appointment).where(eq(appointment.companyId, demo.id));
      await tx.delete(item).where(eq(item.companyId, demo.id));
      await tx.delete(itemHistory).where(eq(itemHistory.companyId, demo.id));
      await tx.delete(itemCounter).where(eq(itemCounter.companyId, demo.id));
      await tx.delete(tag).where(eq(tag.companyId, demo.id));
      await tx.delete(textModule).where(eq(textModule.companyId, demo.id));
      // The wizard as well: one that was open at creation (the seeded demo company's) opens again
      // with nothing chosen; one finished at creation (an agency's filled demo company) stays so.
      await tx
        .update(initiation)
        .set({
          step: 0,
          isFinished: false,
          showReminder: true,
          dpoType: null,
          dpoEmail: '',
          processTemplateIds: [],
          processes: [],
          serviceAgreements: [],
          websites: [],
          clients: [],
          createDemo: false,
          autoGenerateMeasures: true,
          finishedAt: null,
          updatedAt: opts.now,
        })
        .where(
          and(eq(initiation.companyId, demo.id), or(isNull(initiation.finishedAt), gt(initiation.finishedAt, demo.createdAt))),
        );
      await tx.update(company).set({ createdAt: opts.now }).where(eq(company.id, demo.id));
      if (seeder)
        await seedDemoItems(tx, demo.id, seeder.id, {
          timeZone: opts.timeZone,
          now: opts.now,
          full: true,
          profile: demoCompanyProfile,
        });
    });
  }
  return due.length;
}
