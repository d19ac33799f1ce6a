import {
  type Attachment,
  addMissingMeasuresResultSchema,
  attachmentSchema,
  type BulkRequest,
  type BulkResult,
  bulkResultSchema,
  bulkUndoResultSchema,
  documentPlaceholderValuesSchema,
  type Item,
  type ItemTypeKey,
  itemHistoryEntrySchema,
  itemPageSchema,
  itemSchema,
  serviceAgreementKinds,
  summaryReportSchema,
  type TagType,
  tagSchema,
} from '@pc/shared';
import { type QueryClient, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { GridView } from '../../components/data-grid/use-server-grid';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { statisticsKey } from '../../lib/item-statistics';
import { sortChildren } from './detail/linked-items';
import { registerParams, serviceAgreementParams } from './list/list-state';

/** Every item query key starts with 'items' and the type, so one invalidation refreshes a register. */
export const itemKeys = {
  type: (type: ItemTypeKey) => ['items', type] as const,
  list: (type: ItemTypeKey, params: string) => ['items', type, 'list', params] as const,
  options: (type: ItemTypeKey) => ['items', type, 'options'] as const,
  one: (type: ItemTypeKey, id: string) => ['items', type, 'one', id] as const,
  history: (type: ItemTypeKey, id: string) => ['items', type, 'history', id] as const,
  attachments: (type: ItemTypeKey, id: string) => ['items', type, 'attachments', id] as const,
  /** Items of any type under one parent. */
  children: (parentId: string) => ['items', 'children', parentId] as const,
};

export function fetchItemPage(type: ItemTypeKey, params: URLSearchParams | string) {
  return apiRequest(`/${type}?${params.toString()}`, { schema: itemPageSchema });
}

export const itemPageQuery = (type: ItemTypeKey, params: string) =>
  queryOptions({
    queryKey: itemKeys.list(type, params),
    queryFn: ({ signal }) => apiRequest(`/${type}?${params}`, { schema: itemPageSchema, signal }),
  });

/** A register's page for a view of its list (the query `useServerGrid` runs). */
export const registerPageQuery = (type: ItemTypeKey) => (view: GridView) => itemPageQuery(type, registerParams(view).toString());

/** /service-agreement: one list over the three kinds (`kind` narrows it). */
export function fetchServiceAgreementPage(params: URLSearchParams | string) {
  return apiRequest(`/service-agreement?${params.toString()}`, { schema: itemPageSchema });
}

/** One page of the service-agreement list for a view (the query `useServerGrid` runs). */
export function serviceAgreementPageQuery(view: GridView) {
  const params = serviceAgreementParams(view).toString();
  return queryOptions({
    queryKey: ['items', 'service-agreement', 'list', params] as const,
    queryFn: ({ signal }) => apiRequest(`/service-agreement?${params}`, { schema: itemPageSchema, signal }),
  });
}

/** The generic detail route names no kind: the server finds the agreement whatever its kind. */
export function useServiceAgreement(id: string) {
  return useQuery({
    queryKey: ['items', 'service-agreement', 'one', id],
    queryFn: ({ signal }) => apiRequest(`/service-agreement/${id}`, { schema: itemSchema, signal }),
    retry: false,
  });
}

export const itemQuery = (type: ItemTypeKey, id: string) =>
  queryOptions({
    queryKey: itemKeys.one(type, id),
    queryFn: () => apiRequest(`/${type}/${encodeURIComponent(id)}`, { schema: itemSchema }),
  });

export function useItem(type: ItemTypeKey, id: string | null) {
  return useQuery({ ...itemQuery(type, id ?? ''), enabled: !!id });
}

export function useItemHistory(type: ItemTypeKey, id: string, enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.history(type, id),
    queryFn: () => apiRequest(`/${type}/${encodeURIComponent(id)}/history`, { schema: z.array(itemHistoryEntrySchema) }),
    enabled,
  });
}

/** Options of a links field: up to 500 items of the linked type (filtered by company by the caller). */
export const linkOptionsQuery = (type: ItemTypeKey) =>
  queryOptions({
    queryKey: itemKeys.options(type),
    queryFn: () => fetchItemPage(type, 'pageSize=500&sort=number&dir=asc'),
  });

export function useLinkOptions(type: ItemTypeKey, enabled: boolean) {
  return useQuery({ ...linkOptionsQuery(type), enabled, select: (page) => page.items });
}

/** Children of one item across every type the user may read, in one request (the server filters by claims). */
export const childItemsQuery = (parentType: ItemTypeKey, parentId: string) =>
  queryOptions({
    queryKey: itemKeys.children(parentId),
    queryFn: ({ signal }) =>
      apiRequest(`/${parentType}/${encodeURIComponent(parentId)}/children`, { schema: itemPageSchema, signal }),
  });

export function useChildItems(parentType: ItemTypeKey, parentId: string) {
  const query = useQuery(childItemsQuery(parentType, parentId));
  return {
    items: sortChildren(query.data?.items ?? []),
    /** Children beyond the server's limit, not shown. */
    hidden: query.data ? query.data.total - query.data.items.length : 0,
    isPending: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** The values a dynamic document's placeholders take for its item (company, DPO, dates). */
export function useDocumentPlaceholderValues(id: string | null) {
  return useQuery({
    queryKey: [...itemKeys.one('dynamic-document', id ?? ''), 'placeholders'],
    queryFn: () =>
      apiRequest(`/dynamic-document/${encodeURIComponent(id!)}/placeholders`, { schema: documentPlaceholderValuesSchema }),
    enabled: !!id,
  });
}

/** The activity counts of a period (a summary's report), of one company or of the scope. */
export function fetchSummaryReport(from: string, until: string, companyId: string | null | undefined) {
  const params = new URLSearchParams({ from, until });
  if (companyId) params.set('companyId', companyId);
  return apiRequest(`/summary/report?${params}`, { schema: summaryReportSchema });
}

/** A dynamic document as PDF, its placeholders filled with the company's data. */
export async function downloadDocumentPdf(item: Pick<Item, 'id' | 'number'>) {
  const file = await apiRequest<DownloadedFile>(`/dynamic-document/${encodeURIComponent(item.id)}/pdf`, { responseType: 'file' });
  saveFile(file, `${item.number}.pdf`);
}

/** The record of processing activities (Art. 30) of one company, as the controller or the processor keeps it. */
export async function downloadProcessingRegister(
  params: { companyId: string; kind: 'controller' | 'processor'; format: 'pdf' | 'xlsx' | 'docx' },
  fileName: string,
) {
  const file = await apiRequest<DownloadedFile>(`/report/processing-register?${new URLSearchParams(params)}`, {
    responseType: 'file',
  });
  saveFile(file, `${fileName}.${params.format}`);
}

export function saveItem(type: ItemTypeKey, id: string | null, body: unknown, ifMatch?: number): Promise<Item> {
  return id
    ? apiRequest(`/${type}/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema: itemSchema, ifMatch })
    : apiRequest(`/${type}`, { method: 'POST', json: body, schema: itemSchema });
}

export function deleteItem(type: ItemTypeKey, id: string): Promise<void> {
  return apiRequest(`/${type}/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

/** After any change to items of a type: its lists, options and details, linked items, and the menu badge. */
export function invalidateItems(client: QueryClient, type: ItemTypeKey) {
  void client.invalidateQueries({ queryKey: itemKeys.type(type) });
  void client.invalidateQueries({ queryKey: ['items', 'children'] });
  void client.invalidateQueries({ queryKey: statisticsKey });
}

// --- tags -------------------------------------------------------------------------------------

export const tagKeys = { type: (type: TagType) => ['tags', type] as const };

const tagsQuery = (type: TagType, enabled = true) =>
  queryOptions({
    queryKey: tagKeys.type(type),
    queryFn: () => apiRequest(`/tag/${type}`, { schema: z.array(tagSchema) }),
    enabled,
  });

export function useTags(type: TagType, enabled = true) {
  return useQuery(tagsQuery(type, enabled));
}

/** The tags of several kinds, each with its kind, for a filter over a register's items. */
export function useTagsOf(types: readonly TagType[]) {
  return useQueries({
    queries: types.map((type) => tagsQuery(type)),
    combine: (results) => ({
      tags: results.flatMap((r, i) => (r.data ?? []).map((tag) => ({ ...tag, kind: types[i]! }))),
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}

export function createTag(type: TagType, body: { name: string; description?: string; companyId?: string }) {
  return apiRequest(`/tag/${type}`, { method: 'POST', json: body, schema: z.object({ id: z.uuid() }) });
}

// --- attachments ------------------------------------------------------------------------------

export function useAttachments(type: ItemTypeKey, id: string, enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.attachments(type, id),
    queryFn: () => apiRequest(`/${type}/${encodeURIComponent(id)}/attachment`, { schema: z.array(attachmentSchema) }),
    enabled,
  });
}

export function downloadAttachment(a: Pick<Attachment, 'id'>, inline = false): Promise<Blob> {
  return apiRequest<Blob>(`/attachment/${encodeURIComponent(a.id)}/download${inline ? '?inline=true' : ''}`, {
    responseType: 'blob',
  });
}

export function deleteAttachment(id: string): Promise<void> {
  return apiRequest(`/attachment/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

/** Adds the catalogue's measures the company lacks; the measure register is read again. */
export function useAddMissingMeasures(
  companyId: string,
  handlers: { onSuccess: (created: number) => void; onError: (error: Error) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/measure/add-missing', {
        method: 'POST',
        json: { companyId, options: null },
        schema: addMissingMeasuresResultSchema,
      }),
    onSuccess: ({ created }) => {
      invalidateItems(client, 'measure');
      handlers.onSuccess(created);
    },
    onError: handlers.onError,
  });
}

// --- bulk actions -----------------------------------------------------------------------------

/** The register a bulk request goes to: one item type, or the list over all service agreements. */
export type BulkRegister = ItemTypeKey | 'service-agreement';

export function runBulk(register: BulkRegister, body: BulkRequest): Promise<BulkResult> {
  return apiRequest(`/${register}/bulk`, { method: 'POST', json: body, schema: bulkResultSchema });
}

export function undoBulk(register: BulkRegister, undoId: string) {
  return apiRequest(`/${register}/bulk/undo`, { method: 'POST', json: { undoId }, schema: bulkUndoResultSchema });
}

/** After a bulk action: every register it may have touched (the service-agreement list spans three). */
export function invalidateRegister(client: QueryClient, register: BulkRegister) {
  if (register === 'service-agreement') {
    for (const kind of serviceAgreementKinds) invalidateItems(client, kind);
    void client.invalidateQueries({ queryKey: ['items', 'service-agreement'] });
  } else {
    invalidateItems(client, register);
  }
}
