import type { TagRights } from '@pc/shared';

/**
 * The caller's rights on a tag they can see (row-level security and the scope decided that):
 * Tag.Read with Tag.Write edits and deletes (a tag still in use is refused at delete time, 409).
 * Sent with every tag; creating needs the same claims and is guarded by the route's claim rule.
 */
export function tagRights(claims: ReadonlySet<string>): TagRights {
  const write = claims.has('Tag.Read') && claims.has('Tag.Write');
  return { write, delete: write };
}
