import { type ItemTypeKey, itemTypes } from '@pc/shared';
import { arrayParam } from '../db/types';

/**
 * The item types whose Read claim the caller holds. Cross-type answers (statistics, timeline,
 * calendar, appointment links, search) filter by these so that nothing about a register the
 * caller may not open leaks through another screen.
 */
export function readableItemTypes(claims: ReadonlySet<string>): ItemTypeKey[] {
  return itemTypes.filter((t) => claims.has(`${t.claim}.Read`)).map((t) => t.key);
}

/** A PostgreSQL text[] literal; item type keys are plain kebab-case, so nothing needs quoting. */
export const typeArray: (types: readonly ItemTypeKey[]) => string = arrayParam;
