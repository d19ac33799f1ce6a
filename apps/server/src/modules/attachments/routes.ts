import {
  ATTACHMENT_MAX_BYTES,
  allowedAttachmentMimeTypes,
  attachmentSchema,
  type ItemTypeKey,
  itemTypes,
  text,
} from '@pc/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, attachment, company, item } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { ctxOf } from '../../platform/auth/plugin';
import { forbidden, notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { readUpload, uploadOf } from '../../platform/upload';

const claimOf = (type: string) => itemTypes.find((t) => t.key === type)?.claim;

const select = {
  a: attachment,
  itemType: item.type,
  itemName: item.name,
  companyName: company.name,
  uploadedBy: sql<string | null>`nullif(trim(${appUser.firstname} || ' ' || ${appUser.lastname}), '')`,
};

function toDto(r: {
  a: typeof attachment.$inferSelect;
  itemType: string | null;
  itemName: string | null;
  companyName: string;
  uploadedBy: string | null;
}) {
  return {
    id: r.a.id,
    itemId: r.a.itemId,
    itemType: r.itemType,
    itemName: r.itemName,
    companyId: r.a.companyId,
    companyName: r.companyName,
    fileName: r.a.fileName,
    mimeType: r.a.mimeType,
    size: Number(r.a.size),
    uploadedBy: r.uploadedBy,
    createdAt: r.a.createdAt.toISOString(),
  };
}

function query(tx: Db) {
  return tx
    .select(select)
    .from(attachment)
    .innerJoin(company, eq(company.id, attachment.companyId))
    .leftJoin(item, eq(item.id, attachment.itemId))
    .leftJoin(appUser, eq(appUser.id, attachment.uploadedBy));
}

async function itemInScope(tx: Db, ctx: RequestContext, type: ItemTypeKey, id: string) {
  const [row] = await tx
    .select({ id: item.id, companyId: item.companyId })
    .from(item)
    .where(and(eq(item.id, id), eq(item.type, type), inArray(item.companyId, [...ctx.scopeCompanyIds])));
  if (!row) throw notFound();
  return row;
}

/** RFC 6266 filename with a plain-ASCII fallback. */
const disposition = (name: string, inline: boolean) =>
  `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function attachmentRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
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
      async (req) => {
        const ctx = ctxOf(req);
        const tx = ctx.db;
        await itemInScope(tx, ctx, t.key, req.params.id);
        return (await query(tx).where(eq(attachment.itemId, req.params.id)).orderBy(desc(attachment.createdAt))).map(toDto);
      },
    );

    r.post(
      base,
      {
        config: { claims: { all: [`${t.claim}.Read`, `${t.claim}.Write`] } },
        schema: { tags: [t.key], params: idParams, consumes: ['multipart/form-data'], response: { 201: attachmentSchema } },
        preValidation: readUpload({
          maxBytes: ATTACHMENT_MAX_BYTES,
          types: allowedAttachmentMimeTypes,
          typeError: 'validation.fileType',
        }),
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        const target = await itemInScope(ctx.db, ctx, t.key, req.params.id);
        const file = uploadOf(req);
        // The name is stored as text: NUL or a broken surrogate would fail in the database.
        if (!text.safeParse(file.filename).success) throw validationFailed({ file: ['validation.text'] });
        if (file.data.length === 0) throw validationFailed({ file: ['validation.fileEmpty'] });
        const hash = await storage.put(file.data);
        const [a] = await ctx.db
          .insert(attachment)
          .values({
            companyId: target.companyId,
            itemId: target.id,
            fileHash: hash,
            fileName: file.filename.slice(0, 255) || 'datei',
            mimeType: file.mimetype,
            size: file.data.length,
            uploadedBy: ctx.userId,
          })
          .returning({ id: attachment.id });
        const [row] = await query(ctx.db).where(eq(attachment.id, a!.id));
        return reply.code(201).send(toDto(row!));
      },
    );
  }

  /** Loads an attachment the caller may see and checks the claim of its item's type. */
  async function load(ctx: RequestContext, id: string, write: boolean) {
    const [row] = await query(ctx.db).where(and(eq(attachment.id, id), inArray(attachment.companyId, [...ctx.scopeCompanyIds])));
    if (!row) throw notFound();
    const claim = row.itemType ? claimOf(row.itemType) : undefined;
    const needed = claim ? [`${claim}.Read`, ...(write ? [`${claim}.Write`] : [])] : ['Document.ReadExtended'];
    if (!needed.every((c) => ctx.claims.has(c)) && !(!write && ctx.claims.has('Document.ReadExtended'))) throw forbidden();
    return row;
  }

  r.get('/api/attachment/:id/download', { schema: { tags: ['attachment'], params: idParams } }, async (req, reply) => {
    const row = await load(ctxOf(req), req.params.id, false);
    const body = await storage.get(row.a.fileHash);
    if (!body) throw notFound();
    const inline = (req.query as { inline?: string }).inline === 'true' && row.a.mimeType.startsWith('image/');
    return reply
      .header('content-type', row.a.mimeType)
      .header('content-disposition', disposition(row.a.fileName, inline))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  r.delete('/api/attachment/:id', { schema: { tags: ['attachment'], params: idParams } }, async (req, reply) => {
    const ctx = ctxOf(req);
    await load(ctx, req.params.id, true);
    await ctx.db.delete(attachment).where(eq(attachment.id, req.params.id));
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
    async (req) => {
      const ctx = ctxOf(req);
      const tx = ctx.db;
      const where = inArray(attachment.companyId, [...ctx.scopeCompanyIds]);
      const [rows, [count]] = await Promise.all([
        query(tx)
          .where(where)
          .orderBy(desc(attachment.createdAt))
          .limit(req.query.pageSize)
          .offset(req.query.page * req.query.pageSize),
        tx.select({ n: sql<number>`count(*)::int` }).from(attachment).where(where),
      ]);
      return { items: rows.map(toDto), total: Number(count!.n) };
    },
  );
}
