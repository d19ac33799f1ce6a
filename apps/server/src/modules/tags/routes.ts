import { ifMatchHeaders, recordVersion, tagInputSchema, tagSchema, tagTypeSchema, versionConflictSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { checkVersion, versionOf, withEtag } from '../../platform/versioning';
import { deleteTag, listTags, saveTag } from './service';

export function tagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['Tag.Read'] } };
  const write = { claims: { all: ['Tag.Read', 'Tag.Write'] } };
  const typeParams = z.object({ type: tagTypeSchema });
  const idParams = z.object({ type: tagTypeSchema, id: z.uuid() });

  r.get(
    '/api/tag/:type',
    { config: read, schema: { tags: ['tag'], params: typeParams, response: { 200: z.array(tagSchema) } } },
    async (req) => listTags(ctxOf(req), req.params.type),
  );
  r.post(
    '/api/tag/:type',
    {
      config: write,
      schema: { tags: ['tag'], params: typeParams, body: tagInputSchema, response: { 201: z.object({ id: z.uuid() }) } },
    },
    async (req, reply) => reply.code(201).send({ id: await saveTag(ctxOf(req), req.params.type, null, req.body) }),
  );
  r.put(
    '/api/tag/:type/:id',
    {
      config: write,
      schema: {
        tags: ['tag'],
        params: idParams,
        headers: ifMatchHeaders,
        body: tagInputSchema,
        response: {
          200: z.object({ id: z.uuid(), version: recordVersion.optional() }),
          409: versionConflictSchema(tagSchema),
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { type, id } = req.params;
      await checkVersion(req, ctx.db, 'tag', id, async () => (await listTags(ctx, type)).find((t) => t.id === id));
      await saveTag(ctx, type, id, req.body);
      return withEtag(reply, { id, version: (await versionOf(ctx.db, 'tag', id)) ?? undefined });
    },
  );
  r.delete('/api/tag/:type/:id', { config: write, schema: { tags: ['tag'], params: idParams } }, async (req, reply) => {
    await deleteTag(ctxOf(req), req.params.type, req.params.id);
    return reply.code(204).send();
  });
}
