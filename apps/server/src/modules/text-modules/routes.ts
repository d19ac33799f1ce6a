import { ifMatchHeaders, textModuleInputSchema, textModuleSchema, versionConflictSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { checkVersion, withEtag } from '../../platform/versioning';
import { createTextModule, deleteTextModule, listTextModules, updateTextModule } from './service';

/**
 * Text modules belong to a company; the select offers those of the companies the user may see.
 * Managing them is part of tag management (Tag.Write).
 */
export function textModuleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { claims: { all: ['Tag.Write'] } };
  const idParams = z.object({ id: z.coerce.number().int().min(1) });

  r.get('/api/text-module', { schema: { tags: ['text-module'], response: { 200: z.array(textModuleSchema) } } }, async (req) =>
    listTextModules(ctxOf(req)),
  );

  r.post(
    '/api/text-module',
    { config: write, schema: { tags: ['text-module'], body: textModuleInputSchema, response: { 201: textModuleSchema } } },
    async (req, reply) => reply.code(201).send(await createTextModule(ctxOf(req), req.body)),
  );

  r.put(
    '/api/text-module/:id',
    {
      config: write,
      schema: {
        tags: ['text-module'],
        params: idParams,
        headers: ifMatchHeaders,
        body: textModuleInputSchema,
        response: { 200: textModuleSchema, 409: versionConflictSchema(textModuleSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { id } = req.params;
      await checkVersion(req, ctx.db, 'text_module', id, async () => (await listTextModules(ctx)).find((m) => m.id === id));
      return withEtag(reply, await updateTextModule(ctx, id, req.body));
    },
  );

  r.delete('/api/text-module/:id', { config: write, schema: { tags: ['text-module'], params: idParams } }, async (req, reply) => {
    await deleteTextModule(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });
}
