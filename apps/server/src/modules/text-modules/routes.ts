import { textModuleInputSchema, textModuleSchema } from '@pc/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textModule } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound, validationFailed } from '../../platform/errors';

/**
 * Text modules belong to a company; the select offers those of the companies the user may see.
 * Managing them is part of tag management (Tag.Write).
 */
export function textModuleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { claims: { all: ['Tag.Write'] } };
  const idParams = z.object({ id: z.coerce.number().int().min(1) });

  r.get('/api/text-module', { schema: { tags: ['text-module'], response: { 200: z.array(textModuleSchema) } } }, async (req) => {
    const ctx = ctxOf(req);
    return ctx.db
      .select({ id: textModule.id, name: textModule.name, companyId: textModule.companyId })
      .from(textModule)
      .where(inArray(textModule.companyId, [...ctx.scopeCompanyIds]))
      .orderBy(asc(textModule.name));
  });

  r.post(
    '/api/text-module',
    { config: write, schema: { tags: ['text-module'], body: textModuleInputSchema, response: { 201: textModuleSchema } } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const companyId = req.body.companyId ?? ctx.scopeCompanyId ?? ctx.companyId;
      if (!ctx.scopeCompanyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
      const [row] = await ctx.db
        .insert(textModule)
        .values({ companyId, name: req.body.name })
        .returning({ id: textModule.id, name: textModule.name, companyId: textModule.companyId });
      return reply.code(201).send(row!);
    },
  );

  r.put(
    '/api/text-module/:id',
    {
      config: write,
      schema: { tags: ['text-module'], params: idParams, body: textModuleInputSchema, response: { 200: textModuleSchema } },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const [row] = await ctx.db
        .update(textModule)
        .set({ name: req.body.name })
        .where(and(eq(textModule.id, req.params.id), inArray(textModule.companyId, [...ctx.scopeCompanyIds])))
        .returning({ id: textModule.id, name: textModule.name, companyId: textModule.companyId });
      if (!row) throw notFound();
      return row;
    },
  );

  r.delete('/api/text-module/:id', { config: write, schema: { tags: ['text-module'], params: idParams } }, async (req, reply) => {
    const ctx = ctxOf(req);
    const rows = await ctx.db
      .delete(textModule)
      .where(and(eq(textModule.id, req.params.id), inArray(textModule.companyId, [...ctx.scopeCompanyIds])))
      .returning({ id: textModule.id });
    if (!rows.length) throw notFound();
    return reply.code(204).send();
  });
}
