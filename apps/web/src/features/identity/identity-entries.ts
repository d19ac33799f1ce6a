import { satisfies, type UserMe } from '@pc/shared';

export interface IdentityEntry {
  key: 'profile' | 'account' | 'time-record' | 'time-comparison' | 'time-budget-element' | 'administration';
  path: string;
}

/**
 * Identity popup links: account only with an account; time screens by claim and
 * hidden in presentation mode; administration only with administration rights.
 */
export function identityEntries(
  me: Pick<UserMe, 'claims' | 'hasAccount' | 'isAdministrator'>,
  presentationMode: boolean,
): IdentityEntry[] {
  const timeRead = satisfies(me.claims, { any: ['TimeRecords.Read', 'TimeRecords.ReadAll'] });
  const timeAll = satisfies(me.claims, { all: ['TimeRecords.ReadAll'] });
  const entries: (IdentityEntry | false)[] = [
    { key: 'profile', path: '/profile' },
    me.hasAccount && { key: 'account', path: '/account' },
    !presentationMode && timeRead && { key: 'time-record', path: '/time-record' },
    !presentationMode && timeAll && { key: 'time-comparison', path: '/time-comparison' },
    !presentationMode && timeRead && { key: 'time-budget-element', path: '/time-budget-element' },
    me.isAdministrator && { key: 'administration', path: '/administration' },
  ];
  return entries.filter((e): e is IdentityEntry => e !== false);
}
