import type { RoleRights } from '@pc/shared';

/**
 * The caller's rights on a role they can see (row-level security: the built-in roles and the
 * custom roles of the caller's companies): Role.Write edits and deletes custom roles; built-in
 * roles are kept in code and never change. Sent with every role; creating needs Role.Write and
 * is guarded by the route's claim rule.
 */
export function roleRights(claims: ReadonlySet<string>, builtIn: boolean): RoleRights {
  const write = claims.has('Role.Write') && !builtIn;
  return { write, delete: write };
}
