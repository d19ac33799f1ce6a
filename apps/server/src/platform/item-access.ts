import { type ItemTypeKey, itemTypes } from '@pc/shared';
import { arrayParam } from '../db/types';

/**
 * The item types whose Read claim the caller holds. Cross-type answers (statistics, timeline,
 * calendar, appointment links, search) filter by these so that nothing about a register the
 * caller may not open leaks through another screen.
 */
export function readableItemTypes(claims: ReadonlySet<string>): ItemTypeKey[] {
  return itemReadClaims.filter((t) => claims.has(t.claim)).map((t) => t.type);
}

/**
 * Each item type with the claim that reads its register, for answers the database computes for
 * many people at once (the weekly digest asks who holds it in each company).
 */
export const itemReadClaims: readonly { type: ItemTypeKey; claim: string }[] = itemTypes.map((t) => ({
  type: t.key,
  claim: `${t.claim}.Read`,
}));

/** A PostgreSQL text[] literal; item type keys are plain kebab-case, so nothing needs quoting. */
export const typeArray: (types: readonly ItemTypeKey[]) => string = arrayParam;
