import { type ItemRights, type ItemTypeKey, itemTypes } from '@pc/shared';

/**
 * The caller's rights on an item they can see (row-level security and the scope decided that):
 * the type's Write claim edits and deletes. Sent with every item; the web shows controls from
 * these. Creating needs the same claim and is guarded by the route's claim rule.
 */
export function itemRights(claims: ReadonlySet<string>, type: ItemTypeKey): ItemRights {
  const claim = itemTypes.find((t) => t.key === type)!.claim;
  const write = claims.has(`${claim}.Read`) && claims.has(`${claim}.Write`);
  return { write, delete: write };
}
