import { type ItemTypeKey, itemTypes } from '@pc/shared';
import { useMatches } from '@tanstack/react-router';
import { useSession } from '../../lib/session/session-store';
import { canWriteType } from './detail/linked-items';

/** The item type of the current route (its section is the type key) and what the user may do. */
export function useItemType() {
  const section = useMatches({ select: (m) => m[m.length - 1]?.staticData?.section });
  const type = itemTypes.find((t) => t.key === section) ?? itemTypes[0];
  const claims = useSession((s) => s.me?.claims) ?? [];
  return {
    type: type.key as ItemTypeKey,
    route: type.route as string,
    canWrite: canWriteType(claims, type.key as ItemTypeKey),
  };
}
