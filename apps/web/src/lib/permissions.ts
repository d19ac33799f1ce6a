import type { UserMe } from '@pc/shared';

export function hasClaim(me: Pick<UserMe, 'claims'> | null | undefined, claim: string): boolean {
  return !!me && me.claims.includes(claim);
}

export function initials(firstname: string, lastname: string, email = ''): string {
  const value = `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toLocaleUpperCase();
  return value || email.charAt(0).toLocaleUpperCase() || '?';
}
