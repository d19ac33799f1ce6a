import { type SavedView, type SavedViewInput, savedViewSchema } from '@pc/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api/api-client';

/** The caller's saved views of one list (GET /api/view?register=). */
export const savedViewsQuery = (register: string) =>
  queryOptions({
    queryKey: ['saved-view', register] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/view?register=${encodeURIComponent(register)}`, { schema: z.array(savedViewSchema), signal }),
    staleTime: 60_000,
  });

export function useSavedViews(register: string) {
  return useQuery(savedViewsQuery(register));
}

export function saveView(id: string | null, body: SavedViewInput): Promise<SavedView> {
  return id
    ? apiRequest(`/view/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema: savedViewSchema })
    : apiRequest('/view', { method: 'POST', json: body, schema: savedViewSchema });
}

export function deleteView(id: string): Promise<void> {
  return apiRequest(`/view/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

/** Saves, replaces or deletes a view; the list's views are read again after each. */
export function useViewMutations(register: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['saved-view', register] });
  return {
    save: useMutation({ mutationFn: (v: { id: string | null; body: SavedViewInput }) => saveView(v.id, v.body), onSettled }),
    remove: useMutation({ mutationFn: deleteView, onSettled }),
  };
}
