import { type ImportPreview, type ImportResult, type ItemTypeKey, importPreviewSchema, importResultSchema } from '@pc/shared';
import { apiRequest, type DownloadedFile, saveFile } from '../../../lib/api/api-client';
import { uploadFile } from '../../../lib/api/upload';

const withCompany = (companyId: string | null, params: Record<string, string> = {}) =>
  new URLSearchParams({ ...params, ...(companyId ? { companyId } : {}) }).toString();

/** Uploads a file for a dry run: the server reads, maps and checks it and keeps it for the commit. */
export async function previewImport(
  type: ItemTypeKey,
  file: File,
  companyId: string | null,
  onProgress: (fraction: number) => void,
): Promise<ImportPreview> {
  const body = await uploadFile(`/import/${type}/preview?${withCompany(companyId)}`, file, onProgress);
  return importPreviewSchema.parse(body);
}

/** The same file checked again with the user's column mapping (remembered for next time). */
export function remapImport(importId: string, mapping: (string | null)[]): Promise<ImportPreview> {
  return apiRequest(`/import/${encodeURIComponent(importId)}/mapping`, {
    method: 'POST',
    json: { mapping },
    schema: importPreviewSchema,
  });
}

/** Writes every row of the checked file in one go, or nothing; `onProgress` hears the rows written so far. */
export function commitImport(importId: string, onProgress: (done: number, total: number) => void): Promise<ImportResult> {
  return apiRequest(`/import/${encodeURIComponent(importId)}/commit`, {
    method: 'POST',
    json: {},
    schema: importResultSchema,
    responseType: 'progress',
    onProgress,
  });
}

export async function downloadTemplate(type: ItemTypeKey, format: 'xlsx' | 'csv', companyId: string | null) {
  const file = await apiRequest<DownloadedFile>(`/import/${type}/template?${withCompany(companyId, { format })}`, {
    responseType: 'file',
  });
  saveFile(file, `${type}.${format}`);
}

/** The rows with errors as a workbook, built by the server in the user's language. */
export async function downloadImportErrors(importId: string) {
  const file = await apiRequest<DownloadedFile>(`/import/${encodeURIComponent(importId)}/errors`, { responseType: 'file' });
  saveFile(file, 'import-errors.xlsx');
}
