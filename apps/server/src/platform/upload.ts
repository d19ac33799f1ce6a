import type { MultipartFile } from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest, FastifySchema, preValidationAsyncHookHandler } from 'fastify';
import { AppError, validationFailed } from './errors';
import type { Storage, StoredFile } from './storage';

export interface Upload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** An upload already in storage, named by its content hash. */
export interface StoredUpload extends StoredFile {
  filename: string;
  mimetype: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    upload?: Upload;
    storedUpload?: StoredUpload;
  }
}

/** The one multipart field an upload is read from; every client sends its file under it. */
export const UPLOAD_FIELD = 'file';

/**
 * Names the multipart body of every upload route (one that consumes multipart/form-data) in the
 * OpenAPI document: one file in the field `file`. Only the document gets it: the body is read by
 * the route's upload hook, not by schema validation.
 */
export function documentUploads<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (args) => {
    const out = transform(args);
    const consumes = (out.schema as { consumes?: readonly string[] }).consumes;
    if (!consumes?.includes('multipart/form-data') || out.schema.body) return out;
    const body = {
      type: 'object',
      required: [UPLOAD_FIELD],
      properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
      additionalProperties: false,
    };
    return { ...out, schema: { ...out.schema, body } };
  };
}

type UploadRules = { maxBytes: number; types: readonly string[]; typeError: string };

const tooLarge = () => new AppError(413, 'payload_too_large', 'error.payloadTooLarge');

/** The file's bytes as they arrive, refused with 413 once past the size limit. */
async function* withinLimit(part: MultipartFile) {
  for await (const piece of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw tooLarge();
    yield piece;
  }
  if (part.file.truncated) throw tooLarge();
}

/**
 * Reads a single-file multipart body in a route hook (`preValidation`, after the platform's
 * authentication), before the request's transaction opens, so a slow upload never holds a
 * database connection — on the embedded database that would stall every request.
 * The body holds exactly one part, a file in the field `file`: any other field, a second file or
 * a file under another name answers 422, so what is kept is always what the form sent.
 * The MIME type is checked before the body is read; size beyond `maxBytes` answers 413.
 * `take` consumes the accepted file's bytes (`withinLimit`) and answers what the route gets.
 */
async function readSingleFile<T extends { size: number }>(
  req: FastifyRequest,
  opts: UploadRules,
  take: (bytes: AsyncIterable<Buffer>) => Promise<T>,
): Promise<T & { filename: string; mimetype: string }> {
  let upload: (T & { filename: string; mimetype: string }) | undefined;
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
      if (files > 1 || parts > 1 || part.fieldname !== UPLOAD_FIELD || !opts.types.includes(part.mimetype)) {
        typeRefused ||= part.fieldname === UPLOAD_FIELD && !opts.types.includes(part.mimetype);
        part.file.resume();
        continue;
      }
      upload = { ...(await take(withinLimit(part))), filename: part.filename, mimetype: part.mimetype };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Not multipart, cut off, or past the parser's limits: no single file to read.
    throw validationFailed({ file: [files > 1 ? 'validation.fileSingle' : 'validation.fileMissing'] });
  }
  if (files === 0) throw validationFailed({ file: ['validation.fileMissing'] });
  if (parts > 1 || (!upload && !typeRefused)) throw validationFailed({ file: ['validation.fileSingle'] });
  if (!upload) throw validationFailed({ file: [opts.typeError] });
  // An empty file is nothing to keep, and image readers throw on it rather than answer.
  if (upload.size === 0) throw validationFailed({ file: ['validation.fileEmpty'] });
  return upload;
}

/** The upload read into memory (`uploadOf`): for files a route reads whole (images, imports). */
export function readUpload(opts: UploadRules): preValidationAsyncHookHandler {
  return async (req: FastifyRequest) => {
    const { filename, mimetype, data } = await readSingleFile(req, opts, async (bytes) => {
      const pieces: Buffer[] = [];
      for await (const piece of bytes) pieces.push(piece);
      const data = Buffer.concat(pieces);
      return { data, size: data.length };
    });
    req.upload = { filename, mimetype, data };
  };
}

/**
 * The upload streamed into storage as it arrives, hashed on the way (`storedUploadOf`): the
 * file is never held whole, whatever its size. A request refused after its file was stored
 * leaves an unreferenced file, as a deleted attachment does.
 */
export function storeUpload(opts: UploadRules & { storage: Storage }): preValidationAsyncHookHandler {
  return async (req: FastifyRequest) => {
    req.storedUpload = await readSingleFile(req, opts, (bytes) => opts.storage.putStream(bytes));
  };
}

export function storedUploadOf(req: FastifyRequest): StoredUpload {
  if (!req.storedUpload) throw validationFailed({ file: ['validation.fileMissing'] });
  return req.storedUpload;
}

export function uploadOf(req: FastifyRequest): Upload {
  if (!req.upload) throw validationFailed({ file: ['validation.fileMissing'] });
  return req.upload;
}
