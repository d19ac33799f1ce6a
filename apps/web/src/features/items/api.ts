import {
  type Attachment,
  attachmentSchema,
  companyListItemSchema,
  type Item,
  type ItemTypeKey,
  itemHistoryEntrySchema,
  itemPageSchema,
  itemSchema,
  type TagType,
  tagSchema,
} from '@pc/shared';
import { keepPreviousData, type QueryClient, useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { childrenParams, sortChildren } from './detail/linked-items';
import { statisticsKey } from './statistics-key';

/** Every item query key starts with 'items' and the type, so one invalidation refreshes a register. */
export const itemKeys = {
  type: (type: ItemTypeKey) => ['items', type] as const,
  list: (type: ItemTypeKey, params: string) => ['items', type, 'list', params] as const,
  options: (type: ItemTypeKey) => ['items', type, 'options'] as const,
  one: (type: ItemTypeKey, id: string) => ['items', type, 'one', id] as const,
  history: (type: ItemTypeKey, id: string) => ['items', type, 'history', id] as const,
  attachments: (type: ItemTypeKey, id: string) => ['items', type, 'attachments', id] as const,
  /** Items of `type` under one parent: filed under the child's type, so creating one refreshes it. */
  children: (type: ItemTypeKey, parentId: string) => ['items', type, 'children', parentId] as const,
};

export { statisticsKey } from './statistics-key';

export function fetchItemPage(type: ItemTypeKey, params: URLSearchParams | string) {
  return apiRequest(`/${type}?${params.toString()}`, { schema: itemPageSchema });
}

export function useItemPage(type: ItemTypeKey, params: string) {
  return useQuery({
    queryKey: itemKeys.list(type, params),
    queryFn: ({ signal }) => apiRequest(`/${type}?${params}`, { schema: itemPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useItem(type: ItemTypeKey, id: string | null) {
  return useQuery({
    queryKey: itemKeys.one(type, id ?? ''),
    queryFn: () => apiRequest(`/${type}/${encodeURIComponent(id!)}`, { schema: itemSchema }),
    enabled: !!id,
  });
}

export function useItemHistory(type: ItemTypeKey, id: string, enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.history(type, id),
    queryFn: () => apiRequest(`/${type}/${encodeURIComponent(id)}/history`, { schema: z.array(itemHistoryEntrySchema) }),
    enabled,
  });
}

/** Options of a links field: up to 500 items of the linked type (filtered by company by the caller). */
export function useLinkOptions(type: ItemTypeKey, enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.options(type),
    queryFn: () => fetchItemPage(type, 'pageSize=500&sort=number&dir=asc'),
    enabled,
    select: (page) => page.items,
  });
}

/**
 * Children of one item across the given types (those the user may read): one list request per
 * type through the generic list's parent filter, merged in type and number order.
 */
export function useChildItems(parentType: ItemTypeKey, parentId: string, types: readonly ItemTypeKey[]) {
  const params = childrenParams(parentType, parentId);
  return useQueries({
    queries: types.map((type) => ({
      queryKey: itemKeys.children(type, parentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(`/${type}?${params}`, { schema: itemPageSchema, signal }),
    })),
    combine: (results) => ({
      items: sortChildren(results.flatMap((r) => r.data?.items ?? [])),
      /** Children beyond the page size of their type, not shown. */
      hidden: results.reduce((n, r) => n + (r.data ? r.data.total - r.data.items.length : 0), 0),
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      refetch: () => {
        for (const r of results) if (r.isError) void r.refetch();
      },
    }),
  });
}

export function saveItem(type: ItemTypeKey, id: string | null, body: unknown): Promise<Item> {
  return id
    ? apiRequest(`/${type}/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema: itemSchema })
    : apiRequest(`/${type}`, { method: 'POST', json: body, schema: itemSchema });
}

export function deleteItem(type: ItemTypeKey, id: string): Promise<void> {
  return apiRequest(`/${type}/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

/** After any change to items of a type: its lists, options and details, and the menu badge. */
export function invalidateItems(client: QueryClient, type: ItemTypeKey) {
  void client.invalidateQueries({ queryKey: itemKeys.type(type) });
  void client.invalidateQueries({ queryKey: statisticsKey });
}

// --- people and companies -------------------------------------------------------------------

/** GET /api/user/lookup (the server declares the shape next to its route). */
export const userLookupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
});
export type UserLookup = z.infer<typeof userLookupSchema>;

export function useUserLookup() {
  return useQuery({
    queryKey: ['user-lookup'],
    queryFn: () => apiRequest('/user/lookup', { schema: z.array(userLookupSchema) }),
    staleTime: 5 * 60_000,
  });
}

export function useCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['company', 'list-items'],
    queryFn: () => apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) }),
    enabled,
  });
}

// --- tags -------------------------------------------------------------------------------------

export const tagKeys = { type: (type: TagType) => ['tags', type] as const };

export function useTags(type: TagType, enabled = true) {
  return useQuery({
    queryKey: tagKeys.type(type),
    queryFn: () => apiRequest(`/tag/${type}`, { schema: z.array(tagSchema) }),
    enabled,
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
