import { tagInputSchema, tagSchema, tagTypeSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
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
      schema: { tags: ['tag'], params: idParams, body: tagInputSchema, response: { 200: z.object({ id: z.uuid() }) } },
    },
    async (req) => ({ id: await saveTag(ctxOf(req), req.params.type, req.params.id, req.body) }),
  );
  r.delete('/api/tag/:type/:id', { config: write, schema: { tags: ['tag'], params: idParams } }, async (req, reply) => {
    await deleteTag(ctxOf(req), req.params.type, req.params.id);
    return reply.code(204).send();
  });
}
