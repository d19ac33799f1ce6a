import { type helpContentInputSchema, helpContentSchema, languages } from '@pc/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type HelpContent = z.infer<typeof helpContentSchema>;
export type HelpContentInput = z.infer<typeof helpContentInputSchema>;

export const helpAdminKey = ['help-admin', 'contents'] as const;

/**
 * Every help content in every language. The API answers per route and language (and lists the
 * routes that have help per language), so the list is put together from those answers.
 */
export async function fetchAllHelpContents(signal?: AbortSignal): Promise<HelpContent[]> {
  const perLanguage = await Promise.all(
    languages.map(async (locale) => {
      const routes = await apiRequest(`/help-content/routes?locale=${locale}`, { schema: z.array(z.string()), signal });
      return routes.map((route) => ({ route, locale }));
    }),
  );
  const lists = await Promise.all(
    perLanguage.flat().map(({ route, locale }) =>
      apiRequest(`/help-content?route=${encodeURIComponent(route)}&locale=${locale}`, {
        schema: z.array(helpContentSchema),
        signal,
      }),
    ),
  );
  return lists.flat();
}

/** Every help content in every language (the administration list). */
export function useHelpContents() {
  return useQuery({ queryKey: helpAdminKey, queryFn: ({ signal }) => fetchAllHelpContents(signal) });
}

/** Deletes a help content; the list and the toolbar's help are read again before it settles. */
export function useDeleteHelpContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: HelpContent) => deleteHelpContent(item.id),
    onSuccess: () => invalidateHelp(queryClient),
  });
}

export function createHelpContent(body: HelpContentInput): Promise<HelpContent> {
  return apiRequest('/help-content', { method: 'POST', json: body, schema: helpContentSchema });
}

export function updateHelpContent(id: string, body: HelpContentInput): Promise<HelpContent> {
  return apiRequest(`/help-content/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema: helpContentSchema });
}

export function deleteHelpContent(id: string): Promise<void> {
  return apiRequest(`/help-content/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}

/** After a change: this list, and the toolbar's help button and dialog (their cached answers). */
export async function invalidateHelp(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: helpAdminKey }),
    queryClient.invalidateQueries({ queryKey: ['help-routes'] }),
    queryClient.invalidateQueries({ queryKey: ['help-content'] }),
  ]);
}
