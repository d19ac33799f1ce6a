import type { TagRights } from '@pc/shared';

/**
 * The caller's rights on a text module they can see: managing text modules is part of tag
 * management, so Tag.Write edits and deletes (as the routes' claim rule, which also guards
 * creating). Sent with every text module.
 */
export function textModuleRights(claims: ReadonlySet<string>): TagRights {
  const write = claims.has('Tag.Write');
  return { write, delete: write };
}
