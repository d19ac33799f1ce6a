import { z } from 'zod';
import { recordVersion } from './error-body';
import { tagTypes } from './items/fields';
import { text } from './scalars';

export const tagTypeSchema = z.enum(tagTypes);

/** The caller's rights on a tag or text module, decided by the server's policy and sent with it. */
export const tagRightsSchema = z.object({ write: z.boolean(), delete: z.boolean() });
export type TagRights = z.infer<typeof tagRightsSchema>;

/** A tag: id, description, name. */
export const tagSchema = z.object({
  id: z.uuid(),
  type: tagTypeSchema,
  name: z.string(),
  description: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  usage: z.number().int(),
  rights: tagRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagInputSchema = z.object({
  name: text.trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  description: text.trim().max(2000, 'validation.tooLong').optional().default(''),
  companyId: z.uuid().optional(),
});

/** A text module: id (number), name (text). */
export const textModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.uuid(),
  rights: tagRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type TextModule = z.infer<typeof textModuleSchema>;
export const textModuleInputSchema = z.object({
  name: text.trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  companyId: z.uuid().optional(),
});

/** The caller's rights on an attachment (uploading is a right on its item). */
export const attachmentRightsSchema = z.object({ delete: z.boolean() });
export type AttachmentRights = z.infer<typeof attachmentRightsSchema>;

export const attachmentSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid().nullable(),
  itemType: z.string().nullable(),
  itemName: z.string().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  rights: attachmentRightsSchema,
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** 20 MB per file; images previewable only as png, jpeg, gif. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const previewableMimeTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const allowedAttachmentMimeTypes = [
  ...previewableMimeTypes,
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/zip',
  'message/rfc822',
] as const;

export const addMissingMeasuresSchema = z.object({ companyId: z.uuid(), options: z.null().optional() });
export const addMissingMeasuresResultSchema = z.object({ created: z.number().int() });
export const measureCatalogueEntrySchema = z.object({
  key: z.string(),
  category: z.string(),
  name: z.string(),
  description: z.string(),
});
