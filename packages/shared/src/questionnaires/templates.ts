import type { Language } from '../language';

/** A text in both languages of the product. */
export type Bilingual = Record<Language, string>;

export const questionTypes = ['text', 'yesNo', 'singleChoice', 'multipleChoice', 'date', 'file'] as const;
export type QuestionType = (typeof questionTypes)[number];

export interface QuestionOption {
  key: string;
  label: Bilingual;
}

export interface Question {
  /** Stable within its template; answers are keyed by it. */
  id: string;
  type: QuestionType;
  label: Bilingual;
  required: boolean;
  /** Only for single and multiple choice. */
  options?: QuestionOption[];
}

export interface QuestionnaireSection {
  id: string;
  title: Bilingual;
  questions: Question[];
}

export interface QuestionnaireTemplate {
  key: string;
  name: Bilingual;
  description: Bilingual;
  sections: QuestionnaireSection[];
}

const q = (
  id: string,
  type: QuestionType,
  de: string,
  en: string,
  required = true,
  options?: readonly [string, string, string][],
): Question => ({
  id,
  type,
  label: { de, en },
  required,
  ...(options ? { options: options.map(([key, oDe, oEn]) => ({ key, label: { de: oDe, en: oEn } })) } : {}),
});

/**
 * The seed templates: kept as data in the code, so every installation has the same
 * ones and a sent questionnaire stores a copy of the template it was sent with.
 */
export const questionnaireTemplates: QuestionnaireTemplate[] = [
  {
    key: 'processor-audit',
    name: { de: 'Auftragsverarbeiter-Audit (Art. 28 DSGVO)', en: 'Processor audit (Art. 28 GDPR)' },
    description: {
      de: 'Selbstauskunft eines Auftragsverarbeiters zu Vertrag, Unterauftragnehmern und Sicherheit.',
      en: "A processor's self-disclosure on contract, sub-processors and security.",
    },
    sections: [
      {
        id: 'contract',
        title: { de: 'Vertrag und Weisungen', en: 'Contract and instructions' },
        questions: [
          q(
            'contract-signed',
            'yesNo',
            'Liegt ein unterzeichneter Auftragsverarbeitungsvertrag nach Art. 28 Abs. 3 DSGVO vor?',
            'Is there a signed data processing agreement under Art. 28(3) GDPR?',
          ),
          q('contract-date', 'date', 'Datum des Vertrags', 'Date of the agreement', false),
          q(
            'instructions',
            'text',
            'Wie stellen Sie sicher, dass Daten nur auf dokumentierte Weisung verarbeitet werden?',
            'How do you ensure that data is processed only on documented instructions?',
          ),
        ],
      },
      {
        id: 'subprocessors',
        title: { de: 'Unterauftragsverarbeiter', en: 'Sub-processors' },
        questions: [
          q('subprocessors-used', 'yesNo', 'Setzen Sie Unterauftragsverarbeiter ein?', 'Do you use sub-processors?'),
          q(
            'subprocessors-list',
            'text',
            'Bitte nennen Sie Unterauftragsverarbeiter mit Sitz und Leistung.',
            'Please list the sub-processors with their location and service.',
            false,
          ),
          q('transfer-regions', 'multipleChoice', 'Wo werden die Daten verarbeitet?', 'Where is the data processed?', true, [
            ['eu', 'EU/EWR', 'EU/EEA'],
            ['adequate', 'Drittland mit Angemessenheitsbeschluss', 'Third country with an adequacy decision'],
            ['scc', 'Drittland mit Standardvertragsklauseln', 'Third country with standard contractual clauses'],
          ]),
        ],
      },
      {
        id: 'security',
        title: { de: 'Sicherheit und Nachweise', en: 'Security and evidence' },
        questions: [
          q('certification', 'singleChoice', 'Welche Zertifizierung liegt vor?', 'Which certification do you hold?', true, [
            ['iso27001', 'ISO/IEC 27001', 'ISO/IEC 27001'],
            ['bsi', 'BSI IT-Grundschutz', 'BSI IT baseline protection'],
            ['other', 'Andere', 'Other'],
            ['none', 'Keine', 'None'],
          ]),
          q(
            'certificate',
            'file',
            'Zertifikat oder TOM-Dokumentation (optional)',
            'Certificate or documentation of measures (optional)',
            false,
          ),
          q(
            'breach-notice',
            'text',
            'Wie schnell und auf welchem Weg melden Sie uns Datenschutzverletzungen?',
            'How quickly and by which channel do you notify us of personal data breaches?',
          ),
        ],
      },
    ],
  },
  {
    key: 'tom-self-assessment',
    name: { de: 'TOM-Selbstauskunft', en: 'TOM self-assessment' },
    description: {
      de: 'Technische und organisatorische Maßnahmen nach Art. 32 DSGVO.',
      en: 'Technical and organisational measures under Art. 32 GDPR.',
    },
    sections: [
      {
        id: 'access',
        title: { de: 'Zutritt, Zugang, Zugriff', en: 'Physical, system and data access' },
        questions: [
          q('physical', 'multipleChoice', 'Wie sind die Räume gesichert?', 'How are the premises secured?', true, [
            ['locks', 'Schließanlage', 'Locking system'],
            ['alarm', 'Alarmanlage', 'Alarm system'],
            ['reception', 'Empfang/Besucherbuch', 'Reception/visitor log'],
            ['video', 'Videoüberwachung', 'Video surveillance'],
          ]),
          q(
            'mfa',
            'yesNo',
            'Ist eine Zwei-Faktor-Anmeldung für Fernzugriffe vorgeschrieben?',
            'Is two-factor login required for remote access?',
          ),
          q(
            'roles',
            'text',
            'Wie werden Berechtigungen vergeben und regelmäßig überprüft?',
            'How are permissions granted and reviewed regularly?',
          ),
        ],
      },
      {
        id: 'availability',
        title: { de: 'Verfügbarkeit und Belastbarkeit', en: 'Availability and resilience' },
        questions: [
          q('backup', 'singleChoice', 'Wie oft werden Datensicherungen erstellt?', 'How often are backups made?', true, [
            ['daily', 'Täglich', 'Daily'],
            ['weekly', 'Wöchentlich', 'Weekly'],
            ['less', 'Seltener', 'Less often'],
          ]),
          q('restore-test', 'date', 'Datum des letzten Wiederherstellungstests', 'Date of the last restore test', false),
          q(
            'encryption',
            'yesNo',
            'Werden Datenträger und Sicherungen verschlüsselt?',
            'Are storage media and backups encrypted?',
          ),
        ],
      },
      {
        id: 'organisation',
        title: { de: 'Organisation', en: 'Organisation' },
        questions: [
          q('training', 'yesNo', 'Werden Beschäftigte jährlich geschult?', 'Are employees trained every year?'),
          q('policy', 'file', 'Sicherheitsrichtlinie (optional)', 'Security policy (optional)', false),
          q('notes', 'text', 'Weitere Anmerkungen', 'Further remarks', false),
        ],
      },
    ],
  },
  {
    key: 'website-check',
    name: { de: 'Website-Datenschutzcheck', en: 'Website privacy check' },
    description: {
      de: 'Impressum, Datenschutzerklärung, Cookies und eingebundene Dienste einer Website.',
      en: 'Legal notice, privacy notice, cookies and embedded services of a website.',
    },
    sections: [
      {
        id: 'notices',
        title: { de: 'Pflichtangaben', en: 'Mandatory notices' },
        questions: [
          q('url', 'text', 'Adresse der Website', 'Address of the website'),
          q(
            'imprint',
            'yesNo',
            'Ist ein Impressum von jeder Seite aus erreichbar?',
            'Is a legal notice reachable from every page?',
          ),
          q(
            'privacy-notice',
            'yesNo',
            'Ist eine aktuelle Datenschutzerklärung von jeder Seite aus erreichbar?',
            'Is a current privacy notice reachable from every page?',
          ),
          q('privacy-notice-date', 'date', 'Stand der Datenschutzerklärung', 'Date of the privacy notice', false),
        ],
      },
      {
        id: 'tracking',
        title: { de: 'Cookies und Dienste', en: 'Cookies and services' },
        questions: [
          q(
            'consent',
            'singleChoice',
            'Wie wird die Einwilligung in Cookies eingeholt?',
            'How is consent to cookies obtained?',
            true,
            [
              ['banner', 'Consent-Banner mit Ablehnen auf erster Ebene', 'Consent banner with reject on the first layer'],
              ['banner-weak', 'Banner ohne gleichwertiges Ablehnen', 'Banner without an equal reject option'],
              ['none-needed', 'Nur technisch notwendige Cookies', 'Only strictly necessary cookies'],
              ['none', 'Gar nicht', 'Not at all'],
            ],
          ),
          q('services', 'multipleChoice', 'Welche Dienste sind eingebunden?', 'Which services are embedded?', false, [
            ['analytics', 'Webanalyse', 'Web analytics'],
            ['fonts', 'Externe Schriften', 'External fonts'],
            ['maps', 'Karten', 'Maps'],
            ['video', 'Videos', 'Videos'],
            ['social', 'Soziale Netzwerke', 'Social networks'],
          ]),
          q('forms', 'text', 'Welche Formulare erheben personenbezogene Daten?', 'Which forms collect personal data?', false),
          q('tls', 'yesNo', 'Wird die Website ausschließlich über HTTPS ausgeliefert?', 'Is the website served over HTTPS only?'),
        ],
      },
    ],
  },
];

export const questionnaireTemplateKeys = questionnaireTemplates.map((t) => t.key) as [string, ...string[]];

export const findTemplate = (key: string) => questionnaireTemplates.find((t) => t.key === key);

export const allQuestions = (t: Pick<QuestionnaireTemplate, 'sections'>) => t.sections.flatMap((s) => s.questions);
