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

/** The one multipart field an upload is read from; every client sends its file under it. */
export const UPLOAD_FIELD = 'file';

/**
 * Reads a single-file multipart body into memory before the request's transaction opens
 * (route hook `preValidation`, after the platform's authentication), so a slow upload never
 * holds a database connection — on the embedded database that would stall every request.
 * The body holds exactly one part, a file in the field `file`: any other field, a second file or
 * a file under another name answers 422, so what is stored is always what the form sent.
 * The MIME type is checked before the body is read; size beyond `maxBytes` answers 413.
 */
export function readUpload(opts: {
  maxBytes: number;
  types: readonly string[];
  typeError: string;
}): preValidationAsyncHookHandler {
  return async (req: FastifyRequest) => {
    let upload: Upload | undefined;
    let parts = 0;
    let files = 0;
    let typeRefused = false;
    try {
      // Two files and a few fields are let through the parser so that they are refused here
      // with a clear message rather than cut off silently.
      for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 2, fields: 5, parts: 7 } })) {
        parts++;
        if (part.type !== 'file') continue;
        files++;
        if (files > 1 || part.fieldname !== UPLOAD_FIELD || !opts.types.includes(part.mimetype)) {
          typeRefused ||= part.fieldname === UPLOAD_FIELD && !opts.types.includes(part.mimetype);
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', 'error.payloadTooLarge');
          throw e;
        });
        upload = { filename: part.filename, mimetype: part.mimetype, data };
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      // Not multipart, cut off, or past the parser's limits: no single file to read.
      throw validationFailed({ file: [files > 1 ? 'validation.fileSingle' : 'validation.fileMissing'] });
    }
    if (files === 0) throw validationFailed({ file: ['validation.fileMissing'] });
    if (parts > 1 || (!upload && !typeRefused)) throw validationFailed({ file: ['validation.fileSingle'] });
    if (!upload) throw validationFailed({ file: [opts.typeError] });
    // An empty file is nothing to store, and image readers throw on it rather than answer.
    if (upload.data.length === 0) throw validationFailed({ file: ['validation.fileEmpty'] });
    req.upload = upload;
  };
}

export function uploadOf(req: FastifyRequest): Upload {
  if (!req.upload) throw validationFailed({ file: ['validation.fileMissing'] });
  return req.upload;
}
