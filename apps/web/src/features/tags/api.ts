import { type TagType, tagSchema, textModuleSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

/** Same keys as the item forms use, so a tag added here shows up there. */
export const tagListKey = (type: TagType) => ['tags', type] as const;
export const textModuleKey = ['text-modules'] as const;

export function useTagList(type: TagType) {
  return useQuery({ queryKey: tagListKey(type), queryFn: () => apiRequest(`/tag/${type}`, { schema: z.array(tagSchema) }) });
}

export function saveTag(
  type: TagType,
  id: string | null,
  body: { name: string; description: string; companyId?: string },
  ifMatch?: number,
) {
  const schema = z.object({ id: z.uuid(), version: z.number().int().optional() });
  return id
    ? apiRequest(`/tag/${type}/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema, ifMatch })
    : apiRequest(`/tag/${type}`, { method: 'POST', json: body, schema });
}

export function deleteTag(type: TagType, id: string) {
  return apiRequest(`/tag/${type}/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

export function useTextModules() {
  return useQuery({ queryKey: textModuleKey, queryFn: () => apiRequest('/text-module', { schema: z.array(textModuleSchema) }) });
}

export function saveTextModule(id: number | null, body: { name: string; companyId?: string }, ifMatch?: number) {
  return id
    ? apiRequest(`/text-module/${id}`, { method: 'PUT', json: body, schema: textModuleSchema, ifMatch })
    : apiRequest('/text-module', { method: 'POST', json: body, schema: textModuleSchema });
}

export function deleteTextModule(id: number) {
  return apiRequest(`/text-module/${id}`, { method: 'DELETE', responseType: 'none' });
}
