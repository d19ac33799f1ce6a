import { allowedAttachmentMimeTypes, attachmentSchema, itemTypes } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { Storage } from '../../platform/storage';
import { storedUploadOf, storeUpload } from '../../platform/upload';
import { addAttachment, deleteAttachment, downloadAttachment, listAttachments, listItemAttachments } from './service';

/** RFC 6266 filename with a plain-ASCII fallback. */
const disposition = (name: string, inline: boolean) =>
  `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function attachmentRoutes(app: FastifyInstance, { storage, maxBytes }: { storage: Storage; maxBytes: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.uuid() });

  for (const t of itemTypes) {
    const base = `/api/${t.key}/:id/attachment`;
    r.get(
      base,
      {
        config: { claims: { all: [`${t.claim}.Read`] } },
        schema: { tags: [t.key], params: idParams, response: { 200: z.array(attachmentSchema) } },
      },
      async (req) => listItemAttachments(ctxOf(req), t.key, req.params.id),
    );

    r.post(
      base,
      {
        config: { claims: { all: [`${t.claim}.Read`, `${t.claim}.Write`] } },
        schema: { tags: [t.key], params: idParams, consumes: ['multipart/form-data'], response: { 201: attachmentSchema } },
        preValidation: storeUpload({
          storage,
          maxBytes,
          types: allowedAttachmentMimeTypes,
          typeError: 'validation.fileType',
        }),
      },
      async (req, reply) => reply.code(201).send(await addAttachment(ctxOf(req), t.key, req.params.id, storedUploadOf(req))),
    );
  }

  // Download and delete are decided by the attachment's policy (the claims of its item's type).
  r.get('/api/attachment/:id/download', { schema: { tags: ['attachment'], params: idParams } }, async (req, reply) => {
    const file = await downloadAttachment(ctxOf(req), storage, req.params.id);
    const inline = (req.query as { inline?: string }).inline === 'true' && file.mimeType.startsWith('image/');
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', disposition(file.fileName, inline))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-length', file.size)
      .send(file.body);
  });

  r.delete('/api/attachment/:id', { schema: { tags: ['attachment'], params: idParams } }, async (req, reply) => {
    await deleteAttachment(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });

  // Every attachment of the scope (the documents screen), newest first.
  r.get(
    '/api/attachment',
    {
      config: { claims: { all: ['Document.ReadExtended'] } },
      schema: {
        tags: ['attachment'],
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          pageSize: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: z.object({ items: z.array(attachmentSchema), total: z.number().int() }) },
      },
    },
    async (req) => listAttachments(ctxOf(req), req.query.page, req.query.pageSize),
  );
}
