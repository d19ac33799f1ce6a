import { savedViewInputSchema, savedViewListQuerySchema, savedViewSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { createView, deleteView, listViews, updateView } from './service';

const idParams = z.object({ id: z.uuid() });

/** A signed-in user's own saved views of a list: no claim needed, row-level security keeps them theirs. */
export function savedViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['view'];
  r.get(
    '/api/view',
    { schema: { tags, querystring: savedViewListQuerySchema, response: { 200: z.array(savedViewSchema) } } },
    async (req) => listViews(ctxOf(req), req.query.register),
  );
  r.post('/api/view', { schema: { tags, body: savedViewInputSchema, response: { 201: savedViewSchema } } }, async (req, reply) =>
    reply.code(201).send(await createView(ctxOf(req), req.body)),
  );
  r.put(
    '/api/view/:id',
    { schema: { tags, params: idParams, body: savedViewInputSchema, response: { 200: savedViewSchema } } },
    async (req) => updateView(ctxOf(req), req.params.id, req.body),
  );
  r.delete('/api/view/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteView(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });
}
