import { and, eq, inArray } from 'drizzle-orm';
import {
  appUser,
  company,
  item,
  project,
  projectPlannedHours,
  projectRate,
  timeRecord,
  userCompany,
  userRole,
} from '../db/schema/index';
import type { Db } from '../db/types';
import { addDays, todayIn } from '../platform/dates';
import { demoUsers } from './demo';

/** A small deterministic generator (mulberry32): the same demo every time, no Math.random. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstOfMonth = (day: string, months = 0) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
};

type DemoProject = {
  key: 'dsb' | 'video' | 'retail' | 'logistics';
  companyId: string;
  name: string;
  validFrom: string;
  validUntil?: string;
  budgetHours: number;
  budgetPeriod: 'Month' | 'Project';
  flatRate?: number;
  hourlyRate: number;
  /** Planned hours of each month, by the month's distance from the project's first month. */
  plan: (monthIndex: number) => number;
  /** Relative share of the consultants' bookings. */
  weight: number;
  descriptions: string[];
};

/**
 * The agency's time demo: two more consultants, projects for three clients with
 * budgets, rates and plans, and about 2,000 records over the last twelve months by three people,
 * so every grouping of the time comparison shows figures. Inserted in bulk (a handful of
 * statements), because the demo is seeded at every test server start.
 */
export async function seedDemoTime(
  db: Db,
  c: { agency: string; bakery: string; handel: string },
  opts: { timeZone: string; now: Date; roles: Record<string, string>; adminEmail: string },
) {
  const today = todayIn(opts.timeZone, opts.now);
  const start = firstOfMonth(today, -12);
  const [admin] = await db
    .select({ id: appUser.id, passwordHash: appUser.passwordHash })
    .from(appUser)
    .where(eq(appUser.email, opts.adminEmail));
  const [logistics] = await db.select({ id: company.id }).from(company).where(eq(company.name, 'Beispiel Logistik GmbH'));
  // Lea may sign in (the demo password, copied from the administrator's hash instead of hashing
  // again): an editor who books and sees only her own records. Jonas only books.
  const consultants = await db
    .insert(appUser)
    .values([
      { email: 'jonas.berger@demo.local', firstname: 'Jonas', lastname: 'Berger', companyId: c.agency },
      {
        email: demoUsers.consultant,
        firstname: 'Lea',
        lastname: 'Lang',
        companyId: c.agency,
        passwordHash: admin!.passwordHash,
      },
    ])
    .returning({ id: appUser.id });
  const [jonas, lea] = consultants.map((u) => u.id) as [string, string];
  await db.insert(userRole).values([
    { userId: jonas, roleId: opts.roles.dpo! },
    { userId: lea, roleId: opts.roles.editor! },
  ]);
  await db.insert(userCompany).values([
    { userId: jonas, companyId: c.agency },
    { userId: lea, companyId: c.agency },
  ]);

  const videoFrom = firstOfMonth(today, -5);
  const projects: DemoProject[] = [
    {
      key: 'dsb',
      companyId: c.bakery,
      name: 'Externer Datenschutzbeauftragter',
      validFrom: start,
      budgetHours: 64,
      budgetPeriod: 'Month',
      flatRate: 4800,
      hourlyRate: 95,
      plan: (i) => [60, 64, 56, 60][i % 4]!,
      weight: 4,
      descriptions: [
        'Beratung Geschäftsführung',
        'Verzeichnis der Verarbeitungstätigkeiten aktualisiert',
        'Schulung der Mitarbeitenden',
        'Betroffenenanfrage beantwortet',
        'Löschkonzept überarbeitet',
        'Telefonat mit der Filialleitung',
      ],
    },
    {
      key: 'video',
      companyId: c.bakery,
      name: 'Videoüberwachung Filialen',
      validFrom: videoFrom,
      // Finished last month: this month is closed for it.
      validUntil: addDays(firstOfMonth(today), -1),
      budgetHours: 120,
      budgetPeriod: 'Project',
      hourlyRate: 110,
      plan: () => 24,
      weight: 1,
      descriptions: ['Datenschutz-Folgenabschätzung Kameras', 'Begehung Filiale Marktplatz', 'Hinweisschilder abgestimmt'],
    },
    {
      key: 'retail',
      companyId: c.handel,
      name: 'Datenschutzbetreuung Handel',
      validFrom: start,
      budgetHours: 80,
      budgetPeriod: 'Month',
      flatRate: 6000,
      hourlyRate: 95,
      plan: (i) => [72, 80, 76][i % 3]!,
      weight: 4,
      descriptions: [
        'Onlineshop: Cookie-Banner geprüft',
        'Newsletter-Einwilligungen geprüft',
        'Auftragsverarbeitungsvertrag Zahlungsdienstleister',
        'Audit Kundendatenbank',
        'Beratung Marketing',
      ],
    },
    {
      key: 'logistics',
      companyId: logistics!.id,
      name: 'Prüfung Auftragsverarbeitung',
      validFrom: start,
      budgetHours: 480,
      budgetPeriod: 'Project',
      hourlyRate: 105,
      plan: () => 40,
      weight: 2,
      descriptions: ['Technische und organisatorische Maßnahmen geprüft', 'Subunternehmer bewertet', 'Vor-Ort-Audit Lager'],
    },
  ];
  const rows = await db
    .insert(project)
    .values(
      projects.map((p) => ({
        companyId: p.companyId,
        name: p.name,
        validFrom: p.validFrom,
        validUntil: p.validUntil ?? null,
        budgetHours: p.budgetHours,
        budgetPeriod: p.budgetPeriod,
        flatRate: p.flatRate ?? null,
        hourlyRate: p.hourlyRate,
      })),
    )
    .returning({ id: project.id });
  const ids = Object.fromEntries(projects.map((p, i) => [p.key, rows[i]!.id])) as Record<DemoProject['key'], string>;
  await db.insert(projectRate).values([
    { projectId: ids.dsb, companyId: c.bakery, userId: jonas, hourlyRate: 85 },
    { projectId: ids.dsb, companyId: c.bakery, userId: lea, hourlyRate: 75 },
    { projectId: ids.retail, companyId: c.handel, userId: admin!.id, hourlyRate: 120 },
  ]);
  // Plans from the first month to two months ahead (within the project's validity).
  const plans: (typeof projectPlannedHours.$inferInsert)[] = [];
  projects.forEach((p, index) => {
    for (let i = 0; ; i++) {
      const month = firstOfMonth(p.validFrom, i);
      if (month > firstOfMonth(today, 2) || (p.validUntil && month > p.validUntil)) break;
      plans.push({ projectId: rows[index]!.id, companyId: p.companyId, month, hours: p.plan(i) });
    }
  });
  await db.insert(projectPlannedHours).values(plans);

  // Some records name an issue of their client (booked-for Issue).
  const issues = await db
    .select({ id: item.id, companyId: item.companyId })
    .from(item)
    .where(and(eq(item.type, 'issue'), inArray(item.companyId, [c.bakery, c.handel])));
  const issuesOf = (companyId: string) => issues.filter((i) => i.companyId === companyId).map((i) => i.id);

  const random = generator(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const quarterHours = [0.25, 0.5, 0.75, 1, 1, 1.25, 1.5, 1.5, 2, 2.5];
  const people = [admin!.id, jonas, lea];
  const records: (typeof timeRecord.$inferInsert)[] = [];
  for (let day = addDays(today, -364); day <= today; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const open = projects.filter((p) => p.validFrom <= day && (!p.validUntil || day <= p.validUntil));
    const weights = open.flatMap((p) => Array<DemoProject>(p.weight).fill(p));
    for (const userId of people) {
      if (random() < 0.05) continue;
      const count = 1 + Math.floor(random() * 4);
      for (let n = 0; n < count; n++) {
        const p = pick(weights);
        const linked = issuesOf(p.companyId);
        records.push({
          companyId: p.companyId,
          projectId: ids[p.key],
          userId,
          day,
          hours: pick(quarterHours),
          itemId: linked.length && random() < 0.2 ? pick(linked) : null,
          description: pick(p.descriptions),
          billable: random() > 0.1,
        });
      }
    }
  }
  // In slices: a statement's parameters are limited (65,535).
  for (let i = 0; i < records.length; i += 1000) await db.insert(timeRecord).values(records.slice(i, i + 1000));
  return { records: records.length };
}
