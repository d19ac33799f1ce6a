import { searchableItemSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { useSession } from '../../lib/session/session-store';

/** Every search query starts with 'search', then the scope: a new scope asks again. */
export const searchKeys = {
  all: ['search'] as const,
  text: (scopeId: string | null, text: string) => ['search', scopeId, text] as const,
};

/** The items and documents matching a (debounced, trimmed) text in the scope; nothing is asked for an empty text. */
export function useItemSearch(text: string) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: searchKeys.text(scopeId, text),
    queryFn: ({ signal }) =>
      apiRequest(`/searchable-item/search/${encodeURIComponent(text)}`, { schema: z.array(searchableItemSchema), signal }),
    enabled: text !== '',
    staleTime: 10_000,
  });
}
