import { statusCategorySchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { statisticsKey } from './statistics-key';

/**
 * Open issues for the sidebar badge (spec 000 §2), from the dashboard statistics. Item
 * mutations invalidate the key, so the badge follows creates, edits and deletes.
 */
export function useOpenIssueCount(): number | undefined {
  const canRead = useSession((s) => hasClaim(s.me, 'Issue.Read'));
  const stats = useQuery({
    queryKey: statisticsKey,
    queryFn: () => apiRequest('/item/statistics', { schema: z.array(statusCategorySchema) }),
    enabled: canRead,
    staleTime: 60_000,
  });
  return stats.data?.find((s) => s.itemType === 'issue')?.open;
}
