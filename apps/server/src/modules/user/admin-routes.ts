import {
  adminUserInputSchema,
  adminUserSchema,
  grantInputSchema,
  grantQuerySchema,
  ifMatchHeaders,
  userLookupSchema,
  versionConflictSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { checkVersion, withEtag } from '../../platform/versioning';
import type { AccountDeps } from '../auth/deps';
import {
  createAndInviteUser,
  forcePasswordChange,
  getUser,
  inviteUser,
  listUsers,
  resetTwoFactor,
  unlockUser,
  updateUser,
} from './admin-service';
import { revokeGrant, setGrant } from './grant-service';
import { lookupUsers } from './service';

export function userAdminRoutes(app: FastifyInstance, d: AccountDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['User.Read'] } };
  const write = { claims: { all: ['User.Read', 'User.Write'] } };
  const idParams = z.object({ id: z.uuid() });

  // Owner and assignee pickers: active users of the companies the caller may see.
  r.get('/api/user/lookup', { schema: { tags: ['user'], response: { 200: z.array(userLookupSchema) } } }, async (req) =>
    lookupUsers(ctxOf(req)),
  );

  r.get('/api/user', { config: read, schema: { tags: ['user'], response: { 200: z.array(adminUserSchema) } } }, async (req) =>
    listUsers(ctxOf(req)),
  );
  r.get(
    '/api/user/:id',
    { config: { ...read, etag: true }, schema: { tags: ['user'], params: idParams, response: { 200: adminUserSchema } } },
    async (req, reply) => withEtag(reply, await getUser(ctxOf(req), req.params.id)),
  );
  r.post(
    '/api/user',
    { config: write, schema: { tags: ['user'], body: adminUserInputSchema, response: { 201: adminUserSchema } } },
    async (req, reply) => reply.code(201).send(await createAndInviteUser(ctxOf(req), d, req.body)),
  );
  r.put(
    '/api/user/:id',
    {
      config: write,
      schema: {
        tags: ['user'],
        params: idParams,
        headers: ifMatchHeaders,
        body: adminUserInputSchema,
        response: { 200: adminUserSchema, 409: versionConflictSchema(adminUserSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await checkVersion(req, ctx.db, 'app_user', req.params.id, () => getUser(ctx, req.params.id));
      return withEtag(reply, await updateUser(ctx, req.params.id, req.body, d));
    },
  );
  // A person of another tenant granted one of the caller's companies: the roles they hold there.
  r.put(
    '/api/user/:id/grant',
    {
      config: write,
      schema: { tags: ['user'], params: idParams, body: grantInputSchema, response: { 200: adminUserSchema } },
    },
    async (req) => setGrant(ctxOf(req), req.params.id, req.body, req.ip),
  );
  r.delete(
    '/api/user/:id/grant',
    { config: write, schema: { tags: ['user'], params: idParams, querystring: grantQuerySchema } },
    async (req, reply) => {
      await revokeGrant(ctxOf(req), req.params.id, req.query.companyId, req.ip);
      return reply.code(204).send();
    },
  );
  r.post('/api/user/:id/invite', { config: write, schema: { tags: ['user'], params: idParams } }, async (req, reply) => {
    await inviteUser(ctxOf(req), d, req.params.id, req.ip);
    return reply.code(204).send();
  });
  r.post(
    '/api/user/:id/reset-two-factor',
    { config: write, schema: { tags: ['user'], params: idParams } },
    async (req, reply) => {
      await resetTwoFactor(ctxOf(req), req.params.id, req.ip);
      return reply.code(204).send();
    },
  );

  // The next request of that user answers 412 PasswordExpired until they choose a new password.
  r.post(
    '/api/user/:id/unlock',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['security'], params: idParams } },
    async (req, reply) => {
      await unlockUser(ctxOf(req), req.params.id, req.ip);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/user/:id/force-password-change',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['user'], params: idParams } },
    async (req, reply) => {
      await forcePasswordChange(ctxOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
