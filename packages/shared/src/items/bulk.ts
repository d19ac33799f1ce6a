import { z } from 'zod';
import { calendarDate } from '../scalars';
import { itemListQuerySchema, serviceAgreementKinds } from './api';

/** How long the web offers to undo a bulk delete; the server keeps the deleted items a little longer. */
export const BULK_UNDO_SECONDS = 10;
/** At most this many ids in one bulk request (a filter reaches any number). */
export const BULK_MAX_IDS = 10_000;

/**
 * The rows a bulk action or a saved view names by filter: the list endpoint's own query terms
 * without paging and sort (`status=0,1`, `q`, `assigneeId`, `tagId`, a date range; `kind` on the
 * service-agreement list).
 */
export const itemFilterSchema = itemListQuerySchema
  .omit({ page: true, pageSize: true, sort: true, dir: true })
  .extend({ kind: z.enum(serviceAgreementKinds).optional() });
export type ItemFilter = z.infer<typeof itemFilterSchema>;

const nullableUuid = z.uuid().nullable();

/** What a bulk request changes on every item it reaches. */
export const bulkSetSchema = z
  .object({
    status: z.number().int().min(0, 'validation.min').max(4, 'validation.max').optional(),
    assigneeId: nullableUuid.optional(),
    ownerId: nullableUuid.optional(),
    dueDate: calendarDate.nullable().optional(),
  })
  .strict();

const tagIds = z.array(z.uuid()).max(50, 'validation.tooMany');

/**
 * `POST /api/{register}/bulk`: the items (`ids`, or every item a `filter` matches) and one thing
 * to do with them: set fields and/or add and remove tags, or delete.
 */
export const bulkRequestSchema = z
  .object({
    ids: z.array(z.uuid()).min(1, 'validation.required').max(BULK_MAX_IDS, 'validation.tooMany').optional(),
    filter: itemFilterSchema.optional(),
    set: bulkSetSchema.optional(),
    addTagIds: tagIds.optional(),
    removeTagIds: tagIds.optional(),
    delete: z.literal(true).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.ids === undefined) === (b.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.bulkTarget' });
    }
    const changes =
      (b.set && Object.keys(b.set).length > 0) || (b.addTagIds?.length ?? 0) > 0 || (b.removeTagIds?.length ?? 0) > 0;
    if (b.delete ? changes : !changes) ctx.addIssue({ code: 'custom', path: ['set'], message: 'validation.bulkAction' });
  });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** Why an item was left as it was. */
export const bulkSkipReasons = ['notFound', 'noRight', 'tagNotInCompany', 'tagNotForType', 'dueDateRuled'] as const;
export type BulkSkipReason = (typeof bulkSkipReasons)[number];

export const bulkResultSchema = z.object({
  /** Items written (one history entry each). */
  changed: z.number().int(),
  /** Items reached that already held what was asked. */
  unchanged: z.number().int(),
  skipped: z.array(
    z.object({ id: z.uuid(), number: z.string().nullable(), name: z.string().nullable(), reason: z.enum(bulkSkipReasons) }),
  ),
  /** A delete's undo: send it to `POST /api/{register}/bulk/undo` within the undo time. */
  undoId: z.uuid().nullable(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkUndoSchema = z.object({ undoId: z.uuid() }).strict();
export const bulkUndoResultSchema = z.object({ restored: z.number().int() });
