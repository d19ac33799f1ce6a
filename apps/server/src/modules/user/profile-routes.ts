import {
  emailChangeSchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  profileInputSchema,
  userMeSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { Storage } from '../../platform/storage';
import { readUpload, uploadOf } from '../../platform/upload';
import type { AccountDeps } from '../auth/deps';
import {
  avatarFor,
  getNotifications,
  removeAvatar,
  requestEmailChange,
  setAvatar,
  setNotifications,
  updateProfile,
} from './profile-service';
import { getMe } from './service';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export function profileRoutes(app: FastifyInstance, d: AccountDeps & { storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/user/profile',
    { schema: { tags: ['profile'], body: profileInputSchema, response: { 200: userMeSchema } } },
    async (req) => {
      const ctx = ctxOf(req);
      await updateProfile(ctx, req.body);
      return getMe(ctx);
    },
  );

  r.post('/api/user/email-change', { schema: { tags: ['profile'], body: emailChangeSchema } }, async (req, reply) => {
    await requestEmailChange(ctxOf(req), d, req.body.email);
    return reply.code(204).send();
  });

  r.get(
    '/api/user/notifications',
    { schema: { tags: ['profile'], response: { 200: notificationSettingsSchema } } },
    async (req) => getNotifications(ctxOf(req)),
  );
  r.put(
    '/api/user/notifications',
    {
      schema: { tags: ['profile'], body: notificationSettingsInputSchema, response: { 200: notificationSettingsSchema } },
    },
    async (req) => setNotifications(ctxOf(req), req.body),
  );

  r.post(
    '/api/user/avatar',
    {
      schema: { tags: ['profile'], consumes: ['multipart/form-data'] },
      preValidation: readUpload({ maxBytes: 5 * 1024 * 1024, types: IMAGE_TYPES, typeError: 'validation.imageType' }),
    },
    async (req, reply) => {
      await setAvatar(ctxOf(req), d.storage, uploadOf(req).data);
      return reply.code(204).send();
    },
  );
  r.delete('/api/user/avatar', { schema: { tags: ['profile'] } }, async (req, reply) => {
    await removeAvatar(ctxOf(req));
    return reply.code(204).send();
  });

  r.get(
    '/api/avatar/:hash',
    {
      schema: {
        tags: ['profile'],
        params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) }),
        querystring: z.object({ size: z.coerce.number().int().min(16).max(256).default(64) }),
      },
    },
    async (req, reply) => {
      const avatar = await avatarFor(ctxOf(req), d.storage, req.params.hash, req.query.size);
      return reply.header('cache-control', 'private, max-age=300').header('content-type', avatar.type).send(avatar.body);
    },
  );
}
