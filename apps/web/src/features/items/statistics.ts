import { useItemStatistics } from '../../lib/item-statistics';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';

/** Open issues for the sidebar badge; creates, edits and deletes refresh it. */
export function useOpenIssueCount(): number | undefined {
  const canRead = useSession((s) => hasClaim(s.me, 'Issue.Read'));
  return useItemStatistics(canRead).data?.find((s) => s.itemType === 'issue')?.open;
}
