import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError, validationFailed } from './errors';

export interface Upload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    upload?: Upload;
  }
}

/**
 * Reads a single-file multipart body into memory before the request's transaction opens
 * (route hook `preValidation`, after the platform's authentication), so a slow upload never
 * holds a database connection — on the embedded database that would stall every request.
 * The MIME type is checked before the body is read; size beyond `maxBytes` answers 413.
 */
export function readUpload(opts: {
  maxBytes: number;
  types: readonly string[];
  typeError: string;
}): preValidationAsyncHookHandler {
  return async (req: FastifyRequest) => {
    const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } }).catch(() => undefined);
    if (!file) throw validationFailed({ file: ['validation.fileMissing'] });
    if (!opts.types.includes(file.mimetype)) {
      file.file.resume();
      throw validationFailed({ file: [opts.typeError] });
    }
    const data = await file.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', 'error.payloadTooLarge');
      throw e;
    });
    req.upload = { filename: file.filename, mimetype: file.mimetype, data };
  };
}

export function uploadOf(req: FastifyRequest): Upload {
  if (!req.upload) throw validationFailed({ file: ['validation.fileMissing'] });
  return req.upload;
}
