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
    'error.lock.PasswordExpired': 'Ihr Passwort ist abgelaufen. Bitte vergeben Sie ein neues.',
    'error.lock.AccountExpired': 'Ihr Zugang ist abgelaufen.',
    'error.lock.TermsOfUseConsentRequired': 'Bitte stimmen Sie zuerst den Nutzungsbedingungen zu.',
    'error.resetLinkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    'error.twoFactorAlreadyOn': 'Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.',
    'error.twoFactorNotOn': 'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.',
    'error.twoFactorNoSetup': 'Bitte starten Sie die Einrichtung erneut.',
    'error.mfaInvalid': 'Der Code ist ungültig.',
    'error.unsubscribeInvalid': 'Der Abmeldelink ist ungültig.',
    'error.termsNotCurrent': 'Diese Fassung der Nutzungsbedingungen ist nicht die aktuelle.',
    'error.tagInUse': 'Der Eintrag wird noch verwendet und kann nicht gelöscht werden.',
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
    'error.lock.PasswordExpired': 'Your password has expired. Please choose a new one.',
    'error.lock.AccountExpired': 'Your account has expired.',
    'error.lock.TermsOfUseConsentRequired': 'Please accept the terms of use first.',
    'error.resetLinkInvalid': 'The link is invalid or has expired. Please request a new one.',
    'error.twoFactorAlreadyOn': 'Two-factor login is already on.',
    'error.twoFactorNotOn': 'Two-factor login is not on.',
    'error.twoFactorNoSetup': 'Please start the set-up again.',
    'error.mfaInvalid': 'The code is invalid.',
    'error.unsubscribeInvalid': 'The unsubscribe link is invalid.',
    'error.termsNotCurrent': 'This version of the terms of use is not the current one.',
    'error.tagInUse': 'The entry is still in use and cannot be deleted.',
  },
};

export function translate(locale: Language, key: string): string {
  return messages[locale][key] ?? messages.de[key] ?? key;
}
