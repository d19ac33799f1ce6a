import { count } from 'drizzle-orm';
import { helpContent } from '../../db/schema/index';
import type { Db } from '../../db/types';

type Page = { route: string; de: string[]; en: string[] };

/** Built-in help for the main screens; administrators can edit it afterwards. */
const pages: Page[] = [
  {
    route: '/home',
    de: [
      '# Dashboard\nDas Dashboard zeigt den Stand Ihres Datenschutz-Managements im gewählten Mandanten.\nJede Kachel führt mit einem Klick in ihr Register.',
      '# Kacheln ausblenden\nÜber das Optionsmenü blenden Sie Kacheln aus und wieder ein.\nDie Auswahl wird für Ihr Benutzerkonto gespeichert.',
    ],
    en: [
      '# Dashboard\nThe dashboard shows the state of your privacy management in the chosen company.\nEvery tile opens its register with one click.',
      '# Hiding tiles\nUse the options menu to hide tiles and show them again.\nThe choice is stored for your account.',
    ],
  },
  {
    route: '/process',
    de: [
      '# Verarbeitungstätigkeiten\nHier führen Sie das Verzeichnis nach Art. 30 DSGVO: Zwecke, Rechtsgrundlagen, Betroffene, Datenkategorien, Empfänger, Fristen und Maßnahmen.',
      '# Rolle\nAls **Verantwortlicher** (Art. 30 Abs. 1) oder als **Auftragsverarbeiter** (Art. 30 Abs. 2) – die Rolle legen Sie je Tätigkeit fest.',
    ],
    en: [
      '# Processing activities\nKeep the record of processing activities (Art. 30 GDPR) here: purposes, legal bases, data subjects, data categories, recipients, periods and measures.',
      '# Role\nAs **controller** (Art. 30(1)) or as **processor** (Art. 30(2)) – set the role per activity.',
    ],
  },
  {
    route: '/issues',
    de: [
      '# Aufgaben\nAufgaben haben eine Priorität, ein Fälligkeitsdatum und eine zuständige Person.\nÜberfällige Aufgaben erscheinen rot.',
    ],
    en: ['# Issues\nIssues have a priority, a due date and an assignee.\nOverdue issues show in red.'],
  },
  {
    route: '/data-breach',
    de: [
      '# Datenpannen\nEine Verletzung des Schutzes personenbezogener Daten ist der Aufsichtsbehörde binnen **72 Stunden** nach Bekanntwerden zu melden (Art. 33 DSGVO).\nDer Countdown zeigt die verbleibende Zeit.',
    ],
    en: [
      '# Data breaches\nA personal data breach must be notified to the supervisory authority within **72 hours** of becoming aware of it (Art. 33 GDPR).\nThe countdown shows the time left.',
    ],
  },
  {
    route: '/privacy-request',
    de: [
      '# Betroffenenanfragen\nAnfragen nach Art. 15–22 DSGVO sind binnen **eines Monats** zu beantworten; die Frist kann um zwei Monate verlängert werden (Art. 12 Abs. 3).',
    ],
    en: [
      '# Data-subject requests\nRequests under Art. 15–22 GDPR must be answered within **one month**; the period can be extended by two months (Art. 12(3)).',
    ],
  },
  {
    route: '/impact-assessment',
    de: [
      '# Datenschutz-Folgenabschätzung\nBewerten Sie jedes Risiko nach Eintrittswahrscheinlichkeit und Schwere (je 1–4). Die Matrix ergibt die Risikostufe.',
    ],
    en: [
      '# Data protection impact assessment\nRate every risk by likelihood and severity (1–4 each). The matrix gives the risk level.',
    ],
  },
];

export async function seedHelp(db: Db) {
  const [row] = await db.select({ n: count() }).from(helpContent);
  if (Number(row!.n) > 0) return;
  await db
    .insert(helpContent)
    .values(
      pages.flatMap((p) => [
        ...p.de.map((content, index) => ({ route: p.route, locale: 'de' as const, index, content })),
        ...p.en.map((content, index) => ({ route: p.route, locale: 'en' as const, index, content })),
      ]),
    );
}
