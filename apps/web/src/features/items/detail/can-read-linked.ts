import { type ItemTypeKey, itemTypes } from '@pc/shared';
import { hasClaim } from '../../../lib/permissions';

/** Whether a links field of `itemType` can offer options: the user reads that register. */
export function canReadLinked(me: Parameters<typeof hasClaim>[0], itemType: ItemTypeKey): boolean {
  const claim = itemTypes.find((x) => x.key === itemType)?.claim;
  return hasClaim(me, `${claim}.Read`);
}
