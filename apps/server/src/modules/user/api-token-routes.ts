import { apiTokenCreatedSchema, apiTokenInputSchema, apiTokenListSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token-service';

/** Personal API tokens of the signed-in user (never reachable with a token: see the auth plugin). */
export function apiTokenRoutes(app: FastifyInstance, d: { now?: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/user/api-token',
    { schema: { tags: ['profile'], body: apiTokenInputSchema, response: { 201: apiTokenCreatedSchema } } },
    async (req, reply) => {
      const created = await createApiToken(ctxOf(req), req.body, { ip: req.ip, now: d.now?.() ?? new Date() });
      return reply.code(201).send(created);
    },
  );
  r.get('/api/user/api-token', { schema: { tags: ['profile'], response: { 200: apiTokenListSchema } } }, async (req) =>
    listApiTokens(ctxOf(req)),
  );
  r.delete(
    '/api/user/api-token/:id',
    { schema: { tags: ['profile'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      await revokeApiToken(ctxOf(req), req.params.id, req.ip);
      return reply.code(204).send();
    },
  );
}
