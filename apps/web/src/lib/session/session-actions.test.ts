import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from './session-actions';
import { hasSessionHint, initialSession, sessionStore, setSessionHint } from './session-store';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const token = { access_token: 'new', token_type: 'Bearer', expires_in: 900, refresh_token: 'r', mfa_required: 'none' };
const me = {
  id: '6f1c1c2e-1111-4111-8111-111111111111',
  firstname: 'Anna',
  lastname: 'Admin',
  email: 'admin@demo.local',
  language: 'de',
  company: 'Muster Datenschutz GmbH',
  companyId: '6f1c1c2e-2222-4222-8222-222222222222',
  scopeCompany: null,
  canSwitchCompanies: true,
  hasAccount: true,
  supportsInitiation: false,
  canContinueInitiation: false,
  canInviteDpo: false,
  canInviteClient: false,
  canImportCompany: false,
  isAdministrator: true,
  twoFactorEnabled: false,
  lockReason: null,
  claims: [],
};

describe('restoreSession (a reload)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    sessionStore.setState(initialSession);
    setSessionHint();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('ends the session only when the server refuses the refresh token', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { error: 'invalid_grant', error_description: 'login_failed' })));
    await restoreSession();
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(hasSessionHint()).toBe(false);
  });

  it('waits out a rate-limited refresh and restores the session', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(429, { code: 'rate_limited', message: 'x' }, { 'Retry-After': '2' }))
      .mockResolvedValueOnce(json(200, token))
      .mockResolvedValueOnce(json(200, me));
    vi.stubGlobal('fetch', fetchMock);
    const restored = restoreSession();
    await vi.advanceTimersByTimeAsync(2000);
    await restored;
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', accessToken: 'new' });
    expect(hasSessionHint()).toBe(true);
  });

  it('keeps the session when a second reload cuts off loading the user', async () => {
    const cut = new Response('{"id":', { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json(200, token)).mockResolvedValueOnce(cut));
    await expect(restoreSession()).rejects.toThrow();
    expect(hasSessionHint()).toBe(true);
    expect(sessionStore.getState().status).not.toBe('anonymous');
  });
});
