import { statusCategorySchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api/api-client';
import { useSession } from './session/session-store';

/** Query key prefix of GET /api/item/statistics; item mutations invalidate it. */
export const statisticsKey = ['item-statistics'] as const;

/**
 * The status categories of the scope. The dashboard tiles, the radar and the menu badge all
 * read this one query, so one request per scope serves them (spec 001 §2). `enabled` is false
 * where statistics must not show or may not be read.
 */
export function useItemStatistics(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: [...statisticsKey, scopeId],
    queryFn: ({ signal }) => apiRequest('/item/statistics', { schema: z.array(statusCategorySchema), signal }),
    enabled,
  });
}
