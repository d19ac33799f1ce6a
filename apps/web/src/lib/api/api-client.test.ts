import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEvent, type SessionEvent, sessionStore } from '../session/session-store';
import { apiRequest, fileNameOf } from './api-client';
import { ApiError, isVersionConflict } from './api-error';
import { lockReasonOf } from './lock';
import { REFRESH_RETRY_DELAYS_MS } from './refresh';
import { buildHeaders } from './request-headers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const unauthorized = () => json(401, { code: 'unauthorized', message: 'no' });

/** `fetch` answers with these, one a call, in order. */
function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const token = { access_token: 'new', token_type: 'Bearer', expires_in: 900, refresh_token: 'r', mfa_required: 'none' };

describe('buildHeaders', () => {
  it('always sends Accept-Language, adds Bearer and X-Tenant only when known', () => {
    expect(buildHeaders({ language: 'de' })).toEqual({ Accept: 'application/json', 'Accept-Language': 'de' });
    expect(buildHeaders({ language: 'en', accessToken: 'abc', scopeCompanyId: 'c1', contentType: 'application/json' })).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
      Authorization: 'Bearer abc',
      'X-Tenant': 'c1',
    });
  });
});

describe('lockReasonOf', () => {
  it('recognises only HTTP 412 with a known reason', () => {
    expect(lockReasonOf({ status: 412, reason: 'PasswordExpired' })).toBe('PasswordExpired');
    expect(lockReasonOf({ status: 412, reason: 'Unknown' })).toBeNull();
    expect(lockReasonOf({ status: 400, reason: 'AccountExpired' })).toBeNull();
  });
});

describe('apiRequest', () => {
  let events: SessionEvent[];
  let stop: () => void;
  beforeEach(() => {
    events = [];
    stop = onSessionEvent((e) => events.push(e));
    sessionStore.setState({ status: 'authenticated', accessToken: 'old', me: null, lock: null });
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const fetchMock = stubFetch(unauthorized(), json(200, token), json(200, { ok: true }));
    await expect(apiRequest('/thing')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/token');
    expect(fetchMock.mock.calls[2]?.[1].headers.Authorization).toBe('Bearer new');
  });

  it('ends the session when the refresh fails', async () => {
    stubFetch(unauthorized(), json(400, { error: 'invalid_grant', error_description: 'login_failed' }));
    await expect(apiRequest('/thing')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(events).toEqual([{ type: 'expired' }]);
  });

  it('waits out a rate-limited refresh as long as Retry-After says, keeping the session', async () => {
    vi.useFakeTimers();
    const rateLimited = new Response(JSON.stringify({ code: 'rate_limited', message: 'x' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
    });
    const fetchMock = stubFetch(unauthorized(), rateLimited, json(200, token), json(200, { ok: true }));
    const result = apiRequest('/thing');
    await vi.advanceTimersByTimeAsync(2900);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toEqual({ ok: true });
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', accessToken: 'new' });
    expect(events).toEqual([]);
  });

  it('keeps the session when the server cannot be reached for the refresh, and says the API is unavailable', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(unauthorized()).mockRejectedValue(new TypeError('Failed to fetch'));
    const result = expect(apiRequest('/thing')).rejects.toMatchObject({ status: 0, code: 'api_unavailable' });
    await vi.advanceTimersByTimeAsync(120_000);
    await result;
    // One try and a retry after each pause.
    expect(fetchMock).toHaveBeenCalledTimes(1 + 1 + REFRESH_RETRY_DELAYS_MS.length);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', accessToken: 'old' });
    expect(events).toEqual([]);
  });

  it('does not ask an endpoint again that refused while the lock is up, until it is lifted', async () => {
    const fetchMock = stubFetch(
      json(412, { code: 'precondition_failed', message: 'x', reason: 'TermsOfUseConsentRequired' }),
      json(200, { current: true }),
      json(200, ['/home']),
    );
    await expect(apiRequest('/help-content/routes?locale=de')).rejects.toMatchObject({ status: 412 });
    await expect(apiRequest('/help-content/routes?locale=en')).rejects.toMatchObject({ status: 412 });
    await expect(apiRequest('/terms-of-use/current')).resolves.toEqual({ current: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    sessionStore.setState({ lock: null });
    await expect(apiRequest('/help-content/routes?locale=de')).resolves.toEqual(['/home']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('locks the app on 412 and reports the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(412, { code: 'precondition_failed', message: 'x', reason: 'TermsOfUseConsentRequired' })),
    );
    await expect(apiRequest('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().lock).toBe('TermsOfUseConsentRequired');
    expect(events).toEqual([{ type: 'locked', reason: 'TermsOfUseConsentRequired' }]);
  });

  it('turns a network failure into status 0 api_unavailable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/thing')).rejects.toMatchObject({ status: 0, code: 'api_unavailable' });
  });

  it('sends the version an update is based on as If-Match and hands a version conflict its current record', async () => {
    const current = { id: 'x', name: 'Theirs', version: 8 };
    const fetchMock = vi.fn().mockResolvedValue(json(409, { code: 'version_conflict', message: 'Saved in between', current }));
    vi.stubGlobal('fetch', fetchMock);
    const error = await apiRequest('/thing', { method: 'PUT', json: { name: 'Mine' }, ifMatch: 7 }).catch((e: unknown) => e);
    expect(fetchMock.mock.calls[0]?.[1].headers['If-Match']).toBe('"7"');
    expect(isVersionConflict(error)).toBe(true);
    expect((error as ApiError).current).toEqual(current);
    // A conflict of another kind is no version conflict; without ifMatch no header goes along.
    fetchMock.mockResolvedValue(json(409, { code: 'conflict', message: 'Last administrator' }));
    expect(isVersionConflict(await apiRequest('/thing', { method: 'PUT', json: {} }).catch((e: unknown) => e))).toBe(false);
    expect(fetchMock.mock.calls[1]?.[1].headers['If-Match']).toBeUndefined();
  });

  it('sends the scope as X-Tenant', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.setState({
      me: { scopeCompany: { id: '6f1c1c2e-1111-4111-8111-111111111111' } } as never,
    });
    await apiRequest('/thing', { method: 'DELETE' });
    expect(fetchMock.mock.calls[0]?.[1].headers['X-Tenant']).toBe('6f1c1c2e-1111-4111-8111-111111111111');
  });

  it('reads a progress answer: progress lines as they come (split anywhere), then the result or the error', async () => {
    const lines = (...chunks: string[]) =>
      new Response(
        new ReadableStream({
          start(c) {
            for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
            c.close();
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } },
      );
    const fetchMock = stubFetch(
      lines('{"done":0,"total":3}\n{"do', 'ne":2,"total":3}\n', '{"done":3,"total":3}\n{"result":{"created":3}}\n'),
      lines('{"done":0,"total":1}\n{"error":{"status":422,"code":"validation_failed","message":"Bitte prüfen"}}\n'),
      lines('{"done":0,"total":1}\n'),
    );
    const seen: number[] = [];
    const onProgress = (done: number) => seen.push(done);
    expect(await apiRequest('/work', { method: 'POST', json: {}, responseType: 'progress', onProgress })).toEqual({ created: 3 });
    expect(seen).toEqual([0, 2, 3]);
    expect(fetchMock.mock.calls[0]?.[1].headers.Accept).toBe('application/x-ndjson');
    const refused = await apiRequest('/work', { method: 'POST', responseType: 'progress' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 422, code: 'validation_failed', message: 'Bitte prüfen' });
    // Cut short before its last line: the server is unreachable, never a success.
    const cut = await apiRequest('/work', { method: 'POST', responseType: 'progress' }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ApiError);
    expect((cut as ApiError).status).toBe(0);
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, falls back to the plain one, and copes with nonsense', () => {
    expect(fileNameOf(`attachment; filename="Verzeichnis_.pdf"; filename*=UTF-8''Verzeichnis%C3%A4.pdf`)).toBe(
      'Verzeichnisä.pdf',
    );
    expect(fileNameOf('attachment; filename="plain.txt"')).toBe('plain.txt');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });
});
