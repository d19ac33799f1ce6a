/**
 * The user-visible texts of the demo items, one set per industry: the same structure
 * (see demo-items.ts) reads like a bakery, a retailer, a forwarding company or an IT service
 * provider. Measure names come from the catalogue and stay shared.
 *
 * `bakery` is the original set: browser tests and the reader user rely on Bäckerei Schmidt's
 * texts (e.g. a search for "Lohn"), so keep them unchanged.
 */

export const demoProfileKeys = ['bakery', 'retail', 'logistics', 'it-services'] as const;
export type DemoProfileKey = (typeof demoProfileKeys)[number];

/** Demo companies (seeded, created by an agency, reset after seven days) read like this. */
export const demoCompanyProfile: DemoProfileKey = 'logistics';

type StoragePeriod = { name: string; period: string; legalBasis: string; startEvent: string; deletionMethod: string };
type Agreement = { name: string; counterparty: string; subject: string };
type Process = { name: string; purposes: string; department: string };
type Training = { name: string; topic: string; trainer: string };

export type DemoProfile = {
  /** Slots, not names: the items link to a slot, each profile names it. Insertion order as listed. */
  tags: {
    personGroups: { employees: string; customers: string; applicants: string; suppliers: string; visitors: string };
    /** `extra` is not linked by any item: one more category typical of the industry. */
    dataCategories: { master: string; contact: string; bank: string; extra: string; monitoring: string; contract: string };
    processCategories: { hr: string; sales: string; it: string; accounting: string; security: string };
  };
  /** Payroll records, business records, applications. */
  storagePeriods: [StoragePeriod, StoragePeriod, StoragePeriod];
  /** Payroll provider; host of the system behind the customer process. */
  processors: [Agreement, Agreement & { thirdCountries: string }];
  /** The company as processor for a client. */
  client: Agreement;
  /** Joint controllership (Art. 26 DSGVO). */
  joint: Agreement;
  /** Payroll, applicants, customers, a monitoring process that needs a DPIA. */
  processes: [Process & { recipients: string }, Process, Process, Process & { dpiaReasons: string }];
  dpia: { name: string; necessity: string; risks: [string, string]; dpoOpinion: string };
  /** The top organisation unit; the processes' departments become its sub-units. */
  management: string;
  issues: [string, string, string, string];
  pdca: [string, string];
  trainings: [Training & { participants: [string, string, string] }, Training];
  audit: { name: string; scope: string; auditor: string; findings: string };
  website: { name: string; url: string; trackers: string };
  hr: [{ name: string; employee: string }, { name: string; employee: string }];
  /** An access request, an erasure request. */
  requests: [{ name: string; requester: string }, { name: string; requester: string }];
  /** A payroll document sent to the wrong person. */
  breach: { name: string; nature: string; consequences: string; measuresTaken: string };
  /** Only in the full set. */
  summary: string;
  standardProcess: { name: string; trigger: string; steps: string; responsible: string };
  concept: { name: string; scope: string; classes: string };
  dynamicDocument: { name: string; template: string };
};

const bakery: DemoProfile = {
  management: 'Inhaberin und Backstubenleitung',
  tags: {
    personGroups: {
      employees: 'Beschäftigte',
      customers: 'Kunden',
      applicants: 'Bewerber',
      suppliers: 'Lieferanten',
      visitors: 'Besucher',
    },
    dataCategories: {
      master: 'Stammdaten',
      contact: 'Kontaktdaten',
      bank: 'Bankdaten',
      extra: 'Gesundheitsdaten',
      monitoring: 'Bilddaten',
      contract: 'Vertragsdaten',
    },
    processCategories: { hr: 'Personal', sales: 'Vertrieb', it: 'IT', accounting: 'Buchhaltung', security: 'Sicherheit' },
  },
  storagePeriods: [
    {
      name: 'Lohn- und Gehaltsunterlagen',
      period: '6 Jahre',
      legalBasis: 'HGB § 257, AO § 147',
      startEvent: 'Ende des Kalenderjahres',
      deletionMethod: 'Löschung im Lohnprogramm',
    },
    {
      name: 'Buchungsbelege',
      period: '8 Jahre',
      legalBasis: 'HGB § 257 Abs. 4',
      startEvent: 'Ende des Kalenderjahres',
      deletionMethod: 'Aktenvernichtung DIN 66399 P-4',
    },
    {
      name: 'Bewerbungsunterlagen',
      period: '6 Monate',
      legalBasis: 'AGG § 15 Abs. 4',
      startEvent: 'Absage',
      deletionMethod: 'Löschung im Bewerberportal',
    },
  ],
  processors: [
    { name: 'AV-Vertrag Lohnbüro', counterparty: 'Lohnbüro Meier GmbH', subject: 'Lohn- und Gehaltsabrechnung' },
    {
      name: 'AV-Vertrag Cloud-Hosting',
      counterparty: 'Hosting Nord AG',
      subject: 'Betrieb der Warenwirtschaft',
      thirdCountries: 'keine',
    },
  ],
  client: { name: 'AV-Vertrag Lieferservice für Kunden', counterparty: 'Café am Markt', subject: 'Bestellabwicklung im Auftrag' },
  joint: {
    name: 'Vereinbarung gemeinsamer Kundenbonus',
    counterparty: 'Einkaufsgemeinschaft Süd eG',
    subject: 'Gemeinsames Bonusprogramm (Art. 26 DSGVO)',
  },
  processes: [
    {
      name: 'Lohn- und Gehaltsabrechnung',
      purposes: 'Abrechnung der Vergütung, Meldungen an Sozialversicherung und Finanzamt',
      recipients: 'Lohnbüro, Krankenkassen, Finanzamt',
      department: 'Personal',
    },
    { name: 'Bewerbermanagement', purposes: 'Auswahl von Bewerberinnen und Bewerbern', department: 'Personal' },
    { name: 'Kundenverwaltung und Bestellungen', purposes: 'Vertragsabwicklung mit Kunden', department: 'Vertrieb' },
    {
      name: 'Videoüberwachung Verkaufsraum',
      purposes: 'Schutz vor Diebstahl und Vandalismus',
      department: 'Filialleitung',
      dpiaReasons: 'Systematische Überwachung öffentlich zugänglicher Bereiche (Art. 35 Abs. 3 lit. c DSGVO)',
    },
  ],
  dpia: {
    name: 'DSFA Videoüberwachung',
    necessity: 'Mildere Mittel (Spiegel, Personal) reichen nach zwei Einbrüchen nicht aus.',
    risks: ['Verhaltenskontrolle der Beschäftigten', 'Unbefugter Zugriff auf Aufnahmen'],
    dpoOpinion: 'Vertretbar bei Speicherdauer von 72 Stunden und Hinweisschildern.',
  },
  issues: [
    'Verzeichnis der Verarbeitungstätigkeiten aktualisieren',
    'Hinweisschilder Videoüberwachung anbringen',
    'Löschkonzept mit IT abstimmen',
    'Datenschutzhinweise Website prüfen',
  ],
  pdca: ['Jahreszyklus Datenschutz-Management', 'Überprüfung TOM'],
  trainings: [
    {
      name: 'Datenschutz-Grundschulung 2026',
      topic: 'Grundlagen der DSGVO',
      trainer: 'Muster Datenschutz GmbH',
      participants: ['Julia Becker', 'Tom Wagner', 'Sabine Koch'],
    },
    {
      name: 'Nachschulung Neue Beschäftigte',
      topic: 'Vertraulichkeit und Umgang mit Kundendaten',
      trainer: 'Muster Datenschutz GmbH',
    },
  ],
  audit: {
    name: 'Vor-Ort-Audit Filiale',
    scope: 'Zutritt, Aktenvernichtung, Arbeitsplätze',
    auditor: 'Dr. Petra Hahn',
    findings: 'Aktenvernichter fehlt im Backstubenbüro.',
  },
  website: {
    name: 'Unternehmenswebsite',
    url: 'https://www.baeckerei-schmidt.example',
    trackers: 'Google Fonts (extern eingebunden)',
  },
  hr: [
    { name: 'Vertraulichkeitsverpflichtung neue Verkaufskraft', employee: 'Lena Schäfer' },
    { name: 'Offboarding Auszubildender', employee: 'Max Klein' },
  ],
  requests: [
    { name: 'Auskunftsersuchen Frau Neumann', requester: 'Eva Neumann' },
    { name: 'Löschverlangen Newsletter', requester: 'Karl Vogel' },
  ],
  breach: {
    name: 'Fehlversand Lohnabrechnung',
    nature: 'Lohnabrechnung an falsche E-Mail-Adresse versandt',
    consequences: 'Offenlegung von Gehalt und Bankverbindung',
    measuresTaken: 'Empfänger um Löschung gebeten, Bestätigung liegt vor',
  },
  summary: 'Tätigkeitsbericht laufendes Halbjahr',
  standardProcess: {
    name: 'Bearbeitung von Auskunftsersuchen',
    trigger: 'Eingang eines Ersuchens nach Art. 15 DSGVO',
    steps: '1. Identität prüfen\n2. Daten zusammenstellen\n3. Antwort binnen eines Monats',
    responsible: 'Datenschutzkoordination',
  },
  concept: { name: 'Löschkonzept', scope: 'Alle IT-Systeme und Papierakten.', classes: 'Nach Aufbewahrungsfristen gruppiert.' },
  dynamicDocument: {
    name: 'Informationspflichten Beschäftigte',
    template: 'Verantwortlich: {{company.name}}, {{company.addressLine1}}, {{company.zipCode}} {{company.city}}',
  },
};

/** A retailer with stores and an online shop: loyalty card, CCTV in the stores, newsletter, payment and parcel partners. */
const retail: DemoProfile = {
  management: 'Geschäftsführung Handel',
  tags: {
    personGroups: {
      employees: 'Beschäftigte',
      customers: 'Kunden',
      applicants: 'Bewerber',
      suppliers: 'Lieferanten',
      visitors: 'Besucher der Filialen',
    },
    dataCategories: {
      master: 'Stammdaten',
      contact: 'Kontaktdaten',
      bank: 'Bankdaten',
      extra: 'Kaufhistorie (Kundenkarte)',
      monitoring: 'Videoaufnahmen',
      contract: 'Bestell- und Zahlungsdaten',
    },
    processCategories: {
      hr: 'Personal',
      sales: 'Onlinehandel',
      it: 'IT und Kassensysteme',
      accounting: 'Rechnungswesen',
      security: 'Filialsicherheit',
    },
  },
  storagePeriods: [
    {
      name: 'Lohnkonten',
      period: '6 Jahre',
      legalBasis: '§ 41 Abs. 1 Satz 9 EStG',
      startEvent: 'Ende des Kalenderjahres der letzten Lohnzahlung',
      deletionMethod: 'Löschlauf im Personalabrechnungssystem',
    },
    {
      name: 'Rechnungen und Kassenabschlüsse',
      period: '8 Jahre',
      legalBasis: 'HGB § 257 Abs. 1 Nr. 4 und Abs. 4, AO § 147 Abs. 3',
      startEvent: 'Ende des Kalenderjahres',
      deletionMethod: 'Löschlauf in Warenwirtschaft und Kassensystem',
    },
    {
      name: 'Bewerberdaten Karriereportal',
      period: '6 Monate',
      legalBasis: 'AGG § 15 Abs. 4, ArbGG § 61b Abs. 1',
      startEvent: 'Abschluss des Bewerbungsverfahrens',
      deletionMethod: 'Automatische Löschung im Karriereportal',
    },
  ],
  processors: [
    {
      name: 'AV-Vertrag Entgeltabrechnung',
      counterparty: 'Rheinland Abrechnungsservice GmbH',
      subject: 'Entgeltabrechnung und Meldewesen für Zentrale und Filialen',
    },
    {
      name: 'AV-Vertrag Shop-Hosting',
      counterparty: 'ShopCloud Services GmbH',
      subject: 'Hosting und Betrieb des Onlineshops',
      thirdCountries: 'keine',
    },
  ],
  client: {
    name: 'AV-Vertrag Newsletterversand für Franchisepartner',
    counterparty: 'Modehaus Berger e.K.',
    subject: 'Versand von Newslettern an die Kunden des Franchisepartners',
  },
  joint: {
    name: 'Vereinbarung Kundenkartenprogramm',
    counterparty: 'Bonuspunkte Rheinland GmbH',
    subject: 'Gemeinsam betriebenes Kundenkartenprogramm mehrerer Händler (Art. 26 DSGVO)',
  },
  processes: [
    {
      name: 'Entgeltabrechnung Filial- und Zentralpersonal',
      purposes:
        'Abrechnung der Entgelte samt Zuschlägen für Samstags- und Spätschichten, Meldungen an Sozialversicherung und Finanzamt',
      recipients: 'Abrechnungsdienstleister, Krankenkassen, Finanzamt, Deutsche Rentenversicherung',
      department: 'Personalabteilung',
    },
    {
      name: 'Bewerbungen über das Karriereportal',
      purposes: 'Besetzung offener Stellen in den Filialen und in der Zentrale',
      department: 'Personalabteilung',
    },
    {
      name: 'Onlineshop und Bestellabwicklung',
      purposes: 'Abwicklung von Bestellungen, Zahlung über den Zahlungsdienstleister, Versand über den Logistikpartner, Retouren',
      department: 'E-Commerce',
    },
    {
      name: 'Videoüberwachung der Filialen',
      purposes: 'Schutz vor Ladendiebstahl und Überfällen, Beweissicherung',
      department: 'Filialbetrieb',
      dpiaReasons:
        'Systematische Überwachung öffentlich zugänglicher Verkaufsflächen in mehreren Filialen (Art. 35 Abs. 3 lit. c DSGVO)',
    },
  ],
  dpia: {
    name: 'DSFA Videoüberwachung im Filialnetz',
    necessity:
      'Inventurdifferenzen durch Ladendiebstahl von über 1 % des Umsatzes; Warensicherung und Detektive allein reichen nicht aus.',
    risks: ['Dauerhafte Überwachung der Beschäftigten an der Kasse', 'Weitergabe von Aufnahmen ohne Rechtsgrundlage'],
    dpoOpinion:
      'Vertretbar ohne Kameras auf Kassenarbeitsplätze und Pausenräume, Speicherung höchstens 72 Stunden, Betriebsvereinbarung nach § 87 Abs. 1 Nr. 6 BetrVG.',
  },
  issues: [
    'Einwilligungstext Kundenkarte überarbeiten',
    'Kamerawinkel in der Filiale Ehrenfeld korrigieren',
    'Retourendaten nach Fristablauf löschen',
    'Cookie-Banner des Onlineshops prüfen',
  ],
  pdca: ['Datenschutz-Zyklus Filialen und Onlineshop', 'Überprüfung der Kassen- und Warenwirtschaftssysteme'],
  trainings: [
    {
      name: 'Datenschutzschulung Filialleitungen',
      topic: 'Kundenkarte, Videoüberwachung und Auskunftsersuchen an der Kasse',
      trainer: 'Muster Datenschutz GmbH',
      participants: ['Claudia Hoffmann', 'Mehmet Yılmaz', 'Stefan Richter'],
    },
    {
      name: 'E-Learning Team Onlineshop',
      topic: 'Newsletter-Einwilligungen, Werbewidersprüche und Retouren',
      trainer: 'Muster Datenschutz GmbH',
    },
  ],
  audit: {
    name: 'Audit Filiale Köln-Ehrenfeld',
    scope: 'Videoüberwachung, Kassenbereich, Anträge auf die Kundenkarte',
    auditor: 'Markus Lenz',
    findings: 'Ausgefüllte Anträge auf die Kundenkarte liegen offen im Kassenbereich.',
  },
  website: {
    name: 'Onlineshop',
    url: 'https://shop.beispiel-handel.example',
    trackers: 'Meta-Pixel, Matomo (selbst gehostet)',
  },
  hr: [
    { name: 'Vertraulichkeitsverpflichtung Aushilfe Kasse', employee: 'Jana Krüger' },
    { name: 'Offboarding Filialleiter Deutz', employee: 'Frank Berger' },
  ],
  requests: [
    { name: 'Auskunft zu Kundenkartendaten Herr Lorenz', requester: 'Peter Lorenz' },
    { name: 'Löschung Kundenkonto Onlineshop', requester: 'Anja Sommer' },
  ],
  breach: {
    name: 'Entgeltabrechnung im falschen Filialpostfach',
    nature: 'Entgeltabrechnung einer Verkäuferin in das Postfach einer anderen Filiale einsortiert',
    consequences: 'Kenntnisnahme von Entgelt und Bankverbindung durch Beschäftigte einer anderen Filiale möglich',
    measuresTaken: 'Abrechnung ungeöffnet zurückerhalten, Hauspost auf verschlossene Umschläge umgestellt',
  },
  summary: 'Tätigkeitsbericht Filialen und Onlineshop',
  standardProcess: {
    name: 'Bearbeitung von Werbewidersprüchen',
    trigger: 'Widerspruch gegen Direktwerbung nach Art. 21 Abs. 2 DSGVO',
    steps: '1. Werbesperre im Kundenkonto setzen\n2. Newsletter abbestellen\n3. Kundenkartenprogramm informieren',
    responsible: 'Kundenservice',
  },
  concept: {
    name: 'Löschkonzept Kundendaten Onlineshop',
    scope: 'Kundenkonten, Bestellungen, Retouren und Kundenkarte.',
    classes: 'Gastbestellungen nach Ablauf der Gewährleistung, inaktive Kundenkonten nach drei Jahren.',
  },
  dynamicDocument: {
    name: 'Datenschutzhinweise Kundenkarte',
    template:
      'Verantwortlich für die Kundenkarte: {{company.name}}, {{company.addressLine1}}, {{company.zipCode}} {{company.city}}',
  },
};

/** A forwarding company with its own fleet and warehouse: telematics, drivers, customer portal, access control. */
const logistics: DemoProfile = {
  management: 'Geschäftsleitung Spedition',
  tags: {
    personGroups: {
      employees: 'Beschäftigte',
      customers: 'Auftraggeber und Empfänger',
      applicants: 'Bewerber',
      suppliers: 'Subunternehmer',
      visitors: 'Fremdfahrer',
    },
    dataCategories: {
      master: 'Stammdaten',
      contact: 'Kontaktdaten',
      bank: 'Bankdaten',
      extra: 'Führerscheindaten',
      monitoring: 'Standortdaten',
      contract: 'Auftragsdaten',
    },
    processCategories: {
      hr: 'Personal',
      sales: 'Disposition',
      it: 'IT',
      accounting: 'Buchhaltung',
      security: 'Fuhrpark',
    },
  },
  storagePeriods: [
    {
      name: 'Entgelt- und Spesenbelege',
      period: '8 Jahre',
      legalBasis: 'HGB § 257 Abs. 1 Nr. 4, AO § 147 Abs. 1 Nr. 4 und Abs. 3',
      startEvent: 'Ende des Kalenderjahres der Abrechnung',
      deletionMethod: 'Löschlauf im Lohnprogramm nach Freigabe durch die Buchhaltung',
    },
    {
      name: 'Frachtbriefe und Ablieferbelege',
      period: '6 Jahre',
      legalBasis: 'HGB § 257 Abs. 1 Nr. 2 und 3, Abs. 4',
      startEvent: 'Ende des Kalenderjahres',
      deletionMethod: 'Löschung im Transportmanagementsystem, Papier nach DIN 66399 P-4',
    },
    {
      name: 'Bewerbungen Fahr- und Lagerpersonal',
      period: '6 Monate',
      legalBasis: 'AGG § 15 Abs. 4, ArbGG § 61b Abs. 1',
      startEvent: 'Abschluss des Auswahlverfahrens',
      deletionMethod: 'Löschung im Bewerbungspostfach',
    },
  ],
  processors: [
    {
      name: 'AV-Vertrag Entgelt- und Spesenabrechnung',
      counterparty: 'Berliner Lohnservice GmbH',
      subject: 'Abrechnung von Lohn, Spesen und Zuschlägen, Meldungen zur Sozialversicherung',
    },
    {
      name: 'AV-Vertrag Transportmanagementsystem',
      counterparty: 'TransLog Software GmbH',
      subject: 'Betrieb von Transportmanagementsystem und Kundenportal (SaaS)',
      thirdCountries: 'keine',
    },
  ],
  client: {
    name: 'AV-Vertrag Lager und Versand für Onlinehändler',
    counterparty: 'Modeversand Nord GmbH',
    subject: 'Kommissionierung, Versand und Retourenannahme für den Onlineshop des Auftraggebers',
  },
  joint: {
    name: 'Vereinbarung Sendungsverfolgung im Stückgutnetz',
    counterparty: 'Stückgutkooperation Mitte eG',
    subject: 'Gemeinsam betriebene Sendungsverfolgung der Kooperationspartner (Art. 26 DSGVO)',
  },
  processes: [
    {
      name: 'Entgeltabrechnung mit Spesen und Zuschlägen',
      purposes: 'Abrechnung von Lohn, Verpflegungsmehraufwand und Nachtzuschlägen, Meldungen an Sozialversicherung und Finanzamt',
      recipients: 'Lohnservice, Krankenkassen, Finanzamt, BG Verkehr',
      department: 'Personal und Lohn',
    },
    {
      name: 'Recruiting Berufskraftfahrer und Lagerpersonal',
      purposes: 'Auswahl von Fahrerinnen, Fahrern und Lagerbeschäftigten, Prüfung von Fahrerlaubnis und Qualifikation',
      department: 'Personal und Lohn',
    },
    {
      name: 'Auftragsabwicklung im Kundenportal',
      purposes: 'Annahme von Transportaufträgen, Sendungsverfolgung, Avisierung der Empfänger und Abrechnung',
      department: 'Disposition',
    },
    {
      name: 'Fahrzeugtelematik und Ortung',
      purposes: 'Tourenplanung, Diebstahlschutz der Fahrzeuge, voraussichtliche Ankunftszeit für Empfänger',
      department: 'Fuhrparkmanagement',
      dpiaReasons:
        'Systematische Erfassung von Standortdaten der Fahrerinnen und Fahrer während der Arbeitszeit (Art. 35 Abs. 1 DSGVO, Muss-Liste der DSK nach Art. 35 Abs. 4 DSGVO)',
    },
  ],
  dpia: {
    name: 'DSFA Fahrzeugtelematik',
    necessity: 'Telefonische Standortabfragen reichen für die Disposition von täglich 40 Touren nicht aus.',
    risks: ['Bewegungsprofile der Fahrer auch in Pausen', 'Leistungs- und Verhaltenskontrolle über den Fahrstil'],
    dpoOpinion:
      'Vertretbar mit Privatmodus in den Pausen, Löschung der Positionsdaten nach 90 Tagen und Betriebsvereinbarung nach § 87 Abs. 1 Nr. 6 BetrVG.',
  },
  issues: [
    'Betriebsvereinbarung Telematik abschließen',
    'Zutrittskontrolle Lagerhalle 2 auf Transponder umstellen',
    'Alte Frachtbriefe im Archiv vernichten',
    'Datenschutzhinweise Kundenportal prüfen',
  ],
  pdca: ['Datenschutz-Zyklus Fuhrpark und Lager', 'Wirksamkeitsprüfung Zutrittskontrolle Lager'],
  trainings: [
    {
      name: 'Unterweisung Fahrpersonal Datenschutz',
      topic: 'Handscanner, Ablieferbelege und Empfängerdaten im Fahrzeug',
      trainer: 'Muster Datenschutz GmbH',
      participants: ['Dariusz Nowak', 'Kevin Schulz', 'Ayşe Demir'],
    },
    {
      name: 'Schulung Disposition und Kundenservice',
      topic: 'Auskünfte am Telefon: Identität der Anrufenden prüfen',
      trainer: 'Muster Datenschutz GmbH',
    },
  ],
  audit: {
    name: 'Audit Lager und Verladerampe',
    scope: 'Zutrittskontrolle, Handscanner, Ablieferbelege an der Rampe',
    auditor: 'Jörg Brandt',
    findings: 'Ablieferbelege mit Empfängerunterschriften liegen offen an der Rampe.',
  },
  website: {
    name: 'Kundenportal mit Sendungsverfolgung',
    url: 'https://portal.spedition-demo.example',
    trackers: 'Kartendienst (extern eingebunden), Chat-Widget',
  },
  hr: [
    { name: 'Vertraulichkeitsverpflichtung neuer Disponent', employee: 'Sven Lange' },
    { name: 'Offboarding Aushilfsfahrer', employee: 'Rico Meyer' },
  ],
  requests: [
    { name: 'Auskunftsersuchen eines Fahrers zu Telematikdaten', requester: 'Andrzej Kowalski' },
    { name: 'Löschverlangen Paketempfängerin', requester: 'Birgit Franke' },
  ],
  breach: {
    name: 'Spesenabrechnung im falschen Fahrerfach',
    nature: 'Ausgedruckte Lohn- und Spesenabrechnung im Fahrerfach eines Kollegen abgelegt',
    consequences: 'Offenlegung von Vergütung und IBAN gegenüber einem Kollegen',
    measuresTaken: 'Unterlagen zurückerhalten, offene Fahrerfächer durch abschließbare Postfächer ersetzt',
  },
  summary: 'Tätigkeitsbericht an die Geschäftsführung',
  standardProcess: {
    name: 'Verlust eines Handscanners',
    trigger: 'Fahrpersonal meldet einen verlorenen oder gestohlenen Handscanner',
    steps:
      '1. Gerät in der Geräteverwaltung sperren und löschen\n2. Datenschutzkoordination informieren\n3. Meldepflicht nach Art. 33 DSGVO binnen 72 Stunden prüfen',
    responsible: 'Fuhrparkleitung',
  },
  concept: {
    name: 'Löschkonzept Transport- und Sendungsdaten',
    scope: 'Transportmanagementsystem, Kundenportal, Telematikplattform und Ablieferbelege.',
    classes: 'Positionsdaten nach 90 Tagen, Avisierungsdaten nach Zustellung, Frachtbriefe nach 6 Jahren.',
  },
  dynamicDocument: {
    name: 'Informationen zur Fahrzeugortung für Fahrpersonal',
    template:
      'Verantwortlich für die Fahrzeugortung: {{company.name}}, {{company.addressLine1}}, {{company.zipCode}} {{company.city}}',
  },
};

/**
 * An IT service provider with its own data centre: service desk, remote maintenance for clients.
 * The unrelated tenant: no text may name the agency or its clients (browser test: "another tenant
 * sees nothing of the agency anywhere").
 */
const itServices: DemoProfile = {
  management: 'Vorstand und Bereichsleitung',
  tags: {
    personGroups: {
      employees: 'Beschäftigte',
      customers: 'Kundenansprechpartner',
      applicants: 'Bewerber',
      suppliers: 'Dienstleister',
      visitors: 'Besucher',
    },
    dataCategories: {
      master: 'Stammdaten',
      contact: 'Kontaktdaten',
      bank: 'Bankdaten',
      extra: 'Protokolldaten',
      monitoring: 'Video- und Zutrittsdaten',
      contract: 'Vertrags- und Ticketdaten',
    },
    processCategories: {
      hr: 'Human Resources',
      sales: 'Service Desk',
      it: 'IT-Betrieb',
      accounting: 'Finanzen',
      security: 'Informationssicherheit',
    },
  },
  storagePeriods: [
    {
      name: 'Entgeltunterlagen',
      period: 'bis Ende des auf die letzte Betriebsprüfung folgenden Kalenderjahres',
      legalBasis: '§ 28f Abs. 1 SGB IV',
      startEvent: 'Letzte Betriebsprüfung der Rentenversicherung',
      deletionMethod: 'Löschung im Personalabrechnungssystem',
    },
    {
      name: 'Verträge und Leistungsnachweise',
      period: '6 Jahre',
      legalBasis: 'HGB § 257 Abs. 1 Nr. 2 und 3, Abs. 4',
      startEvent: 'Ende des Kalenderjahres des Zugangs oder Versands',
      deletionMethod: 'Löschung im CRM und im Dokumentenmanagement',
    },
    {
      name: 'Bewerbungen IT-Fachkräfte',
      period: '6 Monate',
      legalBasis: 'AGG § 15 Abs. 4, ArbGG § 61b Abs. 1',
      startEvent: 'Absage',
      deletionMethod: 'Löschung im Bewerbermanagementsystem',
    },
  ],
  processors: [
    {
      name: 'AV-Vertrag Gehaltsabrechnung',
      counterparty: 'Hanse Payroll GmbH',
      subject: 'Gehaltsabrechnung und Meldungen zur Sozialversicherung',
    },
    {
      name: 'AV-Vertrag Ticketsystem',
      counterparty: 'Helpdesk Cloud GmbH',
      subject: 'Betrieb des Ticket- und Kundenservicesystems (SaaS)',
      thirdCountries: 'keine',
    },
  ],
  client: {
    name: 'AV-Vertrag Fernwartung Steuerkanzlei',
    counterparty: 'Steuerkanzlei Brandt & Partner mbB',
    subject: 'Fernwartung und verwaltete Datensicherung der Kanzlei-IT (§ 203 StGB beachtet)',
  },
  joint: {
    name: 'Vereinbarung gemeinsame Webinarreihe',
    counterparty: 'Cloud Partner Nord GmbH',
    subject: 'Gemeinsame Teilnehmerverwaltung für Kundenwebinare (Art. 26 DSGVO)',
  },
  processes: [
    {
      name: 'Gehaltsabrechnung mit variabler Vergütung',
      purposes: 'Abrechnung von Gehalt, Bonus und Dienstwagen, Meldungen an Sozialversicherung und Finanzamt',
      recipients: 'Abrechnungsdienstleister, Krankenkassen, Finanzamt, Hausbank',
      department: 'Human Resources',
    },
    {
      name: 'Bewerbermanagement IT-Fachkräfte',
      purposes: 'Besetzung von Stellen in Support, Systemadministration und Entwicklung',
      department: 'Human Resources',
    },
    {
      name: 'Kundenservice und Ticketbearbeitung',
      purposes: 'Bearbeitung von Störungsmeldungen und Serviceanfragen, Abrechnung nach Servicevertrag',
      department: 'Service Desk',
    },
    {
      name: 'Videoüberwachung und Zutrittskontrolle Rechenzentrum',
      purposes: 'Schutz der Serverräume vor unbefugtem Zutritt, Zutrittsnachweis gegenüber Kunden',
      department: 'Rechenzentrumsbetrieb',
      dpiaReasons:
        'Systematische Überwachung von Beschäftigten, Kunden und Besuchern und Verknüpfung der Aufnahmen mit Zutrittsprotokollen (Art. 35 Abs. 1 DSGVO)',
    },
  ],
  dpia: {
    name: 'DSFA Zutritt und Video im Rechenzentrum',
    necessity:
      'Kunden verlangen einen lückenlosen Zutrittsnachweis; Transponder allein belegen nicht, wer den Raum betreten hat.',
    risks: ['Verhaltenskontrolle der Administratoren', 'Zweckfremde Nutzung der Zutrittsprotokolle zur Arbeitszeitkontrolle'],
    dpoOpinion:
      'Vertretbar: Kameras nur auf Zugänge und Racks, Speicherung 30 Tage, Auswertung nur bei Vorfällen im Vier-Augen-Prinzip.',
  },
  issues: [
    'Berechtigungskonzept Fernwartung dokumentieren',
    'Besucherbuch Rechenzentrum digitalisieren',
    'Protokolldaten im SIEM nach 90 Tagen löschen',
    'Impressum und Datenschutzerklärung der Website prüfen',
  ],
  pdca: ['ISMS- und Datenschutz-Zyklus 2026', 'Überprüfung der Zugriffsrechte auf Kundensysteme'],
  trainings: [
    {
      name: 'Datenschutz für Administratoren',
      topic: 'Zugriff auf Kundendaten bei der Fernwartung, Verschwiegenheit nach § 203 StGB',
      trainer: 'Nordlicht Datenschutzberatung',
      participants: ['Jan Petersen', 'Merle Hansen', 'Ole Jensen'],
    },
    {
      name: 'Awareness-Training Phishing',
      topic: 'Phishing-Mails erkennen und melden',
      trainer: 'Nordlicht Datenschutzberatung',
    },
  ],
  audit: {
    name: 'Audit Rechenzentrum Hamburg',
    scope: 'Zutritt, Videoüberwachung, Entsorgung von Datenträgern',
    auditor: 'Kerstin Möller',
    findings: 'Defekte Festplatten lagern ohne Vernichtungsnachweis im Technikraum.',
  },
  website: {
    name: 'Firmenwebsite mit Support-Chat',
    url: 'https://www.fremdfirma.example',
    trackers: 'Support-Chat-Widget (Anbieter in den USA)',
  },
  hr: [
    { name: 'Verschwiegenheitsverpflichtung Werkstudent', employee: 'Finn Carstens' },
    { name: 'Offboarding Systemadministratorin', employee: 'Svenja Lüders' },
  ],
  requests: [
    { name: 'Auskunftsersuchen ehemaliger Mitarbeiter', requester: 'Thorsten Peters' },
    { name: 'Löschverlangen Webinar-Teilnehmerin', requester: 'Imke Albers' },
  ],
  breach: {
    name: 'Gehaltsabrechnung im Team-Chat geteilt',
    nature: 'Gehaltsabrechnung eines Mitarbeiters versehentlich in einem Team-Chat geteilt',
    consequences: 'Offenlegung von Gehalt und Bankverbindung gegenüber Kolleginnen und Kollegen',
    measuresTaken: 'Nachricht nach zehn Minuten gelöscht, Betroffenen informiert',
  },
  summary: 'Datenschutzbericht an den Vorstand',
  standardProcess: {
    name: 'Datenpannen in Kundenumgebungen melden',
    trigger: 'Verletzung des Schutzes personenbezogener Daten bei einem Kunden, für den wir im Auftrag verarbeiten',
    steps:
      '1. Vorfall im Ticketsystem dokumentieren\n2. Kunden unverzüglich informieren (Art. 33 Abs. 2 DSGVO)\n3. Kunden bei Meldung und Benachrichtigung unterstützen',
    responsible: 'Leitung Service Desk',
  },
  concept: {
    name: 'Löschkonzept Ticket- und Protokolldaten',
    scope: 'Ticketsystem, Fernwartungsprotokolle, SIEM und Datensicherungen.',
    classes: 'Protokolldaten nach 90 Tagen, Tickets zwei Jahre nach Abschluss, Sicherungen im Rotationsverfahren.',
  },
  dynamicDocument: {
    name: 'Hinweis zur Videoüberwachung im Rechenzentrum',
    template:
      'Videoüberwachung durch {{company.name}}, {{company.addressLine1}}, {{company.zipCode}} {{company.city}}: Zweck Zutrittsschutz',
  },
};

export const demoProfiles: Record<DemoProfileKey, DemoProfile> = {
  bakery,
  retail,
  logistics,
  'it-services': itServices,
};
