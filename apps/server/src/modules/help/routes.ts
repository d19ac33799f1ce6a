import { helpContentInputSchema, helpContentSchema, text } from '@pc/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { helpContent } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';

const locale = z.enum(['de', 'en']);

/** Reads run in the request's transaction; the operator's edits on the owner connection. */
export function helpRoutes(app: FastifyInstance, { db }: { db: OwnerDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Help contents are shared by every tenant: only the operator edits them.
  const admin = { claims: { all: ['Platform.Manage'] }, ownerConnection: true };

  r.get(
    '/api/help-content',
    {
      schema: {
        tags: ['help'],
        querystring: z.object({ route: text.min(1).max(300), locale }),
        response: { 200: z.array(helpContentSchema) },
      },
    },
    async (req) =>
      ctxOf(req)
        .db.select()
        .from(helpContent)
        .where(and(eq(helpContent.route, req.query.route), eq(helpContent.locale, req.query.locale)))
        .orderBy(asc(helpContent.index)),
  );

  // The existence check: every route that has help in a language, fetched once.
  r.get(
    '/api/help-content/routes',
    { schema: { tags: ['help'], querystring: z.object({ locale }), response: { 200: z.array(z.string()) } } },
    async (req) =>
      (
        await ctxOf(req)
          .db.selectDistinct({ route: helpContent.route })
          .from(helpContent)
          .where(eq(helpContent.locale, req.query.locale))
      ).map((x) => x.route),
  );

  r.post(
    '/api/help-content',
    { config: admin, schema: { tags: ['help'], body: helpContentInputSchema, response: { 201: helpContentSchema } } },
    async (req, reply) => {
      const [row] = await db.insert(helpContent).values(req.body).returning();
      return reply.code(201).send(row!);
    },
  );
  r.put(
    '/api/help-content/:id',
    {
      config: admin,
      schema: {
        tags: ['help'],
        params: z.object({ id: z.uuid() }),
        body: helpContentInputSchema,
        response: { 200: helpContentSchema },
      },
    },
    async (req) => {
      const [row] = await db
        .update(helpContent)
        .set({ ...req.body, updatedAt: new Date() })
        .where(eq(helpContent.id, req.params.id))
        .returning();
      if (!row) throw notFound();
      return row;
    },
  );
  r.delete(
    '/api/help-content/:id',
    { config: admin, schema: { tags: ['help'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const rows = await db.delete(helpContent).where(eq(helpContent.id, req.params.id)).returning({ id: helpContent.id });
      if (!rows.length) throw notFound();
      return reply.code(204).send();
    },
  );
}
