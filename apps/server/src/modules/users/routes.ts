import { adminUserInputSchema, adminUserSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { AuthDeps } from '../auth/deps';
import { requestPasswordReset } from '../auth/password-reset';
import { createUser, getUser, listUsers, resetTwoFactor, updateUser } from './service';

/** Invitations to set a password stay valid for a week. */
const INVITE_MINUTES = 7 * 24 * 60;

export function userAdministrationRoutes(app: FastifyInstance, d: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['User.Read'] } };
  const write = { claims: { all: ['User.Read', 'User.Write'] } };
  const idParams = z.object({ id: z.uuid() });

  r.get('/api/user', { config: read, schema: { tags: ['user'], response: { 200: z.array(adminUserSchema) } } }, async (req) =>
    listUsers(d.db, ctxOf(req)),
  );
  r.get(
    '/api/user/:id',
    { config: read, schema: { tags: ['user'], params: idParams, response: { 200: adminUserSchema } } },
    async (req) => getUser(d.db, ctxOf(req), req.params.id),
  );
  r.post(
    '/api/user',
    { config: write, schema: { tags: ['user'], body: adminUserInputSchema, response: { 201: adminUserSchema } } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const id = await createUser(d.db, ctx, req.body);
      await requestPasswordReset(d, req.body.email, req.ip, 'invite', INVITE_MINUTES);
      return reply.code(201).send(await getUser(d.db, ctx, id));
    },
  );
  r.put(
    '/api/user/:id',
    {
      config: write,
      schema: { tags: ['user'], params: idParams, body: adminUserInputSchema, response: { 200: adminUserSchema } },
    },
    async (req) => {
      await updateUser(d.db, ctxOf(req), req.params.id, req.body);
      return getUser(d.db, ctxOf(req), req.params.id);
    },
  );
  r.post('/api/user/:id/invite', { config: write, schema: { tags: ['user'], params: idParams } }, async (req, reply) => {
    const u = await getUser(d.db, ctxOf(req), req.params.id);
    await requestPasswordReset(d, u.email, req.ip, 'invite', INVITE_MINUTES);
    return reply.code(204).send();
  });
  r.post(
    '/api/user/:id/reset-two-factor',
    { config: write, schema: { tags: ['user'], params: idParams } },
    async (req, reply) => {
      await resetTwoFactor(d.db, ctxOf(req), req.params.id, req.ip);
      return reply.code(204).send();
    },
  );
}
