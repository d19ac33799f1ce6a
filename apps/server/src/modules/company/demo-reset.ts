import { and, asc, eq, lte } from 'drizzle-orm';
import type { OwnerDb } from '../../db/client';
import { appointment, appUser, company, item, itemCounter, itemHistory, tag, textModule } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { seedDemoItems } from '../../seed/demo-items';
import { demoCompanyProfile } from '../../seed/demo-profiles';

/**
 * Demo companies are reset seven days after creation (spec 000 §9): user changes are dropped,
 * the demo items recreated and the countdown restarts. Stateless, so it survives restarts: it
 * compares creation dates whenever it runs. A scheduled job across tenants: owner connection.
 */
export async function resetDueDemoCompanies(db: OwnerDb, opts: { timeZone: string; now: Date }) {
  const due = await db
    .select({ id: company.id, agencyId: company.agencyId })
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
