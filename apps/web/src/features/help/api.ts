import { helpContentSchema, type Language } from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

/** The existence check: routes with help in a language, fetched once per language. */
export const helpRoutesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['help-routes', language],
    queryFn: ({ signal }) => apiRequest(`/help-content/routes?locale=${language}`, { schema: z.array(z.string()), signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHelpRoutes(language: Language) {
  return useQuery(helpRoutesQuery(language));
}

export function useHelpContents(route: string, language: Language) {
  return useQuery({
    queryKey: ['help-content', route, language],
    queryFn: ({ signal }) =>
      apiRequest(`/help-content?route=${encodeURIComponent(route)}&locale=${language}`, {
        schema: z.array(helpContentSchema),
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** Page index within bounds. */
export function clampPage(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, index));
}
