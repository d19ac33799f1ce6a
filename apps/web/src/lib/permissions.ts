import { satisfies, type UserMe } from '@pc/shared';

/** Company.Write edits any company; Company.WriteOwn only the user's own (spec 000 §6). */
export function canEditCompany(me: Pick<UserMe, 'claims' | 'companyId'>, companyId: string): boolean {
  if (satisfies(me.claims, { all: ['Company.Write'] })) return true;
  return satisfies(me.claims, { all: ['Company.WriteOwn'] }) && me.companyId === companyId;
}

export function hasClaim(me: Pick<UserMe, 'claims'> | null | undefined, claim: string): boolean {
  return !!me && me.claims.includes(claim);
}

export function initials(firstname: string, lastname: string, email = ''): string {
  const value = `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toLocaleUpperCase();
  return value || email.charAt(0).toLocaleUpperCase() || '?';
}
