import { previousQuarterSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { statisticsKey } from '../../lib/item-statistics';
import { useSession } from '../../lib/session/session-store';

/** The radar's query keys: under the statistics' key, so an item's change refreshes them too. */
export const radarKeys = {
  previousQuarter: (scopeId: string | null) => [...statisticsKey, 'previous-quarter', scopeId] as const,
};

/** Each register's closed share at the end of the previous quarter, for the radar's comparison. */
export function usePreviousQuarter(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: radarKeys.previousQuarter(scopeId),
    queryFn: ({ signal }) => apiRequest('/item/previous-quarter', { schema: previousQuarterSchema, signal }),
    enabled,
    // A past quarter's figures change only through history; the scope's statistics refresh them on a change.
    staleTime: 10 * 60_000,
  });
}
