import type { Language } from '@pc/shared';

/** Server-side messages (error bodies, mails). The web app has its own catalogs. */
const messages: Record<Language, Record<string, string>> = {
  de: {
    'error.notFound':
      'Dieser Eintrag wurde nicht gefunden. Vielleicht wurde er gelöscht; öffnen Sie die Liste, um den aktuellen Stand zu sehen.',
    'error.forbidden': 'Dafür fehlt Ihnen die Berechtigung. Bitte wenden Sie sich an die Administration Ihres Unternehmens.',
    'error.scopeForbidden':
      'Dieses Unternehmen ist für Sie nicht freigegeben. Bitte wählen Sie über die Schaltfläche „Unternehmen“ ein anderes aus.',
    'error.unauthorized': 'Sie sind nicht (mehr) angemeldet. Bitte melden Sie sich an.',
    'error.validationFailed': 'Einige Eingaben sind nicht gültig. Bitte korrigieren Sie die markierten Felder.',
    'error.badRequest': 'Die Anfrage konnte nicht verarbeitet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    'error.internal': 'Auf dem Server ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.',
    'error.rateLimited': 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    'error.mailRelayLimit':
      'Ihr Unternehmen hat in der letzten Stunde so viele Einladungen und Fragebögen versendet, wie möglich sind. Bitte versuchen Sie es später erneut.',
    'error.apiTokenForbidden': 'Mit einem API-Zugang ist das nicht möglich. Bitte melden Sie sich dafür in der Anwendung an.',
    'error.apiTokenReadOnly':
      'Dieser API-Zugang darf nur lesen. Bitte legen Sie für Änderungen einen Zugang mit Schreibrecht an.',
    'error.questionnaireClosed':
      'Dieser Fragebogen wurde bereits abgesendet oder der Link ist abgelaufen. Bitte wenden Sie sich an das Unternehmen, das ihn geschickt hat.',
    'error.payloadTooLarge': 'Die Datei ist zu groß. Bitte wählen Sie eine kleinere Datei.',
    'error.companyArchive.notZip':
      'Die Datei ist kein ZIP-Archiv. Bitte wählen Sie die ZIP-Datei, die der Export eines Unternehmens geliefert hat.',
    'error.companyArchive.damaged':
      'Das Archiv ist beschädigt oder kein Unternehmensexport von Privacy Cockpit. Es wurde nichts angelegt.',
    'error.companyArchive.tooLarge':
      'Das Archiv entpackt sich zu einer zu großen Datenmenge und wird nicht gelesen. Es wurde nichts angelegt.',
    'error.companyArchive.tooManyEntries':
      'Das Archiv enthält zu viele Dateien und wird nicht gelesen. Es wurde nichts angelegt.',
    'error.companyArchive.unsafePath':
      'Das Archiv enthält einen Dateipfad außerhalb des Archivs und wird nicht gelesen. Es wurde nichts angelegt.',
    'error.companyArchive.version':
      'Dieser Unternehmensexport hat die Formatversion {{version}}, die diese Installation nicht kennt. Bitte aktualisieren Sie Privacy Cockpit und versuchen Sie es erneut.',
    'error.companyExportMissingFiles':
      'Im Dateispeicher fehlen Dateien dieses Unternehmens ({{count}}): {{names}}. Ohne sie ließe sich der Export nicht wieder einlesen. Entfernen Sie die betroffenen Anhänge oder stellen Sie die Dateien aus einer Sicherung wieder her.',
    'error.mfaRequired': 'Die Anmeldung ist noch nicht abgeschlossen. Bitte bestätigen Sie zuerst den zweiten Faktor.',
    'error.lock.PasswordExpired': 'Ihr Passwort ist abgelaufen. Bitte vergeben Sie ein neues.',
    'error.lock.AccountExpired': 'Ihr Zugang ist abgelaufen. Bitte wenden Sie sich an die Administration Ihres Unternehmens.',
    'error.lock.TermsOfUseConsentRequired': 'Es gelten neue Nutzungsbedingungen. Bitte stimmen Sie ihnen zuerst zu.',
    'error.invitationLinkInvalid':
      'Dieser Einladungslink ist ungültig. Vielleicht wurde die Einladung erneut versendet; verwenden Sie dann den Link aus der neuesten E-Mail.',
    'error.invitationWithdrawn':
      'Diese Einladung wurde zurückgezogen und kann nicht mehr angenommen werden. Wenden Sie sich bei Fragen an den Absender.',
    'error.invitationAnswered':
      'Diese Einladung wurde bereits beantwortet. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
    'error.couponRedeemed':
      'Dieser Promotion-Code wurde bereits eingelöst und kann nicht gelöscht werden; seine Verträge behalten den Rabatt. Deaktivieren Sie ihn stattdessen.',
    'error.invitationExpired':
      'Diese Einladung ist abgelaufen und kann nicht mehr angenommen werden. Bitten Sie den Absender, sie erneut zu versenden.',
    'error.invitationNotDeletable':
      'Nur offene oder abgelehnte Einladungen können gelöscht werden. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
    'error.invitationAccountExists':
      'Für diese E-Mail-Adresse gibt es bereits einen Zugang. Bitte melden Sie sich an, um die Einladung zu beantworten.',
    'error.resetLinkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    'error.twoFactorAlreadyOn':
      'Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
    'error.twoFactorNotOn':
      'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
    'error.twoFactorNoSetup': 'Die Einrichtung ist nicht mehr gültig. Bitte starten Sie sie erneut.',
    'error.mfaInvalid': 'Der Code ist ungültig. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
    'error.unsubscribeInvalid': 'Der Abmeldelink ist ungültig. Sie können E-Mails auch in Ihrem Profil abbestellen.',
    'error.termsNotCurrent':
      'Diese Fassung der Nutzungsbedingungen ist nicht mehr die aktuelle. Laden Sie die Seite neu, um die aktuelle Fassung zu sehen.',
    'error.tagInUse':
      'Der Eintrag wird noch verwendet und kann nicht gelöscht werden. Entfernen Sie ihn zuerst aus den Einträgen, die ihn nutzen.',
    'error.initiationFinished':
      'Die Ersteinrichtung dieses Unternehmens ist bereits abgeschlossen. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
    'error.demoNeedsAgency':
      'Demo-Unternehmen können nur Datenschutz-Agenturen anlegen. Bitte wählen Sie als übergeordnetes Unternehmen eine Agentur.',
    'error.lastAdministrator':
      '„{{company}}“ hätte danach keine aktive Administration mehr. Ernennen Sie zuerst eine weitere Person dieses Unternehmens zur Administration.',
    'error.externalUser':
      'Diese Person gehört zu einem anderen Unternehmen. Sie können nur ihre Rollen in Ihrem Unternehmen ändern oder ihren Zugang entziehen.',
    'error.selfDeactivation':
      'Sie können Ihren eigenen Zugang nicht deaktivieren. Bitten Sie eine andere Person mit Benutzerverwaltung darum.',
    'error.roleBuiltIn':
      'Eingebaute Rollen können nicht geändert werden. Legen Sie eine eigene Rolle an, wenn Sie andere Rechte brauchen.',
    'error.conflict': 'Jemand hat diesen Eintrag inzwischen geändert. Laden Sie die Seite neu, um die aktuelle Fassung zu sehen.',
    'error.versionConflict':
      'Jemand hat diesen Eintrag gespeichert, nachdem Sie ihn geöffnet haben. Vergleichen Sie die Änderungen und entscheiden Sie, was gelten soll.',
    'time.projectHasRecords': 'Auf dieses Projekt ist bereits Zeit gebucht. Setzen Sie es stattdessen inaktiv.',
    'error.legalNotConfigured': 'Dieses Dokument hat der Betreiber nicht hinterlegt. Bitte wenden Sie sich an den Betreiber.',
    'error.mfaCodeReused': 'Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code.',
  },
  en: {
    'error.notFound': 'This entry was not found. It may have been deleted; open the list to see the current state.',
    'error.forbidden': 'You do not have permission to do that. Please contact your company administration.',
    'error.scopeForbidden': 'This company is not available to you. Please choose another one with the “Company” button.',
    'error.unauthorized': 'You are not (or no longer) logged in. Please log in.',
    'error.validationFailed': 'Some entries are not valid. Please correct the marked fields.',
    'error.badRequest': 'The request could not be processed. Please reload the page and try again.',
    'error.internal': 'An unexpected error occurred on the server. Please try again in a few minutes.',
    'error.rateLimited': 'Too many requests. Please wait a moment.',
    'error.mailRelayLimit':
      'Your company has sent as many invitations and questionnaires in the last hour as it may. Please try again later.',
    'error.apiTokenForbidden': 'This is not possible with an API token. Please sign in to the application for it.',
    'error.apiTokenReadOnly': 'This API token may only read. Please create a token with write access for changes.',
    'error.questionnaireClosed':
      'This questionnaire has already been submitted or its link has expired. Please contact the company that sent it.',
    'error.payloadTooLarge': 'The file is too large. Please choose a smaller file.',
    'error.companyArchive.notZip': 'The file is not a ZIP archive. Please choose the ZIP file a company export produced.',
    'error.companyArchive.damaged': 'The archive is damaged or not a Privacy Cockpit company export. Nothing was created.',
    'error.companyArchive.tooLarge': 'The archive unpacks to too much data and is not read. Nothing was created.',
    'error.companyArchive.tooManyEntries': 'The archive holds too many files and is not read. Nothing was created.',
    'error.companyArchive.unsafePath': 'The archive holds a file path outside the archive and is not read. Nothing was created.',
    'error.companyArchive.version':
      'This company export has format version {{version}}, which this installation does not know. Please update Privacy Cockpit and try again.',
    'error.companyExportMissingFiles':
      'Files of this company are missing from the file store ({{count}}): {{names}}. Without them the export could not be read back. Remove the attachments concerned or restore the files from a backup.',
    'error.mfaRequired': 'The login is not complete yet. Please confirm the second factor first.',
    'error.lock.PasswordExpired': 'Your password has expired. Please choose a new one.',
    'error.lock.AccountExpired': 'Your account has expired. Please contact your company administration.',
    'error.lock.TermsOfUseConsentRequired': 'New terms of use apply. Please accept them first.',
    'error.invitationLinkInvalid':
      'This invitation link is invalid. The invitation may have been sent again; then use the link in the latest e-mail.',
    'error.invitationWithdrawn':
      'This invitation was withdrawn and can no longer be accepted. Ask the sender if you have questions.',
    'error.invitationAnswered': 'This invitation has already been answered. Reload the page to see the current state.',
    'error.couponRedeemed':
      'This promotion code has been redeemed and cannot be deleted; its contracts keep the discount. Deactivate it instead.',
    'error.invitationExpired': 'This invitation has expired and can no longer be accepted. Ask the sender to send it again.',
    'error.invitationNotDeletable':
      'Only pending or declined invitations can be deleted. Reload the page to see the current state.',
    'error.invitationAccountExists':
      'There already is an account for this e-mail address. Please sign in to answer the invitation.',
    'error.resetLinkInvalid': 'The link is invalid or has expired. Please request a new one.',
    'error.twoFactorAlreadyOn': 'Two-factor login is already on. Reload the page to see the current state.',
    'error.twoFactorNotOn': 'Two-factor login is not on. Reload the page to see the current state.',
    'error.twoFactorNoSetup': 'The set-up is no longer valid. Please start it again.',
    'error.mfaInvalid': 'The code is invalid. Please enter the current code from your authenticator app.',
    'error.unsubscribeInvalid': 'The unsubscribe link is invalid. You can also unsubscribe from e-mails in your profile.',
    'error.termsNotCurrent':
      'This version of the terms of use is no longer the current one. Reload the page to see the current version.',
    'error.tagInUse': 'The entry is still in use and cannot be deleted. Remove it from the entries that use it first.',
    'error.initiationFinished':
      'The initial setup of this company is already finished. Reload the page to see the current state.',
    'error.demoNeedsAgency':
      'Only data privacy agencies can create demo companies. Please choose an agency as the parent company.',
    'error.lastAdministrator':
      '“{{company}}” would then have no active administrator. Make another person of this company an administrator first.',
    'error.externalUser':
      'This person belongs to another company. You can only change their roles in your company or revoke their access.',
    'error.selfDeactivation': 'You cannot deactivate your own access. Ask another person with user administration to do it.',
    'error.roleBuiltIn': 'Built-in roles cannot be changed. Create a role of your own if you need other rights.',
    'error.conflict': 'Someone has changed this entry in the meantime. Reload the page to see the current version.',
    'error.versionConflict':
      'Someone saved this entry after you opened it. Compare the changes and decide which values should stand.',
    'time.projectHasRecords': 'Time has been booked on this project. Set it inactive instead.',
    'error.legalNotConfigured': 'The operator has not provided this document. Please contact the operator.',
    'error.mfaCodeReused': 'This code has already been used. Please wait for the next code.',
  },
};

/** The message keys of each language, for the catalogue test. */
export const messageKeys = (locale: Language) => Object.keys(messages[locale]);

export function translate(locale: Language, key: string, vars: Record<string, string> = {}): string {
  const text = messages[locale][key] ?? messages.de[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => vars[name] ?? m);
}
