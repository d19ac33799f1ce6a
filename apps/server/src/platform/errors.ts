import { type ErrorCode, isMessageKey } from '@pc/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translate } from './i18n';
import { requestLocale } from './locale';

/** An error the client may see: status, stable code and a translation key for the message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly extra: { fields?: Record<string, string[]>; reason?: string; details?: string; current?: unknown } = {},
    /** Values the message names, e.g. the company a refusal protects. */
    readonly vars: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'not_found', 'error.notFound');
export const forbidden = () => new AppError(403, 'forbidden', 'error.forbidden');
export const unauthorized = () => new AppError(401, 'unauthorized', 'error.unauthorized');
export const validationFailed = (fields: Record<string, string[]>) =>
  new AppError(422, 'validation_failed', 'error.validationFailed', { fields });

/** The SQLSTATE of a database error, also when drizzle wraps it (`DrizzleQueryError.cause`). */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** An error's answer: its status, the body every error answer has, and the record's ETag on a conflict. */
export interface ErrorAnswer {
  status: number;
  body: { code: string; message: string } & Record<string, unknown>;
  etag?: string;
}

/**
 * The answer to an error a route threw: the client sees a status, a stable code and a message
 * in its language, never the error's own text; what the client could not have caused is logged.
 */
export function errorAnswer(err: FastifyError, req: FastifyRequest): ErrorAnswer {
  const locale = requestLocale(req);
  if (err instanceof AppError) {
    // A version conflict carries the record as it is now; its version is the ETag to send next.
    const version = (err.extra.current as { version?: unknown } | undefined)?.version;
    return {
      status: err.status,
      body: { code: err.code, message: translate(locale, err.messageKey, err.vars), ...err.extra },
      etag: typeof version === 'number' ? `"${version}"` : undefined,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string[]> = {};
    for (const issue of err.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      // Field messages are keys the web app translates; prose (a library's English) never goes out.
      const message = issue.message && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
      if (message !== issue.message) req.log.warn({ issue }, 'validation message is not a message key');
      fields[key] = [...(fields[key] ?? []), message];
    }
    return { status: 422, body: { code: 'validation_failed', message: translate(locale, 'error.validationFailed'), fields } };
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
    return { status: 500, body: { code: 'internal_error', message: translate(locale, 'error.internal') } };
  }
  if (err.statusCode === 429) {
    return { status: 429, body: { code: 'rate_limited', message: translate(locale, 'error.rateLimited') } };
  }
  if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, body: { code: 'payload_too_large', message: translate(locale, 'error.payloadTooLarge') } };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Malformed JSON, wrong content type and the like: the client's fault, never a 500.
    return {
      status: err.statusCode === 415 ? 415 : 400,
      body: { code: 'validation_failed', message: translate(locale, 'error.badRequest') },
    };
  }
  // Class 22 "data exception" (impossible date, number out of range, NUL in text, bad cast) is
  // input a schema should have refused: the client's fault, so a 422 in the usual shape. Logged
  // as a warning, because it names a schema that is too loose.
  if (sqlState(err)?.startsWith('22')) {
    req.log.warn({ err, sqlState: sqlState(err) }, 'database refused input a schema let through');
    return {
      status: 422,
      body: {
        code: 'validation_failed',
        message: translate(locale, 'error.validationFailed'),
        // Its own key, so that the fuzz stage tells it from a schema's refusal of the whole body.
        fields: { _: ['validation.notAccepted'] },
      },
    };
  }
  req.log.error({ err }, 'unhandled error');
  return { status: 500, body: { code: 'internal_error', message: translate(locale, 'error.internal') } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body, etag } = errorAnswer(err, req);
    if (etag) reply.header('ETag', etag);
    return reply.code(status).send(body);
  });
}
