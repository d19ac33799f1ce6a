import type { Language } from '@pc/shared';

/**
 * Standard technical and organisational measures (Art. 32 GDPR), from which "add missing
 * measures" creates the ones a company lacks. Keys are stable; names follow the user's language.
 */
export const measureCatalogue: readonly { key: string; category: string; name: Record<Language, string> }[] = [
  {
    key: 'access-badges',
    category: 'entryControl',
    name: { de: 'Zutrittskontrolle mit Schlüssel- oder Chipsystem', en: 'Entry control with keys or badges' },
  },
  {
    key: 'visitor-log',
    category: 'entryControl',
    name: { de: 'Besucherregelung und Besucherbuch', en: 'Visitor rules and log' },
  },
  { key: 'password-policy', category: 'accessControl', name: { de: 'Passwortrichtlinie', en: 'Password policy' } },
  {
    key: 'mfa',
    category: 'accessControl',
    name: { de: 'Zwei-Faktor-Anmeldung für Fernzugriffe', en: 'Two-factor login for remote access' },
  },
  {
    key: 'authorisation-concept',
    category: 'accessControl',
    name: { de: 'Rollen- und Berechtigungskonzept', en: 'Role and authorisation concept' },
  },
  {
    key: 'disk-encryption',
    category: 'encryption',
    name: { de: 'Festplattenverschlüsselung mobiler Geräte', en: 'Disk encryption of mobile devices' },
  },
  {
    key: 'tls',
    category: 'transferControl',
    name: { de: 'Transportverschlüsselung (TLS) für Webdienste und E-Mail', en: 'Transport encryption (TLS) for web and mail' },
  },
  {
    key: 'pseudonymisation',
    category: 'pseudonymisation',
    name: { de: 'Pseudonymisierung von Auswertungen', en: 'Pseudonymised analyses' },
  },
  {
    key: 'logging',
    category: 'inputControl',
    name: { de: 'Protokollierung von Eingaben und Änderungen', en: 'Logging of input and changes' },
  },
  {
    key: 'backup',
    category: 'availability',
    name: { de: 'Tägliche Datensicherung mit Auslagerung', en: 'Daily off-site backup' },
  },
  {
    key: 'ups',
    category: 'availability',
    name: { de: 'Unterbrechungsfreie Stromversorgung', en: 'Uninterruptible power supply' },
  },
  {
    key: 'malware-protection',
    category: 'resilience',
    name: { de: 'Virenschutz und Firewall', en: 'Malware protection and firewall' },
  },
  { key: 'restore-test', category: 'recovery', name: { de: 'Regelmäßige Wiederherstellungstests', en: 'Regular restore tests' } },
  { key: 'tom-review', category: 'testing', name: { de: 'Jährliche Überprüfung der TOM', en: 'Annual review of the measures' } },
  {
    key: 'confidentiality',
    category: 'organisational',
    name: { de: 'Verpflichtung der Beschäftigten auf Vertraulichkeit', en: 'Staff confidentiality commitment' },
  },
  {
    key: 'training',
    category: 'organisational',
    name: { de: 'Datenschutzschulung der Beschäftigten', en: 'Privacy training of staff' },
  },
];
