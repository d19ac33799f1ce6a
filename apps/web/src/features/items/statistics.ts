import { statusCategorySchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { statisticsKey } from './statistics-key';

/**
 * Open issues for the sidebar badge (spec 000 §2), from the dashboard statistics: the same key
 * and answer as the dashboard and radar, so one request per scope serves all three. Item
 * mutations invalidate the key prefix, so the badge follows creates, edits and deletes.
 */
export function useOpenIssueCount(): number | undefined {
  const canRead = useSession((s) => hasClaim(s.me, 'Issue.Read'));
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const stats = useQuery({
    queryKey: [...statisticsKey, scopeId],
    queryFn: ({ signal }) => apiRequest('/item/statistics', { schema: z.array(statusCategorySchema), signal }),
    enabled: canRead,
  });
  return stats.data?.find((s) => s.itemType === 'issue')?.open;
}
