import { type ApiError as ApiErrorBody, type ErrorCode, errorCodes } from '@pc/shared';
import i18next from 'i18next';

/** Every failed call becomes an ApiError; status 0 means the API could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string[]>;
  readonly reason?: string;
  /** Why a contract call failed (account.error.{details}). */
  details?: string;
  /** A version conflict (409 version_conflict): the record as it is now. */
  current?: unknown;

  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
  }
}

export const API_UNAVAILABLE = 'api_unavailable';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The error code an answer without a usable body stands for, by its status. */
export function codeOfStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    412: 'precondition_failed',
    413: 'payload_too_large',
    429: 'rate_limited',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed');
}

/**
 * What the user reads for a failed call without a message of our server (a proxy's error page,
 * "Bad Gateway", no connection): a translated text that says what to do, never a raw status.
 */
export function fallbackMessage(status: number): string {
  if (isUnavailableStatus(status)) return i18next.t('login.error.api_unavailable');
  return i18next.t(`errors.code.${codeOfStatus(status)}`);
}

const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * Our server's error body (apiErrorSchema), told apart from a proxy's. Checked by hand: every
 * screen, the login screen included, needs this, and zod would add ~16 kB gzip to it
 * (docs/decisions/0027).
 */
function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const fields = b.fields;
  return (
    typeof b.code === 'string' &&
    (errorCodes as readonly string[]).includes(b.code) &&
    typeof b.message === 'string' &&
    optionalString(b.reason) &&
    optionalString(b.details) &&
    (fields === undefined ||
      (typeof fields === 'object' &&
        fields !== null &&
        Object.values(fields).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))))
  );
}

/** Turn an error body (or anything unparsable) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, message, fields, reason, details, current } = body;
    const error = new ApiError(status, code, message, fields, reason);
    if (details) error.details = details;
    if (current !== undefined) error.current = current;
    return error;
  }
  return new ApiError(status, codeOfStatus(status), fallbackMessage(status));
}

/** An update based on an older version of the record (409 version_conflict), with the current one. */
export function isVersionConflict(error: unknown): error is ApiError & { current: object } {
  return (
    error instanceof ApiError && error.code === 'version_conflict' && typeof error.current === 'object' && error.current !== null
  );
}

export const unavailableError = () => new ApiError(0, API_UNAVAILABLE, fallbackMessage(0));

/** Gateways answer 502–504 when the API process is down; for the user that is "unavailable". */
export function isUnavailableStatus(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
