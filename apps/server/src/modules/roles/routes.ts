import { ifMatchHeaders, recordVersion, roleInputSchema, roleSchema, versionConflictSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { checkVersion, versionOf, withEtag } from '../../platform/versioning';
import { deleteRole, listRoles, saveRole } from './service';

export function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { claims: { all: ['Role.Write'] } };
  const idParams = z.object({ id: z.uuid() });
  r.get(
    '/api/role',
    {
      config: { claims: { any: ['User.Read', 'Role.Write'] } },
      schema: { tags: ['role'], response: { 200: z.array(roleSchema) } },
    },
    async (req) => listRoles(ctxOf(req)),
  );
  r.post(
    '/api/role',
    { config: write, schema: { tags: ['role'], body: roleInputSchema, response: { 201: z.object({ id: z.uuid() }) } } },
    async (req, reply) => reply.code(201).send({ id: await saveRole(ctxOf(req), null, req.body) }),
  );
  r.put(
    '/api/role/:id',
    {
      config: write,
      schema: {
        tags: ['role'],
        params: idParams,
        headers: ifMatchHeaders,
        body: roleInputSchema,
        response: {
          200: z.object({ id: z.uuid(), version: recordVersion.optional() }),
          409: versionConflictSchema(roleSchema),
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { id } = req.params;
      await checkVersion(req, ctx.db, 'role', id, async () => (await listRoles(ctx)).find((r) => r.id === id));
      await saveRole(ctx, id, req.body);
      return withEtag(reply, { id, version: (await versionOf(ctx.db, 'role', id)) ?? undefined });
    },
  );
  r.delete('/api/role/:id', { config: write, schema: { tags: ['role'], params: idParams } }, async (req, reply) => {
    await deleteRole(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });
}
