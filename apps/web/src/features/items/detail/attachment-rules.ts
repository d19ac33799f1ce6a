import { ATTACHMENT_MAX_BYTES, allowedAttachmentMimeTypes, previewableMimeTypes } from '@pc/shared';

export type FileProblem = 'tooLarge' | 'fileType' | 'fileEmpty';

/** The checks the server makes, done before uploading so the user learns at once (20 MB, allowed types, not empty). */
export function checkFile(file: { size: number; type: string }): FileProblem | null {
  if (file.size === 0) return 'fileEmpty';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'tooLarge';
  if (!(allowedAttachmentMimeTypes as readonly string[]).includes(file.type)) return 'fileType';
  return null;
}

/** Image preview only for png, jpeg and gif. */
export const isPreviewable = (mimeType: string) => (previewableMimeTypes as readonly string[]).includes(mimeType);

export const MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);
