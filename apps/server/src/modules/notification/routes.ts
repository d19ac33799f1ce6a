import {
  notificationDefaultsInputSchema,
  notificationDefaultsSchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationReadAllSchema,
  notificationUnreadCountSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';
import { companyChannels, setCompanyChannels } from './settings';

/** The account's administrators set the notification defaults of its users, as they manage them; its users read them. */
const ADMINS = ['Administration.Access', 'User.Write'];

/** Every signed-in user's own notifications: no claim needed, row-level security keeps them theirs. */
export function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notification',
    { schema: { tags: ['notification'], querystring: notificationQuerySchema, response: { 200: notificationPageSchema } } },
    async (req) => listNotifications(ctxOf(req), req.query),
  );

  r.get(
    '/api/notification/unread-count',
    { schema: { tags: ['notification'], response: { 200: notificationUnreadCountSchema } } },
    async (req) => unreadCount(ctxOf(req)),
  );

  r.post(
    '/api/notification/read-all',
    { schema: { tags: ['notification'], response: { 200: notificationReadAllSchema } } },
    async (req) => markAllRead(ctxOf(req)),
  );

  r.post(
    '/api/notification/:id/read',
    { schema: { tags: ['notification'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      await markRead(ctxOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/account/notification-defaults',
    {
      schema: {
        tags: ['account'],
        summary: "The company's notification defaults",
        response: { 200: notificationDefaultsSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return { categories: await companyChannels(ctx), rights: { write: ADMINS.every((c) => ctx.claims.has(c)) } };
    },
  );
  r.put(
    '/api/account/notification-defaults',
    {
      config: { claims: { all: ADMINS } },
      schema: { tags: ['account'], body: notificationDefaultsInputSchema, response: { 200: notificationDefaultsSchema } },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await setCompanyChannels(ctx, req.body.categories);
      return { categories: await companyChannels(ctx), rights: { write: true } };
    },
  );
}
