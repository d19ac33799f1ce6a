import { apiErrorSchema } from '@pc/shared';

/** Every failed call becomes an ApiError; status 0 means the API could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string[]>;
  readonly reason?: string;

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

/** Turn an error body (or anything unparsable) into an ApiError. */
export function toApiError(status: number, body: unknown, statusText = ''): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, reason } = parsed.data;
    return new ApiError(status, code, message, fields, reason);
  }
  return new ApiError(status, `http_${status}`, statusText || `HTTP ${status}`);
}

/** Gateways answer 502–504 when the API process is down; for the user that is "unavailable". */
export function isUnavailableStatus(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
