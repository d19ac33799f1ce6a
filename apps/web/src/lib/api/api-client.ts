import { getCurrentLanguage } from '../i18n/language';
import { saveBlob } from '../save-blob';
import { clearSession, emitSessionEvent, getScopeCompanyId, sessionStore } from '../session/session-store';
import { type ApiError, toApiError, unavailableError } from './api-error';
import { lockReasonOf } from './lock';
import { refreshAccessToken } from './refresh';
import { buildHeaders } from './request-headers';

export const API_BASE = '/api';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Validates the answer; the shared zod schemas are the API contract. */
  schema?: { parse(data: unknown): T };
  /**
   * 'blob' for images, 'file' for downloads ({ blob, fileName }), 'none' for 204 answers,
   * 'progress' for a long write that reports how far it got (`onProgress`) before its result.
   */
  responseType?: 'json' | 'blob' | 'file' | 'none' | 'progress';
  /** With responseType 'progress': `done` of `total` units, as the server reports them. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** false for public calls: no Bearer token, no refresh on 401. */
  auth?: boolean;
  /**
   * The X-Tenant to send instead of the current scope's: a company, or null for none (the
   * user's own tenant). Switching the scope asks in the new one, so its answer holds the claims
   * that hold there.
   */
  scope?: string | null;
  /**
   * The version of the record an update is based on (sent as If-Match): the server refuses it
   * with 409 version_conflict when someone saved a newer version in between.
   */
  ifMatch?: number;
}

async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const { accessToken } = sessionStore.getState();
  const auth = options.auth !== false;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...buildHeaders({
          language: getCurrentLanguage(),
          accessToken: auth ? accessToken : null,
          scopeCompanyId: options.scope === undefined ? getScopeCompanyId() : options.scope,
          contentType: options.json === undefined ? undefined : 'application/json',
          accept:
            options.responseType === 'blob'
              ? '*/*'
              : options.responseType === 'progress'
                ? 'application/x-ndjson'
                : 'application/json',
        }),
        ...(options.ifMatch === undefined ? {} : { 'If-Match': `"${options.ifMatch}"` }),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unavailableError();
  }
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** Hands a downloaded file to the browser's save mechanism. */
export function saveFile({ blob, fileName }: DownloadedFile, fallbackName: string): void {
  saveBlob(blob, fileName ?? fallbackName);
}

/**
 * While a lock (HTTP 412) is up, an endpoint that refused once is not asked again: background
 * queries (help, statistics, …) would otherwise repeat the 412 on every mount and navigation.
 * Keyed by method and path without the query; forgotten when the lock is lifted.
 */
const refusedWhileLocked = new Map<string, ApiError>();

let leaving: Promise<void> | null = null;

/**
 * The scope company refused the user (a company of another tenant revoked their grant): the
 * app continues in the scope the server now reports, once however many calls were refused.
 */
function leaveLostScope(): Promise<void> {
  leaving ??= (async () => {
    try {
      const [{ userMeSchema }, me] = await Promise.all([
        import('../session/user-me-schema'),
        apiRequest<unknown>('/user/me', { scope: null }),
      ]);
      const parsed = userMeSchema.parse(me);
      sessionStore.setState({ me: parsed, lock: parsed.lockReason });
      emitSessionEvent({ type: 'scopeLost' });
    } catch {
      // The next call tries again.
    } finally {
      leaving = null;
    }
  })();
  return leaving;
}

/**
 * One API call. A 401 triggers one refresh and one retry; if the server refuses the refresh the
 * session ends and the shell navigates to /login. A 412 locks the app.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const endpoint = `${options.method ?? 'GET'} ${path.split('?')[0]}`;
  if (!sessionStore.getState().lock) refusedWhileLocked.clear();
  const refused = refusedWhileLocked.get(endpoint);
  if (refused) throw refused;
  let res = await send(path, options);
  if (res.status === 401 && options.auth !== false) {
    const refreshed = await refreshAccessToken();
    // Not refreshed for now (rate limit, network): the session stays; this call fails as unreachable.
    if (refreshed === 'unavailable') throw unavailableError();
    if (refreshed === 'refreshed') res = await send(path, options);
    if (refreshed === 'refused' || res.status === 401) {
      const wasLoggedIn = sessionStore.getState().status === 'authenticated';
      clearSession();
      if (wasLoggedIn) emitSessionEvent({ type: 'expired' });
    }
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const error = toApiError(res.status, body);
    if (error.code === 'scope_forbidden' && options.scope === undefined && getScopeCompanyId()) await leaveLostScope();
    const reason = lockReasonOf(error);
    if (reason) {
      refusedWhileLocked.set(endpoint, error);
      sessionStore.setState({ lock: reason });
      emitSessionEvent({ type: 'locked', reason });
    }
    throw error;
  }
  if (options.responseType === 'none' || res.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await res.blob()) as T;
  if (options.responseType === 'file') {
    const file: DownloadedFile = { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
    return file as T;
  }
  const data: unknown = options.responseType === 'progress' ? await progressResult(res, options.onProgress) : await res.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

type ProgressLine =
  | { done: number; total: number }
  | { result: unknown }
  | { error: { status: number } & Record<string, unknown> };

/**
 * Reads a progress answer (one JSON object per line): progress lines go to `onProgress`; the
 * last line is the outcome, sent after the server committed: the result, or the error the work
 * ended with. An answer cut short is an unreachable server, never a success.
 */
async function progressResult(res: Response, onProgress: RequestOptions<unknown>['onProgress']): Promise<unknown> {
  if (!res.body) throw unavailableError();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch {
      throw unavailableError();
    }
    if (chunk.done) throw unavailableError();
    buffered += chunk.value;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const text of lines) {
      if (!text) continue;
      const line = JSON.parse(text) as ProgressLine;
      if ('result' in line) return line.result;
      if ('error' in line) throw toApiError(line.error.status, line.error);
      onProgress?.(line.done, line.total);
    }
  }
}

/** A record to save: a new one (`id` null) or the version the form edited (`ifMatch`). */
export interface RecordSave<I> {
  id: string | null;
  input: I;
  ifMatch?: number;
}

/**
 * Creates a record (POST `path`) or updates one (PUT `path/id`, If-Match the version edited: a
 * change saved in between answers 409 instead of being overwritten).
 */
export function saveRecord<I, T>(
  path: string,
  { id, input, ifMatch }: RecordSave<I>,
  schema: { parse(data: unknown): T },
): Promise<T> {
  return apiRequest(id ? `${path}/${id}` : path, {
    method: id ? 'PUT' : 'POST',
    json: input,
    schema,
    ifMatch: id ? ifMatch : undefined,
  });
}
