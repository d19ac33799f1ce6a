import { helpContentInputSchema, helpContentSchema, text } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { ctxOf } from '../../platform/auth/plugin';
import { createHelp, deleteHelp, helpFor, routesWithHelp, updateHelp } from './service';

const locale = z.enum(['de', 'en']);

/** Reads run in the request's transaction; the operator's edits on the owner connection. */
export function helpRoutes(app: FastifyInstance, { db }: { db: OwnerDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Help contents are shared by every tenant: only the operator edits them.
  const admin = { claims: { all: ['Platform.Manage'] }, ownerConnection: true };
  const idParams = z.object({ id: z.uuid() });

  r.get(
    '/api/help-content',
    {
      schema: {
        tags: ['help'],
        querystring: z.object({ route: text.min(1).max(300), locale }),
        response: { 200: z.array(helpContentSchema) },
      },
    },
    async (req) => helpFor(ctxOf(req).db, req.query.route, req.query.locale),
  );

  // The existence check: every route that has help in a language, fetched once.
  r.get(
    '/api/help-content/routes',
    { schema: { tags: ['help'], querystring: z.object({ locale }), response: { 200: z.array(z.string()) } } },
    async (req) => routesWithHelp(ctxOf(req).db, req.query.locale),
  );

  r.post(
    '/api/help-content',
    { config: admin, schema: { tags: ['help'], body: helpContentInputSchema, response: { 201: helpContentSchema } } },
    async (req, reply) => reply.code(201).send(await createHelp(db, req.body)),
  );
  r.put(
    '/api/help-content/:id',
    {
      config: admin,
      schema: { tags: ['help'], params: idParams, body: helpContentInputSchema, response: { 200: helpContentSchema } },
    },
    async (req) => updateHelp(db, req.params.id, req.body),
  );
  r.delete('/api/help-content/:id', { config: admin, schema: { tags: ['help'], params: idParams } }, async (req, reply) => {
    await deleteHelp(db, req.params.id);
    return reply.code(204).send();
  });
}
