import { adminUserInputSchema, adminUserSchema, userLookupSchema } from '@pc/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, company } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';
import type { AccountDeps } from '../auth/deps';
import { sendPasswordLink } from '../auth/password-reset';
import { createUser, getUser, listUsers, resetTwoFactor, updateUser } from './admin-service';

/** Invitations to set a password stay valid for a week. */
const INVITE_MINUTES = 7 * 24 * 60;

export function userAdminRoutes(app: FastifyInstance, d: AccountDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['User.Read'] } };
  const write = { claims: { all: ['User.Read', 'User.Write'] } };
  const idParams = z.object({ id: z.uuid() });

  // Owner and assignee pickers: active users of the companies the caller may see (the join with
  // company is limited by row-level security).
  r.get('/api/user/lookup', { schema: { tags: ['user'], response: { 200: z.array(userLookupSchema) } } }, async (req) =>
    ctxOf(req)
      .db.select({
        id: appUser.id,
        name: sql<string>`coalesce(nullif(trim(${appUser.firstname} || ' ' || ${appUser.lastname}), ''), ${appUser.email})`,
        firstname: appUser.firstname,
        lastname: appUser.lastname,
        email: appUser.email,
        companyId: appUser.companyId,
        companyName: company.name,
      })
      .from(appUser)
      .innerJoin(company, eq(company.id, appUser.companyId))
      .where(eq(appUser.isActive, true))
      .orderBy(asc(appUser.lastname), asc(appUser.firstname)),
  );

  r.get('/api/user', { config: read, schema: { tags: ['user'], response: { 200: z.array(adminUserSchema) } } }, async (req) =>
    listUsers(ctxOf(req)),
  );
  r.get(
    '/api/user/:id',
    { config: read, schema: { tags: ['user'], params: idParams, response: { 200: adminUserSchema } } },
    async (req) => getUser(ctxOf(req), req.params.id),
  );
  r.post(
    '/api/user',
    { config: write, schema: { tags: ['user'], body: adminUserInputSchema, response: { 201: adminUserSchema } } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const id = await createUser(ctx, req.body);
      const user = await getUser(ctx, id);
      await sendPasswordLink(ctx.db, d, user, 'invite', INVITE_MINUTES, { in: ctx });
      return reply.code(201).send(user);
    },
  );
  r.put(
    '/api/user/:id',
    {
      config: write,
      schema: { tags: ['user'], params: idParams, body: adminUserInputSchema, response: { 200: adminUserSchema } },
    },
    async (req) => {
      await updateUser(ctxOf(req), req.params.id, req.body);
      return getUser(ctxOf(req), req.params.id);
    },
  );
  r.post('/api/user/:id/invite', { config: write, schema: { tags: ['user'], params: idParams } }, async (req, reply) => {
    const ctx = ctxOf(req);
    const user = await getUser(ctx, req.params.id);
    if (user.isActive) await sendPasswordLink(ctx.db, d, user, 'invite', INVITE_MINUTES, { in: ctx });
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
    '/api/user/:id/force-password-change',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['user'], params: idParams } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      // Only users of the caller's own companies can be changed (row-level security).
      const done = await ctx.db
        .update(appUser)
        .set({ mustChangePassword: true })
        .where(and(eq(appUser.id, req.params.id)))
        .returning({ id: appUser.id });
      if (!done.length) throw notFound();
      return reply.code(204).send();
    },
  );
}
