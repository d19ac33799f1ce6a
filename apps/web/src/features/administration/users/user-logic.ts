import type { AdminUser } from '@pc/shared';
import { toDay } from '../../../lib/format';
import type { UserCommand, UserInput } from './api';

/** Lock-out ends by itself at lockedUntil; until then the administrator can lift it. */
export function isLocked(user: Pick<AdminUser, 'lockedUntil'>, now: Date): boolean {
  return !!user.lockedUntil && new Date(user.lockedUntil).getTime() > now.getTime();
}

/** validUntil is the last day the account works (inclusive). */
export function isExpired(user: Pick<AdminUser, 'validUntil'>, now: Date): boolean {
  return !!user.validUntil && user.validUntil < toDay(now);
}

export function fullName(user: Pick<AdminUser, 'firstname' | 'lastname' | 'email'>): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

/** The form's values for an existing user: exactly what PUT /api/user/:id takes. */
export function inputOf(user: AdminUser): UserInput {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    language: user.language,
    companyId: user.companyId,
    roleIds: [...user.roleIds],
    // The home company is always granted; the form lists only the additional ones.
    companyIds: user.companyIds.filter((id) => id !== user.companyId),
    validUntil: user.validUntil,
    isActive: user.isActive,
  };
}

export function emptyInput(companyId: string, language: 'de' | 'en'): UserInput {
  return {
    firstname: '',
    lastname: '',
    email: '',
    language,
    companyId,
    roleIds: [],
    companyIds: [],
    validUntil: null,
    isActive: true,
  };
}

export type UserAction = 'edit' | UserCommand | 'deactivate' | 'activate' | 'grant' | 'revoke';

/**
 * The actions that make sense for a user right now, in menu order; none without the right to
 * change the user (sent by the server).
 */
export function actionsFor(user: AdminUser, now: Date): UserAction[] {
  // A person of another tenant: the granting company only chooses their roles or ends the grant.
  if (user.external) return user.rights.grant ? ['grant', 'revoke'] : [];
  if (!user.rights.write) return [];
  const actions: UserAction[] = ['edit'];
  if (isLocked(user, now)) actions.push('unlock');
  if (user.isActive) actions.push('invite');
  if (user.hasPassword && !user.mustChangePassword && user.isActive) actions.push('force-password-change');
  if (user.twoFactorEnabled) actions.push('reset-two-factor');
  if (!user.isActive) actions.push('activate');
  else if (user.rights.deactivate) actions.push('deactivate');
  return actions;
}

/** Actions that take something away (or mail someone) ask first. */
export function needsConfirmation(action: UserAction): boolean {
  return action !== 'edit' && action !== 'activate' && action !== 'grant';
}

/** Case-insensitive search over name, e-mail, roles and company names. */
export function matchesQuery(user: AdminUser, query: string, companyNames: readonly string[] = []): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [user.firstname, user.lastname, user.email, user.companyName, ...user.roleNames, ...companyNames].some((s) =>
    s.toLocaleLowerCase().includes(q),
  );
}

/** Names of the companies a user may see: the home company first, then the others alphabetically. */
export function companyNamesOf(user: AdminUser, names: ReadonlyMap<string, string>): string[] {
  if (user.external) return user.external.grants.map((g) => g.companyName);
  const others = user.companyIds
    .filter((id) => id !== user.companyId)
    .map((id) => names.get(id))
    .filter((n): n is string => !!n)
    .sort((a, b) => a.localeCompare(b, 'de'));
  return [user.companyName, ...others];
}
