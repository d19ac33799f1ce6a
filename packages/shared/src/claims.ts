import { itemTypes } from './item-types';

/** Claims named by the specification for the shell, plus the administration claims. */
export const shellClaims = [
  'User.SwitchCompany',
  'User.Read',
  'User.Write',
  'Role.Write',
  'Administration.Access',
  'Appointment.Read',
  'Appointment.Write',
  'Document.ReadExtended',
  'Company.Read',
  'Company.Write',
  'Company.WriteOwn',
  'Company.Move',
  'TimeRecords.Read',
  'TimeRecords.ReadAll',
  'TimeRecords.Write',
  'Projects.Write',
  'Application.PresentationMode',
  'Tag.Read',
  'Tag.Write',
  'Diagram.Read',
] as const;

/**
 * Installation-wide claims: help contents and terms of use are shared by every tenant, so no
 * tenant's administrator may change them; only the operator's role holds these.
 */
export const platformClaims = ['Platform.Manage'] as const;

export const itemClaims = itemTypes.flatMap((t) => [`${t.claim}.Read`, `${t.claim}.Write`] as const);

/** Everything a tenant's administrator can hold and grant. */
export const tenantClaims: readonly string[] = [...shellClaims, ...itemClaims];

export const allClaims: readonly string[] = [...tenantClaims, ...platformClaims];

export type Claim =
  | (typeof shellClaims)[number]
  | (typeof platformClaims)[number]
  | `${(typeof itemTypes)[number]['claim']}.${'Read' | 'Write'}`;

export const readClaims: readonly string[] = allClaims.filter((c) => c.endsWith('.Read') || c === 'Document.ReadExtended');

/**
 * A route or action rule: every claim in `all`, or (when given) any one of `any`.
 * The guard's rule: "a set of claims that must all be held, or alternatively any one
 * claim of another set".
 */
export interface ClaimRule {
  all?: readonly string[];
  any?: readonly string[];
}

export function satisfies(held: readonly string[], rule: ClaimRule | undefined): boolean {
  if (!rule) return true;
  const has = new Set(held);
  const allOk = rule.all && rule.all.length > 0 ? rule.all.every((c) => has.has(c)) : undefined;
  const anyOk = rule.any && rule.any.length > 0 ? rule.any.some((c) => has.has(c)) : undefined;
  if (allOk === undefined && anyOk === undefined) return true;
  return allOk === true || anyOk === true;
}
