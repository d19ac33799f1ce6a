import type { AdminUserRights } from '@pc/shared';

/**
 * The caller's rights on a user in the administration (the list holds only users of companies
 * the caller sees, all of which row-level security lets them change): User.Read with User.Write
 * edits, (de)activates and runs the account actions; a user cannot deactivate themselves
 * (they would be logged out with no way back), whether or not others could reactivate them. Users are deactivated, not deleted; the last
 * administrator of a company is protected when saving (409), not here. Creating needs the same
 * claims and is guarded by the route's claim rule.
 */
export function adminUserRights(
  claims: ReadonlySet<string>,
  userId: string,
  callerId: string,
  external = false,
): AdminUserRights {
  const admin = claims.has('User.Read') && claims.has('User.Write');
  // A person of another tenant is administered by their own tenant; the granting company only
  // chooses their roles in it and revokes the grant.
  const write = admin && !external;
  return { write, deactivate: write && userId !== callerId, grant: admin && external };
}
