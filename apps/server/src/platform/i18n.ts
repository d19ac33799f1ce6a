import type { Language } from '@pc/shared';

/** Server-side messages (error bodies, mails). The web app has its own catalogs. */
const messages: Record<Language, Record<string, string>> = {
  de: {
    'error.notFound': 'Nicht gefunden.',
    'error.forbidden': 'Dafür fehlt Ihnen die Berechtigung.',
    'error.scopeForbidden': 'Dieses Unternehmen ist für Sie nicht freigegeben.',
    'error.unauthorized': 'Bitte melden Sie sich an.',
    'error.validationFailed': 'Die Eingaben sind nicht gültig.',
    'error.badRequest': 'Die Anfrage ist fehlerhaft.',
    'error.internal': 'Ein unerwarteter Fehler ist aufgetreten.',
    'error.rateLimited': 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    'error.payloadTooLarge': 'Die Datei ist zu groß.',
    'error.mfaRequired': 'Bitte bestätigen Sie zuerst den zweiten Faktor.',
  },
  en: {
    'error.notFound': 'Not found.',
    'error.forbidden': 'You do not have permission to do that.',
    'error.scopeForbidden': 'This company is not available to you.',
    'error.unauthorized': 'Please log in.',
    'error.validationFailed': 'The input is not valid.',
    'error.badRequest': 'The request is malformed.',
    'error.internal': 'An unexpected error occurred.',
    'error.rateLimited': 'Too many requests. Please wait a moment.',
    'error.payloadTooLarge': 'The file is too large.',
    'error.mfaRequired': 'Please confirm the second factor first.',
  },
};

export function translate(locale: Language, key: string): string {
  return messages[locale][key] ?? messages.de[key] ?? key;
}
