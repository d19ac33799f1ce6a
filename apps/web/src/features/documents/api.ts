import { attachmentSchema } from '@pc/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { GridDefaults, GridView } from '../../components/data-grid/use-server-grid';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';

export type Attachment = z.infer<typeof attachmentSchema>;
const pageSchema = z.object({ items: z.array(attachmentSchema), total: z.number().int() });

/** Every attachment query starts with 'attachments': one invalidation refreshes the list. */
export const documentKeys = {
  all: ['attachments'] as const,
  page: (scopeId: string | null, page: number, pageSize: number) => ['attachments', scopeId, page, pageSize] as const,
};

/** The list opens on 50 documents a page, in the server's order; it has no filters. */
export const documentDefaults: GridDefaults = { pageSize: 50, sort: '', dir: 'desc', filters: {} };

/** One page of the scope's documents for a view of the list (the query `useServerGrid` runs). */
export const documentPageQuery = (scopeId: string | null) => (view: GridView) =>
  queryOptions({
    queryKey: documentKeys.page(scopeId, view.page, view.pageSize),
    queryFn: ({ signal }) =>
      apiRequest(`/attachment?page=${view.page}&pageSize=${view.pageSize}`, { schema: pageSchema, signal }),
  });

export async function downloadDocument(attachment: Attachment) {
  const file = await apiRequest<DownloadedFile>(`/attachment/${attachment.id}/download`, { responseType: 'file' });
  saveFile(file, attachment.fileName);
}

export function deleteDocument(attachment: Attachment): Promise<void> {
  return apiRequest(`/attachment/${encodeURIComponent(attachment.id)}`, { method: 'DELETE', responseType: 'none' });
}
