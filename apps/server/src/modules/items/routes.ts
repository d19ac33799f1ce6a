import {
  dueIssueSchema,
  ifMatchHeaders,
  itemHistoryEntrySchema,
  itemInputSchema,
  itemListQuerySchema,
  itemPageSchema,
  itemSchema,
  itemTrendSchema,
  itemTypes,
  pdcaProgressSchema,
  previousQuarterSchema,
  serviceAgreementKinds,
  serviceAgreementListQuerySchema,
  statusCategorySchema,
  versionConflictSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { forbidden } from '../../platform/errors';
import { readableItemTypes } from '../../platform/item-access';
import { checkVersion, withEtag } from '../../platform/versioning';
import {
  createItem,
  deleteItem,
  getItem,
  type ItemDeps,
  itemHistoryOf,
  listChildren,
  listItems,
  listItemsOf,
  typeOfItem,
  updateItem,
} from './service';
import { dueIssues, pdcaProgressOf, statistics } from './stats';
import { itemTrend, previousQuarter } from './trend';

const idParams = z.object({ id: z.uuid() });

/** The same five routes for every item type, each guarded by the type's Read/Write claim. */
export function itemRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/item/statistics',
    {
      schema: {
        tags: ['items'],
        summary: 'Status categories of every type the caller may read, for the scope',
        response: { 200: z.array(statusCategorySchema) },
      },
    },
    async (req) => statistics(d, ctxOf(req)),
  );
  r.get(
    '/api/item/trend',
    {
      schema: {
        tags: ['items'],
        summary: 'Open and overdue items per readable type at each of the last 12 weeks, for the scope (docs/decisions/0073)',
        response: { 200: z.array(itemTrendSchema) },
      },
    },
    async (req) => itemTrend(d, ctxOf(req)),
  );
  r.get(
    '/api/item/previous-quarter',
    {
      schema: {
        tags: ['items'],
        summary: "Each readable type's closed share at the end of the previous quarter, for the scope (docs/decisions/0073)",
        response: { 200: previousQuarterSchema },
      },
    },
    async (req) => previousQuarter(d, ctxOf(req)),
  );
  r.get(
    '/api/issue/due',
    { config: { claims: { all: ['Issue.Read'] } }, schema: { tags: ['issue'], response: { 200: z.array(dueIssueSchema) } } },
    async (req) => dueIssues(ctxOf(req)),
  );
  r.get(
    '/api/pdca-list/progress',
    { config: { claims: { all: ['PdcaCycle.Read'] } }, schema: { tags: ['pdca-list'], response: { 200: pdcaProgressSchema } } },
    async (req) => pdcaProgressOf(d, ctxOf(req)),
  );

  // One list over the three kinds of service agreement, of those the caller may read.
  const agreementReads = itemTypes.filter((t) => (serviceAgreementKinds as readonly string[]).includes(t.key));
  r.get(
    '/api/service-agreement',
    {
      config: { claims: { any: agreementReads.map((t) => `${t.claim}.Read`) } },
      schema: {
        tags: ['service-agreement'],
        summary: 'Service agreements of every kind the caller may read; `kind` narrows to one',
        querystring: serviceAgreementListQuerySchema,
        response: { 200: itemPageSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const kinds = agreementReads
        .filter((t) => ctx.claims.has(`${t.claim}.Read`) && (!req.query.kind || t.key === req.query.kind))
        .map((t) => t.key);
      if (kinds.length === 0) throw forbidden();
      return listItemsOf(d, ctx, kinds, req.query);
    },
  );

  r.get(
    '/api/service-agreement/:id',
    {
      config: { claims: { any: agreementReads.map((t) => `${t.claim}.Read`) }, etag: true },
      schema: {
        tags: ['service-agreement'],
        summary: 'One service agreement of any kind the caller may read (the generic detail route)',
        params: idParams,
        response: { 200: itemSchema },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const kinds = agreementReads.filter((t) => ctx.claims.has(`${t.claim}.Read`)).map((t) => t.key);
      return withEtag(reply, await getItem(d, ctx, await typeOfItem(ctx, req.params.id, kinds), req.params.id));
    },
  );

  for (const t of itemTypes) {
    const read = { claims: { all: [`${t.claim}.Read`] } };
    const write = { claims: { all: [`${t.claim}.Read`, `${t.claim}.Write`] } };
    const tags = [t.key];
    const body = itemInputSchema(t.key);
    const base = `/api/${t.key}`;

    r.get(
      base,
      { config: read, schema: { tags, querystring: itemListQuerySchema, response: { 200: itemPageSchema } } },
      async (req) => listItems(d, ctxOf(req), t.key, req.query),
    );
    r.post(base, { config: write, schema: { tags, body, response: { 201: itemSchema } } }, async (req, reply) =>
      reply.code(201).send(await createItem(d, ctxOf(req), t.key, req.body)),
    );
    r.get(
      `${base}/:id`,
      { config: { ...read, etag: true }, schema: { tags, params: idParams, response: { 200: itemSchema } } },
      async (req, reply) => withEtag(reply, await getItem(d, ctxOf(req), t.key, req.params.id)),
    );
    r.put(
      `${base}/:id`,
      {
        config: write,
        schema: {
          tags,
          params: idParams,
          headers: ifMatchHeaders,
          body,
          response: { 200: itemSchema, 409: versionConflictSchema(itemSchema) },
        },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        await checkVersion(req, ctx.db, 'item', req.params.id, () => getItem(d, ctx, t.key, req.params.id));
        return withEtag(reply, await updateItem(d, ctx, t.key, req.params.id, req.body));
      },
    );
    r.delete(`${base}/:id`, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
      await deleteItem(ctxOf(req), t.key, req.params.id);
      return reply.code(204).send();
    });
    r.get(
      `${base}/:id/children`,
      {
        config: read,
        schema: {
          tags,
          summary: 'Items of every type the caller may read whose parent is this item',
          params: idParams,
          response: { 200: itemPageSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return listChildren(d, ctx, t.key, req.params.id, readableItemTypes(ctx.claims));
      },
    );
    r.get(
      `${base}/:id/history`,
      { config: read, schema: { tags, params: idParams, response: { 200: z.array(itemHistoryEntrySchema) } } },
      async (req) => itemHistoryOf(ctxOf(req), t.key, req.params.id),
    );
  }
}
