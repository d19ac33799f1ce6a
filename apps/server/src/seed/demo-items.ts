import { type ItemTypeKey, itemInputSchema } from '@pc/shared';
import { eq } from 'drizzle-orm';
import { appUser, tag } from '../db/schema/index';
import type { Db } from '../db/types';
import { type ItemDeps, insertItem } from '../modules/items/service';
import { addDays, todayIn } from '../modules/items/time';
import { measureCatalogue } from '../modules/measures/catalogue';

type Spec = {
  type: ItemTypeKey;
  name: string;
  status?: number;
  due?: number | null;
  description?: string;
  data?: Record<string, unknown>;
};

/**
 * Believable German items of every type for one demo company (design §7), with due dates around
 * today so that overdue (red) and due-soon (yellow) states show up.
 */
export async function seedDemoItems(
  db: Db,
  companyId: string,
  userId: string,
  opts: { timeZone: string; now: Date; full: boolean },
) {
  const today = todayIn(opts.timeZone, opts.now);
  const day = (n: number | null | undefined) => (n === null || n === undefined ? null : addDays(today, n));
  const iso = (hoursAgo: number) => new Date(opts.now.getTime() - hoursAgo * 3_600_000).toISOString();
  const d: ItemDeps = { timeZone: opts.timeZone, now: () => opts.now };

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
    const tags = async (type: 'person-groups' | 'data-categories' | 'process-categories', names: string[]) => {
      const rows = await tx
        .insert(tag)
        .values(names.map((name) => ({ companyId, type, name })))
        .returning({ id: tag.id, name: tag.name });
      return Object.fromEntries(rows.map((r) => [r.name, r.id]));
    };
    const pg = await tags('person-groups', ['Beschäftigte', 'Kunden', 'Bewerber', 'Lieferanten', 'Besucher']);
    const dc = await tags('data-categories', [
      'Stammdaten',
      'Kontaktdaten',
      'Bankdaten',
      'Gesundheitsdaten',
      'Bilddaten',
      'Vertragsdaten',
    ]);
    const pc = await tags('process-categories', ['Personal', 'Vertrieb', 'IT', 'Buchhaltung', 'Sicherheit']);

    const add = async (s: Spec) => {
      const input = itemInputSchema(s.type).parse({
        name: s.name,
        description: s.description ?? '',
        status: s.status ?? 0,
        dueDate: day(s.due),
        data: s.data ?? {},
      });
      return (await insertItem(d, ctx, s.type, input, companyId)).id;
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
        name: 'Lohn- und Gehaltsunterlagen',
        status: 4,
        data: {
          period: '6 Jahre',
          legalBasis: 'HGB § 257, AO § 147',
          startEvent: 'Ende des Kalenderjahres',
          deletionMethod: 'Löschung im Lohnprogramm',
          dataCategories: [dc.Bankdaten],
        },
      }),
      await add({
        type: 'storage-period',
        name: 'Buchungsbelege',
        status: 4,
        data: {
          period: '8 Jahre',
          legalBasis: 'HGB § 257 Abs. 4',
          startEvent: 'Ende des Kalenderjahres',
          deletionMethod: 'Aktenvernichtung DIN 66399 P-4',
          dataCategories: [dc.Vertragsdaten],
        },
      }),
      await add({
        type: 'storage-period',
        name: 'Bewerbungsunterlagen',
        status: 1,
        due: 20,
        data: {
          period: '6 Monate',
          legalBasis: 'AGG § 15 Abs. 4',
          startEvent: 'Absage',
          deletionMethod: 'Löschung im Bewerberportal',
          dataCategories: [dc.Stammdaten, dc.Kontaktdaten],
        },
      }),
    ];
    const sap = [
      await add({
        type: 'service-agreement-with-provider',
        name: 'AV-Vertrag Lohnbüro',
        status: 4,
        data: {
          counterparty: 'Lohnbüro Meier GmbH',
          subject: 'Lohn- und Gehaltsabrechnung',
          dataCategories: [dc.Bankdaten, dc.Stammdaten],
          personGroups: [pg.Beschäftigte],
          contractDate: day(-400),
          reviewDate: day(-5),
          signed: true,
        },
      }),
      await add({
        type: 'service-agreement-with-provider',
        name: 'AV-Vertrag Cloud-Hosting',
        status: 1,
        due: 12,
        data: {
          counterparty: 'Hosting Nord AG',
          subject: 'Betrieb der Warenwirtschaft',
          thirdCountries: 'keine',
          transferSafeguard: 'none',
          contractDate: day(-90),
          reviewDate: day(12),
          signed: false,
        },
      }),
    ];
    await add({
      type: 'service-agreement-with-client',
      name: 'AV-Vertrag Lieferservice für Kunden',
      status: 0,
      due: -3,
      data: { counterparty: 'Café am Markt', subject: 'Bestellabwicklung im Auftrag', signed: false },
    });
    await add({
      type: 'service-agreement-with-shared-responsibility',
      name: 'Vereinbarung gemeinsamer Kundenbonus',
      status: 1,
      due: 30,
      data: { counterparty: 'Einkaufsgemeinschaft Süd eG', subject: 'Gemeinsames Bonusprogramm (Art. 26 DSGVO)', signed: false },
    });

    const processes = [
      await add({
        type: 'process',
        name: 'Lohn- und Gehaltsabrechnung',
        status: 4,
        data: {
          role: 'controller',
          purposes: 'Abrechnung der Vergütung, Meldungen an Sozialversicherung und Finanzamt',
          legalBases: ['art6_1_b', 'art6_1_c'],
          personGroups: [pg.Beschäftigte],
          dataCategories: [dc.Stammdaten, dc.Bankdaten],
          recipients: 'Lohnbüro, Krankenkassen, Finanzamt',
          storagePeriods: [sp[0]],
          measures: measures.slice(0, 3),
          processors: [sap[0]],
          department: 'Personal',
          processCategories: [pc.Personal],
        },
      }),
      await add({
        type: 'process',
        name: 'Bewerbermanagement',
        status: 1,
        due: 7,
        data: {
          role: 'controller',
          purposes: 'Auswahl von Bewerberinnen und Bewerbern',
          legalBases: ['art6_1_b'],
          personGroups: [pg.Bewerber],
          dataCategories: [dc.Stammdaten, dc.Kontaktdaten],
          storagePeriods: [sp[2]],
          department: 'Personal',
          processCategories: [pc.Personal],
        },
      }),
      await add({
        type: 'process',
        name: 'Kundenverwaltung und Bestellungen',
        status: 0,
        due: -4,
        data: {
          role: 'controller',
          purposes: 'Vertragsabwicklung mit Kunden',
          legalBases: ['art6_1_b', 'art6_1_f'],
          personGroups: [pg.Kunden],
          dataCategories: [dc.Kontaktdaten, dc.Vertragsdaten],
          processors: [sap[1]],
          department: 'Vertrieb',
          processCategories: [pc.Vertrieb],
        },
      }),
      await add({
        type: 'process',
        name: 'Videoüberwachung Verkaufsraum',
        status: 2,
        due: 3,
        data: {
          role: 'controller',
          purposes: 'Schutz vor Diebstahl und Vandalismus',
          legalBases: ['art6_1_f'],
          personGroups: [pg.Kunden, pg.Beschäftigte, pg.Besucher],
          dataCategories: [dc.Bilddaten],
          department: 'Filialleitung',
          processCategories: [pc.Sicherheit],
          dpiaRequired: true,
          dpiaReasons: 'Systematische Überwachung öffentlich zugänglicher Bereiche (Art. 35 Abs. 3 lit. c DSGVO)',
        },
      }),
    ];
    await add({
      type: 'impact-assessment',
      name: 'DSFA Videoüberwachung',
      status: 1,
      due: 14,
      data: {
        processes: [processes[3]],
        necessity: 'Mildere Mittel (Spiegel, Personal) reichen nach zwei Einbrüchen nicht aus.',
        risks: [
          { description: 'Verhaltenskontrolle der Beschäftigten', likelihood: 2, severity: 3 },
          { description: 'Unbefugter Zugriff auf Aufnahmen', likelihood: 1, severity: 3 },
        ],
        measures: measures.slice(0, 2),
        residualRisk: 'medium',
        dpoOpinion: 'Vertretbar bei Speicherdauer von 72 Stunden und Hinweisschildern.',
      },
    });

    await add({
      type: 'issue',
      name: 'Verzeichnis der Verarbeitungstätigkeiten aktualisieren',
      status: 0,
      due: -2,
      data: { priority: 'High', assignedDueDate: day(-5) },
    });
    await add({
      type: 'issue',
      name: 'Hinweisschilder Videoüberwachung anbringen',
      status: 1,
      due: 4,
      data: { priority: 'High' },
    });
    await add({ type: 'issue', name: 'Löschkonzept mit IT abstimmen', status: 0, due: 25, data: { priority: 'Low' } });
    await add({ type: 'issue', name: 'Datenschutzhinweise Website prüfen', status: 4, due: -20, data: { priority: 'Low' } });

    await add({
      type: 'pdca-list',
      name: 'Jahreszyklus Datenschutz-Management',
      status: 1,
      due: 60,
      data: { phase: 'do', planStart: day(-60), planEnd: day(-30), doEnd: day(30), checkEnd: day(60), actEnd: day(90) },
    });
    await add({
      type: 'pdca-list',
      name: 'Überprüfung TOM',
      status: 0,
      due: -1,
      data: { phase: 'check', planEnd: day(-40), doEnd: day(-20), checkEnd: day(-1), actEnd: day(20) },
    });
    await add({
      type: 'training',
      name: 'Datenschutz-Grundschulung 2026',
      status: 4,
      data: {
        topic: 'Grundlagen der DSGVO',
        date: day(-45),
        trainer: 'Muster Datenschutz GmbH',
        participants: [
          { name: 'Julia Becker', attended: true },
          { name: 'Tom Wagner', attended: true },
          { name: 'Sabine Koch', attended: false },
        ],
      },
    });
    await add({
      type: 'training',
      name: 'Nachschulung Neue Beschäftigte',
      status: 0,
      due: 9,
      data: { topic: 'Vertraulichkeit und Umgang mit Kundendaten', date: day(9), trainer: 'Muster Datenschutz GmbH' },
    });
    await add({
      type: 'audit',
      name: 'Vor-Ort-Audit Filiale',
      status: 1,
      due: -6,
      data: {
        scope: 'Zutritt, Aktenvernichtung, Arbeitsplätze',
        auditor: 'Dr. Petra Hahn',
        date: day(-6),
        findings: 'Aktenvernichter fehlt im Backstubenbüro.',
        result: 'passedWithFindings',
      },
    });
    await add({
      type: 'website',
      name: 'Unternehmenswebsite',
      status: 1,
      due: 11,
      data: {
        url: 'https://www.baeckerei-schmidt.example',
        privacyNotice: true,
        imprint: true,
        cookieConsent: false,
        trackers: 'Google Fonts (extern eingebunden)',
        lastCheck: day(-200),
      },
    });
    await add({
      type: 'hr',
      name: 'Vertraulichkeitsverpflichtung neue Verkaufskraft',
      status: 0,
      due: 2,
      data: { employee: 'Lena Schäfer', kind: 'confidentiality' },
    });
    await add({
      type: 'hr',
      name: 'Offboarding Auszubildender',
      status: 4,
      data: { employee: 'Max Klein', kind: 'offboarding', signedOn: day(-15) },
    });
    await add({
      type: 'privacy-request',
      name: 'Auskunftsersuchen Frau Neumann',
      status: 1,
      data: { requestType: 'access', requester: 'Eva Neumann', receivedDate: day(-20), identityVerified: true },
    });
    await add({
      type: 'privacy-request',
      name: 'Löschverlangen Newsletter',
      status: 0,
      data: { requestType: 'erasure', requester: 'Karl Vogel', receivedDate: day(-35) },
    });
    await add({
      type: 'data-breach',
      name: 'Fehlversand Lohnabrechnung',
      status: 1,
      data: {
        discoveredAt: iso(30),
        occurredAt: iso(40),
        nature: 'Lohnabrechnung an falsche E-Mail-Adresse versandt',
        personGroups: [pg.Beschäftigte],
        dataCategories: [dc.Bankdaten],
        approxSubjects: 1,
        approxRecords: 1,
        consequences: 'Offenlegung von Gehalt und Bankverbindung',
        measuresTaken: 'Empfänger um Löschung gebeten, Bestätigung liegt vor',
        riskLevel: 'risk',
      },
    });
    if (opts.full) {
      await add({
        // A running period, so "Bericht erzeugen" counts the demo items (all created today).
        type: 'summary',
        name: 'Tätigkeitsbericht laufendes Halbjahr',
        status: 1,
        due: 30,
        data: { periodFrom: day(-150), periodUntil: day(30) },
      });
      await add({
        type: 'standard-process',
        name: 'Bearbeitung von Auskunftsersuchen',
        status: 4,
        data: {
          trigger: 'Eingang eines Ersuchens nach Art. 15 DSGVO',
          steps: '1. Identität prüfen\n2. Daten zusammenstellen\n3. Antwort binnen eines Monats',
          responsible: 'Datenschutzkoordination',
        },
      });
      await add({
        type: 'concept',
        name: 'Löschkonzept',
        status: 1,
        due: 40,
        data: {
          conceptType: 'deletion',
          sections: [
            { title: 'Geltungsbereich', content: 'Alle IT-Systeme und Papierakten.' },
            { title: 'Löschklassen', content: 'Nach Aufbewahrungsfristen gruppiert.' },
          ],
        },
      });
      await add({
        type: 'dynamic-document',
        name: 'Informationspflichten Beschäftigte',
        status: 0,
        due: 15,
        data: { template: 'Verantwortlich: {{company.name}}, {{company.addressLine1}}, {{company.zipCode}} {{company.city}}' },
      });
    }
  });
}

/** The admin of the agency seeds the items; falls back to any user of the company. */
export async function demoSeedUser(db: Db, email: string) {
  const [u] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, email));
  return u!.id;
}
