import type { AdminUser } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  companyNamesOf,
  emptyInput,
  fullName,
  inputOf,
  isExpired,
  isLocked,
  matchesQuery,
  needsConfirmation,
} from './user-logic';

const user: AdminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  firstname: 'Ralf',
  lastname: 'Leser',
  email: 'reader@demo.local',
  language: 'de',
  companyId: '00000000-0000-4000-8000-00000000000a',
  companyName: 'Bäckerei Schmidt',
  isActive: true,
  roleIds: ['00000000-0000-4000-8000-0000000000f1'],
  roleNames: ['Leser'],
  companyIds: ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'],
  validUntil: null,
  lockedUntil: null,
  twoFactorEnabled: false,
  mustChangePassword: false,
  hasPassword: true,
  pendingEmail: null,
  external: null,
  rights: { write: true, deactivate: true, grant: false },
};
const now = new Date(2026, 10, 22, 12, 0);

describe('user administration logic', () => {
  it('is locked only while lockedUntil lies ahead', () => {
    expect(isLocked(user, now)).toBe(false);
    expect(isLocked({ lockedUntil: new Date(now.getTime() + 60_000).toISOString() }, now)).toBe(true);
    expect(isLocked({ lockedUntil: new Date(now.getTime() - 60_000).toISOString() }, now)).toBe(false);
  });

  it('expires after the valid-until day, not on it', () => {
    expect(isExpired({ validUntil: '2026-11-22' }, now)).toBe(false);
    expect(isExpired({ validUntil: '2026-11-21' }, now)).toBe(true);
    expect(isExpired({ validUntil: null }, now)).toBe(false);
  });

  it('names a user, falling back to the e-mail', () => {
    expect(fullName(user)).toBe('Ralf Leser');
    expect(fullName({ firstname: ' ', lastname: '', email: 'x@y.z' })).toBe('x@y.z');
  });

  it('turns a user into form values without the always-granted home company', () => {
    const input = inputOf(user);
    expect(input.companyIds).toEqual(['00000000-0000-4000-8000-00000000000b']);
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('roleNames');
    expect(emptyInput(user.companyId, 'en')).toMatchObject({
      companyId: user.companyId,
      language: 'en',
      roleIds: [],
      isActive: true,
    });
  });

  it('offers the actions that fit the state', () => {
    expect(actionsFor(user, now)).toEqual(['edit', 'invite', 'force-password-change', 'deactivate']);
    const locked = { ...user, lockedUntil: new Date(now.getTime() + 60_000).toISOString(), twoFactorEnabled: true };
    expect(actionsFor(locked, now)).toEqual([
      'edit',
      'unlock',
      'invite',
      'force-password-change',
      'reset-two-factor',
      'deactivate',
    ]);
    expect(actionsFor({ ...user, isActive: false }, now)).toEqual(['edit', 'activate']);
    expect(actionsFor({ ...user, hasPassword: false }, now)).toEqual(['edit', 'invite', 'deactivate']);
    // Without the right to change the user (sent by the server), nothing.
    expect(actionsFor({ ...user, rights: { write: false, deactivate: false, grant: false } }, now)).toEqual([]);
    // One's own user: everything but deactivating.
    expect(actionsFor({ ...user, hasPassword: false, rights: { write: true, deactivate: false, grant: false } }, now)).toEqual([
      'edit',
      'invite',
    ]);
  });

  it('asks before anything destructive', () => {
    expect(needsConfirmation('edit')).toBe(false);
    expect(needsConfirmation('activate')).toBe(false);
    for (const a of ['deactivate', 'unlock', 'invite', 'reset-two-factor', 'force-password-change'] as const) {
      expect(needsConfirmation(a)).toBe(true);
    }
  });

  it('searches names, e-mail, roles and companies', () => {
    expect(matchesQuery(user, '')).toBe(true);
    expect(matchesQuery(user, 'LESER')).toBe(true);
    expect(matchesQuery(user, 'bäckerei')).toBe(true);
    expect(matchesQuery(user, 'gruppe')).toBe(false);
    expect(matchesQuery(user, 'gruppe', ['Beispiel Gruppe'])).toBe(true);
  });

  it('lists the home company first, then the others by name', () => {
    const names = new Map([
      ['00000000-0000-4000-8000-00000000000b', 'Alpha AG'],
      ['00000000-0000-4000-8000-00000000000c', 'Zeta AG'],
    ]);
    const u = { ...user, companyIds: [...user.companyIds, '00000000-0000-4000-8000-00000000000c'].reverse() };
    expect(companyNamesOf(u, names)).toEqual(['Bäckerei Schmidt', 'Alpha AG', 'Zeta AG']);
  });
});
