import { z } from 'zod';
import { legalDocumentTypes } from './legal-document-types';
import { languageSchema } from './user';

export const legalDocumentTypeSchema = z.enum(legalDocumentTypes);
export type LegalDocumentType = z.infer<typeof legalDocumentTypeSchema>;

export const legalDocumentSchema = z.object({
  type: legalDocumentTypeSchema,
  /** The language of the content: the requested one, or the other when only that one exists. */
  language: languageSchema,
  /** Markdown. */
  content: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
