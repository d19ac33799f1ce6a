import { type ItemTypeKey, itemInputSchema } from '@pc/shared';
import { eq } from 'drizzle-orm';
import { appUser, tag } from '../db/schema/index';
import type { Db } from '../db/types';
import { type ItemDeps, insertItems } from '../modules/items/service';
import { measureCatalogue } from '../modules/measures/catalogue';
import { addDays, todayIn } from '../platform/dates';
import { spreadDemoHistory } from './demo-history';
import { type DemoProfileKey, demoProfiles } from './demo-profiles';

type Spec = {
  type: ItemTypeKey;
  name: string;
  status?: number;
  due?: number | null;
  description?: string;
  data?: Record<string, unknown>;
};

/**
 * Believable German items of every type for one demo company, with due dates around
 * today so that overdue (red) and due-soon (yellow) states show up. The structure (types, counts,
 * statuses, due dates, links) is the same for every company; the texts come from the industry
 * profile (demo-profiles.ts), so that no two demo companies show the same items. Their history
 * is spread over the last weeks (demo-history.ts).
 */
export async function seedDemoItems(
  db: Db,
  companyId: string,
  userId: string,
  opts: { timeZone: string; now: Date; full: boolean; profile: DemoProfileKey },
) {
  const today = todayIn(opts.timeZone, opts.now);
  const day = (n: number | null | undefined) => (n === null || n === undefined ? null : addDays(today, n));
  const iso = (hoursAgo: number) => new Date(opts.now.getTime() - hoursAgo * 3_600_000).toISOString();
  const d: ItemDeps = { timeZone: opts.timeZone, now: () => opts.now };
  const p = demoProfiles[opts.profile];

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const ctx = {
      db: tx,
      claims: new Set<string>(),
      userId,
      companyId,
      companyIds: [companyId],
      scopeCompanyId: companyId,
      scopeCompanyIds: [companyId],
    };
    /** Tag ids by slot (the profile names them). */
    const tags = async <K extends string>(
      type: 'person-groups' | 'data-categories' | 'process-categories',
      names: Record<K, string>,
    ): Promise<Record<K, string>> => {
      const slots = Object.entries(names) as [K, string][];
      const rows = await tx
        .insert(tag)
        .values(slots.map(([, name]) => ({ companyId, type, name })))
        .returning({ id: tag.id, name: tag.name });
      const ids = new Map(rows.map((r) => [r.name, r.id]));
      return Object.fromEntries(slots.map(([slot, name]) => [slot, ids.get(name)!])) as Record<K, string>;
    };
    const pg = await tags('person-groups', p.tags.personGroups);
    const dc = await tags('data-categories', p.tags.dataCategories);
    const pc = await tags('process-categories', p.tags.processCategories);

    const seeded: string[] = [];
    const add = async (s: Spec) => {
      const input = itemInputSchema(s.type).parse({
        name: s.name,
        description: s.description ?? '',
        status: s.status ?? 0,
        dueDate: day(s.due),
        data: s.data ?? {},
      });
      const id = (await insertItems(d, ctx, s.type, [input], companyId))[0]!.id;
      seeded.push(id);
      return id;
    };

    const measures: string[] = [];
    for (const [i, m] of measureCatalogue.slice(0, opts.full ? 10 : 5).entries()) {
      measures.push(
        await add({
          type: 'measure',
          name: m.name.de,
          status: i % 3 === 0 ? 1 : 4,
          due: i % 3 === 0 ? 10 : null,
          data: {
            category: m.category,
            implementation: i % 3 === 0 ? 'partial' : 'implemented',
            catalogueKey: m.key,
            reviewDate: day(200),
          },
        }),
      );
    }
    const sp = [
      await add({
        type: 'storage-period',
        name: p.storagePeriods[0].name,
        status: 4,
        data: { ...storagePeriod(p.storagePeriods[0]), dataCategories: [dc.bank] },
      }),
      await add({
        type: 'storage-period',
        name: p.storagePeriods[1].name,
        status: 4,
        data: { ...storagePeriod(p.storagePeriods[1]), dataCategories: [dc.contract] },
      }),
      await add({
        type: 'storage-period',
        name: p.storagePeriods[2].name,
        status: 1,
        due: 20,
        data: { ...storagePeriod(p.storagePeriods[2]), dataCategories: [dc.master, dc.contact] },
      }),
    ];
    const sap = [
      await add({
        type: 'service-agreement-with-provider',
        name: p.processors[0].name,
        status: 4,
        data: {
          counterparty: p.processors[0].counterparty,
          subject: p.processors[0].subject,
          dataCategories: [dc.bank, dc.master],
          personGroups: [pg.employees],
          contractDate: day(-400),
          reviewDate: day(-5),
          signed: true,
        },
      }),
      await add({
        type: 'service-agreement-with-provider',
        name: p.processors[1].name,
        status: 1,
        due: 12,
        data: {
          counterparty: p.processors[1].counterparty,
          subject: p.processors[1].subject,
          thirdCountries: p.processors[1].thirdCountries,
          transferSafeguard: 'none',
          contractDate: day(-90),
          reviewDate: day(12),
          signed: false,
        },
      }),
    ];
    await add({
      type: 'service-agreement-with-client',
      name: p.client.name,
      status: 0,
      due: -3,
      data: { counterparty: p.client.counterparty, subject: p.client.subject, signed: false },
    });
    await add({
      type: 'service-agreement-with-shared-responsibility',
      name: p.joint.name,
      status: 1,
      due: 30,
      data: { counterparty: p.joint.counterparty, subject: p.joint.subject, signed: false },
    });

    const [payroll, applicants, customers, monitoring] = p.processes;
    const processes = [
      await add({
        type: 'process',
        name: payroll.name,
        status: 4,
        data: {
          role: 'controller',
          purposes: payroll.purposes,
          legalBases: ['art6_1_b', 'art6_1_c'],
          personGroups: [pg.employees],
          dataCategories: [dc.master, dc.bank],
          recipients: payroll.recipients,
          storagePeriods: [sp[0]],
          measures: measures.slice(0, 3),
          processors: [sap[0]],
          department: payroll.department,
          processCategories: [pc.hr],
        },
      }),
      await add({
        type: 'process',
        name: applicants.name,
        status: 1,
        due: 7,
        data: {
          role: 'controller',
          purposes: applicants.purposes,
          legalBases: ['art6_1_b'],
          personGroups: [pg.applicants],
          dataCategories: [dc.master, dc.contact],
          storagePeriods: [sp[2]],
          department: applicants.department,
          processCategories: [pc.hr],
        },
      }),
      await add({
        type: 'process',
        name: customers.name,
        status: 0,
        due: -4,
        data: {
          role: 'controller',
          purposes: customers.purposes,
          legalBases: ['art6_1_b', 'art6_1_f'],
          personGroups: [pg.customers],
          dataCategories: [dc.contact, dc.contract],
          processors: [sap[1]],
          department: customers.department,
          processCategories: [pc.sales],
        },
      }),
      await add({
        type: 'process',
        name: monitoring.name,
        status: 2,
        due: 3,
        data: {
          role: 'controller',
          purposes: monitoring.purposes,
          legalBases: ['art6_1_f'],
          personGroups: [pg.customers, pg.employees, pg.visitors],
          dataCategories: [dc.monitoring],
          department: monitoring.department,
          processCategories: [pc.security],
          dpiaRequired: true,
          dpiaReasons: monitoring.dpiaReasons,
        },
      }),
    ];
    // Organisation units for the diagram: the management with one unit per department that runs a process.
    const management = await add({
      type: 'organisation-unit',
      name: p.management,
      status: 4,
    });
    const departments = [...new Set(p.processes.map((x) => x.department))];
    for (const department of departments) {
      await add({
        type: 'organisation-unit',
        name: department,
        status: 4,
        data: {
          parentUnit: [management],
          processes: processes.filter((_, i) => p.processes[i]!.department === department),
        },
      });
    }
    await add({
      type: 'impact-assessment',
      name: p.dpia.name,
      status: 1,
      due: 14,
      data: {
        processes: [processes[3]],
        necessity: p.dpia.necessity,
        risks: [
          { description: p.dpia.risks[0], likelihood: 2, severity: 3 },
          { description: p.dpia.risks[1], likelihood: 1, severity: 3 },
        ],
        measures: measures.slice(0, 2),
        residualRisk: 'medium',
        dpoOpinion: p.dpia.dpoOpinion,
      },
    });

    await add({
      type: 'issue',
      name: p.issues[0],
      status: 0,
      due: -2,
      data: { priority: 'High', assignedDueDate: day(-5) },
    });
    await add({ type: 'issue', name: p.issues[1], status: 1, due: 4, data: { priority: 'High' } });
    await add({ type: 'issue', name: p.issues[2], status: 0, due: 25, data: { priority: 'Low' } });
    await add({ type: 'issue', name: p.issues[3], status: 4, due: -20, data: { priority: 'Low' } });

    await add({
      type: 'pdca-list',
      name: p.pdca[0],
      status: 1,
      due: 60,
      data: { phase: 'do', planStart: day(-60), planEnd: day(-30), doEnd: day(30), checkEnd: day(60), actEnd: day(90) },
    });
    await add({
      type: 'pdca-list',
      name: p.pdca[1],
      status: 0,
      due: -1,
      data: { phase: 'check', planEnd: day(-40), doEnd: day(-20), checkEnd: day(-1), actEnd: day(20) },
    });
    const [basics, followUp] = p.trainings;
    await add({
      type: 'training',
      name: basics.name,
      status: 4,
      data: {
        topic: basics.topic,
        date: day(-45),
        trainer: basics.trainer,
        participants: [
          { name: basics.participants[0], attended: true },
          { name: basics.participants[1], attended: true },
          { name: basics.participants[2], attended: false },
        ],
      },
    });
    await add({
      type: 'training',
      name: followUp.name,
      status: 0,
      due: 9,
      data: { topic: followUp.topic, date: day(9), trainer: followUp.trainer },
    });
    await add({
      type: 'audit',
      name: p.audit.name,
      status: 1,
      due: -6,
      data: {
        scope: p.audit.scope,
        auditor: p.audit.auditor,
        date: day(-6),
        findings: p.audit.findings,
        result: 'passedWithFindings',
      },
    });
    await add({
      type: 'website',
      name: p.website.name,
      status: 1,
      due: 11,
      data: {
        url: p.website.url,
        privacyNotice: true,
        imprint: true,
        cookieConsent: false,
        trackers: p.website.trackers,
        lastCheck: day(-200),
      },
    });
    await add({
      type: 'hr',
      name: p.hr[0].name,
      status: 0,
      due: 2,
      data: { employee: p.hr[0].employee, kind: 'confidentiality' },
    });
    await add({
      type: 'hr',
      name: p.hr[1].name,
      status: 4,
      data: { employee: p.hr[1].employee, kind: 'offboarding', signedOn: day(-15) },
    });
    await add({
      type: 'privacy-request',
      name: p.requests[0].name,
      status: 1,
      data: { requestType: 'access', requester: p.requests[0].requester, receivedDate: day(-20), identityVerified: true },
    });
    await add({
      type: 'privacy-request',
      name: p.requests[1].name,
      status: 0,
      data: { requestType: 'erasure', requester: p.requests[1].requester, receivedDate: day(-35) },
    });
    await add({
      type: 'data-breach',
      name: p.breach.name,
      status: 1,
      data: {
        discoveredAt: iso(30),
        occurredAt: iso(40),
        nature: p.breach.nature,
        personGroups: [pg.employees],
        dataCategories: [dc.bank],
        approxSubjects: 1,
        approxRecords: 1,
        consequences: p.breach.consequences,
        measuresTaken: p.breach.measuresTaken,
        riskLevel: 'risk',
      },
    });
    if (opts.full) {
      await add({
        // A running period from before the demo items were created, so "Bericht erzeugen" counts them.
        type: 'summary',
        name: p.summary,
        status: 1,
        due: 30,
        data: { periodFrom: day(-150), periodUntil: day(30) },
      });
      await add({
        type: 'standard-process',
        name: p.standardProcess.name,
        status: 4,
        data: {
          trigger: p.standardProcess.trigger,
          steps: p.standardProcess.steps,
          responsible: p.standardProcess.responsible,
        },
      });
      await add({
        type: 'concept',
        name: p.concept.name,
        status: 1,
        due: 40,
        data: {
          conceptType: 'deletion',
          sections: [
            { title: 'Geltungsbereich', content: p.concept.scope },
            { title: 'Löschklassen', content: p.concept.classes },
          ],
        },
      });
      await add({
        type: 'dynamic-document',
        name: p.dynamicDocument.name,
        status: 0,
        due: 15,
        data: { template: p.dynamicDocument.template },
      });
    }
    await spreadDemoHistory(tx, seeded, userId, opts.now, opts.timeZone);
  });
}

const storagePeriod = (s: { period: string; legalBasis: string; startEvent: string; deletionMethod: string }) => ({
  period: s.period,
  legalBasis: s.legalBasis,
  startEvent: s.startEvent,
  deletionMethod: s.deletionMethod,
});

/** The admin of the agency seeds the items; falls back to any user of the company. */
export async function demoSeedUser(db: Db, email: string) {
  const [u] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, email));
  return u!.id;
}
