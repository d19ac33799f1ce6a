import { type Attachment, type ItemTypeKey, text } from '@pc/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { appUser, attachment, company, item } from '../../db/schema/index';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { forbidden, notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { inScope } from '../../platform/tenancy';
import { attachmentRights, mayReadAttachment } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'claims' | 'scopeCompanyIds'>;

const select = {
  a: attachment,
  itemType: item.type,
  itemName: item.name,
  companyName: company.name,
  uploadedBy: fullName('app_user'),
};

type Row = {
  a: typeof attachment.$inferSelect;
  itemType: string | null;
  itemName: string | null;
  companyName: string;
  uploadedBy: string | null;
};

function toDto(ctx: Ctx, r: Row): Attachment {
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
    rights: attachmentRights(ctx.claims, r.itemType),
  };
}

function query(ctx: Ctx) {
  return ctx.db
    .select(select)
    .from(attachment)
    .innerJoin(company, eq(company.id, attachment.companyId))
    .leftJoin(item, eq(item.id, attachment.itemId))
    .leftJoin(appUser, eq(appUser.id, attachment.uploadedBy));
}

const scoped = (ctx: Ctx) => inScope(attachment.companyId, ctx.scopeCompanyIds);

async function itemInScope(ctx: Ctx, type: ItemTypeKey, id: string) {
  const [row] = await ctx.db
    .select({ id: item.id, companyId: item.companyId })
    .from(item)
    .where(and(eq(item.id, id), eq(item.type, type), inScope(item.companyId, ctx.scopeCompanyIds)));
  if (!row) throw notFound();
  return row;
}

/** The files of one item of the scope, newest first. */
export async function listItemAttachments(ctx: Ctx, type: ItemTypeKey, itemId: string) {
  await itemInScope(ctx, type, itemId);
  const rows = await query(ctx).where(eq(attachment.itemId, itemId)).orderBy(desc(attachment.createdAt));
  return rows.map((r) => toDto(ctx, r));
}

/** Records a file already in storage (streamed there while it arrived) on an item of the scope. */
export async function addAttachment(
  ctx: Ctx,
  type: ItemTypeKey,
  itemId: string,
  file: { filename: string; mimetype: string; hash: string; size: number },
) {
  const target = await itemInScope(ctx, type, itemId);
  // The name is stored as text: NUL or a broken surrogate would fail in the database.
  if (!text.safeParse(file.filename).success) throw validationFailed({ file: ['validation.text'] });
  if (file.size === 0) throw validationFailed({ file: ['validation.fileEmpty'] });
  const [a] = await ctx.db
    .insert(attachment)
    .values({
      companyId: target.companyId,
      itemId: target.id,
      fileHash: file.hash,
      fileName: file.filename.slice(0, 255) || 'datei',
      mimeType: file.mimetype,
      size: file.size,
      uploadedBy: ctx.userId,
    })
    .returning({ id: attachment.id });
  const [row] = await query(ctx).where(eq(attachment.id, a!.id));
  return toDto(ctx, row!);
}

/**
 * Keeps a document the app generated (a report) among the company's documents: no item, so
 * reading it back needs Document.ReadExtended (the documents screen, /download/{id}).
 */
export async function keepDocument(
  ctx: Pick<Ctx, 'db' | 'userId'>,
  storage: Storage,
  doc: { companyId: string; fileName: string; mimeType: string; data: Buffer },
) {
  const hash = await storage.put(doc.data);
  const [a] = await ctx.db
    .insert(attachment)
    .values({
      companyId: doc.companyId,
      itemId: null,
      fileHash: hash,
      fileName: doc.fileName.slice(0, 255),
      mimeType: doc.mimeType,
      size: doc.data.length,
      uploadedBy: ctx.userId,
    })
    .returning({ id: attachment.id });
  return a!.id;
}

/** An attachment of the scope: 404 when hidden, 403 when the policy refuses the caller. */
async function load(ctx: Ctx, id: string, allowed: (row: Row) => boolean) {
  const [row] = await query(ctx).where(and(eq(attachment.id, id), scoped(ctx)));
  if (!row) throw notFound();
  if (!allowed(row)) throw forbidden();
  return row;
}

export async function downloadAttachment(ctx: Ctx, storage: Storage, id: string) {
  const row = await load(ctx, id, (r) => mayReadAttachment(ctx.claims, r.itemType));
  // Streamed: a large file is never held whole.
  const file = await storage.getStream(row.a.fileHash);
  if (!file) throw notFound();
  return { fileName: row.a.fileName, mimeType: row.a.mimeType, size: file.size, body: file.stream };
}

export async function deleteAttachment(ctx: Ctx, id: string) {
  await load(ctx, id, (r) => attachmentRights(ctx.claims, r.itemType).delete);
  await ctx.db.delete(attachment).where(eq(attachment.id, id));
}

/** Every attachment of the scope (the documents screen), newest first. */
export async function listAttachments(ctx: Ctx, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    query(ctx)
      .where(scoped(ctx))
      .orderBy(desc(attachment.createdAt))
      .limit(pageSize)
      .offset(page * pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(attachment).where(scoped(ctx)),
  ]);
  return { items: rows.map((r) => toDto(ctx, r)), total: Number(count!.n) };
}
