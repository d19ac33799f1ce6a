import {
  bulkRequestSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  bulkUndoSchema,
  type ItemTypeKey,
  itemTypes,
  serviceAgreementKinds,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { bulkItems, undoBulkDelete } from './bulk';
import type { ItemDeps } from './service';

/**
 * Bulk actions on every register (and on the list over the three kinds of service agreement):
 * the caller needs the Write claim of the register (of one of its kinds); then each item's
 * rights are judged on their own and a skipped item says why.
 */
export function bulkRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agreements = itemTypes.filter((t) => (serviceAgreementKinds as readonly string[]).includes(t.key));
  const registers: { path: string; reads: { key: ItemTypeKey; claim: string }[]; tags: string[] }[] = [
    ...itemTypes.map((t) => ({ path: t.key, reads: [t], tags: [t.key] })),
    { path: 'service-agreement', reads: agreements, tags: ['service-agreement'] },
  ];
  for (const reg of registers) {
    const config = { claims: { any: reg.reads.map((t) => `${t.claim}.Write`) } };
    const readable = (claims: ReadonlySet<string>) => reg.reads.filter((t) => claims.has(`${t.claim}.Read`)).map((t) => t.key);
    r.post(
      `/api/${reg.path}/bulk`,
      {
        config,
        schema: {
          tags: reg.tags,
          summary: 'Changes or deletes many items at once: the listed ids or every item a filter matches',
          body: bulkRequestSchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return bulkItems(d, ctx, readable(ctx.claims), req.body);
      },
    );
    r.post(
      `/api/${reg.path}/bulk/undo`,
      {
        config,
        schema: {
          tags: reg.tags,
          summary: 'Restores the items of a bulk delete while its undo lasts',
          body: bulkUndoSchema,
          response: { 200: bulkUndoResultSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return undoBulkDelete(d, ctx, readable(ctx.claims), req.body.undoId);
      },
    );
  }
}
