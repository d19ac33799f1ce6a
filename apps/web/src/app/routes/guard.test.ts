import type { UserMe } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { postLoginTarget } from '../../lib/routing/post-login-target';
import { findRouteDef, listAfterScopeChange, routeDefs } from '../../lib/routing/route-table';
import { expectAnswers } from '../../test-support';
import { breadcrumbTrail } from './breadcrumb-trail';
import { decideAccess, loginHref } from './guard';

const me = (claims: string[], extra: Partial<UserMe> = {}) => ({ claims, isAdministrator: false, ...extra }) as UserMe;
const def = (path: string) => {
  const d = findRouteDef(path);
  if (!d) throw new Error(path);
  return d;
};
const session = (m: UserMe | null, lock: 'PasswordExpired' | 'AccountExpired' | null = null) => ({
  status: m ? ('authenticated' as const) : ('anonymous' as const),
  me: m,
  lock,
});

describe('route table', () => {
  it('has every public route (login, sign-up, password reset, links from mails)', () => {
    const publicPaths = routeDefs.filter((d) => d.public).map((d) => d.path);
    expect(publicPaths).toEqual(
      expect.arrayContaining([
        '/questionnaire/fill/$responseKey',
        '/signup',
        '/signup/dpo',
        '/login',
        '/mfa',
        '/unauthorized',
        '/forbidden',
        '/reset-password/$userId',
        '/unsubscribe/$email',
      ]),
    );
  });

  it('resolves concrete paths, detail routes included', () => {
    expect(def('/issues/abc').section).toBe('issue');
    expect(def('/issues/abc').detail).toBe(true);
    expect(def('/administration/companies').section).toBe('companies');
    expect(findRouteDef('/nope')).toBeUndefined();
    // The invitation mail's link works without a login; the list needs one.
    expect(def('/invitation/token/abc').public).toBe(true);
    expect(def('/invitation').public).toBeUndefined();
  });
});

describe('decideAccess', () => {
  it('sends anonymous users to login but lets them see public pages', () => {
    expect(decideAccess(session(null), def('/home'))).toEqual({ type: 'login' });
    expect(decideAccess(session(null), def('/signup'))).toEqual({ type: 'allow' });
  });

  it('checks the route claim rule', () => {
    expect(decideAccess(session(me(['Issue.Read'])), def('/issues'))).toEqual({ type: 'allow' });
    expect(decideAccess(session(me([])), def('/issues'))).toEqual({ type: 'forbidden' });
    expect(decideAccess(session(me(['TimeRecords.Read'])), def('/time-record'))).toEqual({ type: 'allow' });
    expect(decideAccess(session(me(['TimeRecords.Read'])), def('/time-comparison'))).toEqual({ type: 'forbidden' });
  });

  it('requires administration rights for /administration', () => {
    expect(decideAccess(session(me([])), def('/administration'))).toEqual({ type: 'forbidden' });
    expect(decideAccess(session(me([], { isAdministrator: true })), def('/administration'))).toEqual({ type: 'allow' });
  });

  it('keeps a locked app on the page of its lock reason', () => {
    const locked = session(me(['Issue.Read']), 'PasswordExpired');
    expect(decideAccess(locked, def('/issues'))).toEqual({ type: 'redirect', to: '/change-password' });
    expect(decideAccess(locked, def('/change-password'))).toEqual({ type: 'allow' });
  });

  it('opens the account, upgrade and cancel to the account holder and the operator only', () => {
    for (const path of ['/account', '/account/upgrade', '/cancel']) {
      expect(decideAccess(session(me(['Issue.Read'])), def(path)), path).toEqual({ type: 'forbidden' });
      expect(decideAccess(session(me([], { hasAccount: true })), def(path)), path).toEqual({ type: 'allow' });
      expect(decideAccess(session(me(['Platform.Manage'])), def(path)), path).toEqual({ type: 'allow' });
    }
  });

  it('lets everyone an ended contract locks see /account, and its holder subscribe again', () => {
    const member = session(me(['Issue.Read']), 'AccountExpired');
    expect(decideAccess(member, def('/account'))).toEqual({ type: 'allow' });
    expect(decideAccess(member, def('/account/upgrade'))).toEqual({ type: 'redirect', to: '/account' });
    const holder = session(me([], { hasAccount: true }), 'AccountExpired');
    expect(decideAccess(holder, def('/account/upgrade'))).toEqual({ type: 'allow' });
    expect(decideAccess(holder, def('/cancel'))).toEqual({ type: 'redirect', to: '/account' });
  });

  it('sends a session that still owes the second factor to /mfa', () => {
    expect(decideAccess({ status: 'mfa', me: null, lock: null }, def('/home'))).toEqual({ type: 'redirect', to: '/mfa' });
  });
});

describe('post-login target', () => {
  it('returns to guarded same-origin paths only', () => {
    expectAnswers(postLoginTarget, [
      ['/process/12?tab=1', '/process/12?tab=1'],
      ['/change-password', '/home'],
      ['/login', '/home'],
      ['//evil.example', '/home'],
      ['https://evil.example', '/home'],
      [undefined, '/home'],
    ]);
  });

  it('builds the login href with the remembered target', () => {
    expect(loginHref('/issues')).toBe('/login?redirect=%2Fissues');
    expect(loginHref('/home')).toBe('/login');
  });
});

describe('breadcrumbTrail', () => {
  it('starts at home and names detail pages "Details"', () => {
    expect(breadcrumbTrail('/home').map((c) => c.labelKey)).toEqual(['section.home']);
    expect(breadcrumbTrail('/administration/companies/42')).toEqual([
      { href: '/home', labelKey: 'section.home' },
      { href: '/administration', labelKey: 'section.administration' },
      { href: '/administration/companies', labelKey: 'section.companies' },
      { href: '/administration/companies/42', labelKey: 'breadcrumb.detail' },
    ]);
    expect(breadcrumbTrail('/company/7').map((c) => c.labelKey)).toEqual(['section.home', 'section.company']);
    expect(breadcrumbTrail('/forbidden').map((c) => c.labelKey)).toEqual(['section.home', 'section.forbidden']);
    expect(breadcrumbTrail('/nope').map((c) => c.labelKey)).toEqual(['section.home', 'status.notFound.title']);
  });
});

describe('a scope change on a page of one entry', () => {
  it('leads to the same register of the new scope; other pages stay', () => {
    expect(listAfterScopeChange('/process/6a1f0c9e-8f3c-4a39-9a61-0a5b7c2d1e11')).toBe('/process');
    expect(listAfterScopeChange('/service-agreement-with-provider/abc')).toBe('/service-agreement-with-provider');
    expect(listAfterScopeChange('/questionnaire/abc')).toBe('/questionnaire');
    expect(listAfterScopeChange('/process/new')).toBeNull();
    expect(listAfterScopeChange('/process')).toBeNull();
    expect(listAfterScopeChange('/home')).toBeNull();
    expect(listAfterScopeChange('/company/abc')).toBeNull();
  });
});
