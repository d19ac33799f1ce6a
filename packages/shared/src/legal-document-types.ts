// No zod here: the login screen links them.
/** Spec 000 §9 "Legal document types". */
export const legalDocumentTypes = ['imprint', 'privacy-statement', 'terms-of-use'] as const;
