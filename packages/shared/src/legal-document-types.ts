// No zod here: the login screen links them.
/** The legal documents the app shows. */
export const legalDocumentTypes = ['imprint', 'privacy-statement', 'terms-of-use'] as const;
