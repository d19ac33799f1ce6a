import { createHash } from 'node:crypto';
import { emailChangeSchema, notificationSettingsSchema, profileInputSchema, userMeSchema } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { appUser, mailOptOut, passwordResetToken } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { readUpload, uploadOf } from '../../platform/upload';
import type { AccountDeps } from '../auth/deps';
import { getMe } from '../user/service';

const EMAIL_CHANGE_MINUTES = 24 * 60;
const SECURITY = 'security-notice';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** Avatars are addressed by SHA-256 of the lower-cased e-mail, like Gravatar but served by us. */
export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

function initialsSvg(first: string, last: string, size: number) {
  const initials = `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
  // A stable colour per name, from a calm palette.
  const palette = ['#0b5563', '#1565c0', '#6a1b9a', '#2e7d32', '#ad1457', '#4e342e', '#00838f', '#37474f'];
  const colour = palette[createHash('md5').update(`${first}${last}`).digest()[0]! % palette.length];
  const esc = initials.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" rx="50" fill="${colour}"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="600" fill="#fff">${esc}</text></svg>`;
}

export function profileRoutes(app: FastifyInstance, d: AccountDeps & { storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/user/profile',
    { schema: { tags: ['profile'], body: profileInputSchema, response: { 200: userMeSchema } } },
    async (req) => {
      const ctx = ctxOf(req);
      await ctx.db.update(appUser).set(req.body).where(eq(appUser.id, ctx.userId));
      return getMe(ctx);
    },
  );

  r.post('/api/user/email-change', { schema: { tags: ['profile'], body: emailChangeSchema } }, async (req, reply) => {
    const ctx = ctxOf(req);
    const db = ctx.db;
    const email = req.body.email.trim();
    // Only addresses the caller can see are checked here, so the form cannot be used to find out
    // whether another tenant's address has an account; the confirmation refuses a taken one.
    const [taken] = await db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.email}) = lower(${email})`);
    if (taken) throw validationFailed({ email: ['validation.duplicate'] });
    const [u] = await db.select().from(appUser).where(eq(appUser.id, ctx.userId));
    const token = randomToken();
    await db.update(appUser).set({ pendingEmail: email }).where(eq(appUser.id, ctx.userId));
    await db.insert(passwordResetToken).values({
      userId: ctx.userId,
      tokenHash: sha256(token),
      purpose: 'email',
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_MINUTES * 60_000),
    });
    // The link goes to the new address: only its owner can confirm it.
    await d.mailer.send(
      {
        to: email,
        template: 'email-change',
        locale: u!.language,
        vars: {
          name: `${u!.firstname} ${u!.lastname}`.trim() || u!.email,
          minutes: EMAIL_CHANGE_MINUTES,
          link: d.mailer.link(`/profile?confirmEmail=${encodeURIComponent(token)}&user=${ctx.userId}`),
        },
      },
      { in: ctx },
    );
    return reply.code(204).send();
  });

  r.get(
    '/api/user/notifications',
    { schema: { tags: ['profile'], response: { 200: notificationSettingsSchema } } },
    async (req) => {
      const { db, userId } = ctxOf(req);
      const [u] = await db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, userId));
      const [out] = await db
        .select()
        .from(mailOptOut)
        .where(and(eq(mailOptOut.email, u!.email.toLowerCase()), eq(mailOptOut.category, SECURITY)));
      return { securityNotices: !out };
    },
  );
  r.put(
    '/api/user/notifications',
    { schema: { tags: ['profile'], body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    async (req) => {
      const { db, userId } = ctxOf(req);
      const [u] = await db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, userId));
      const email = u!.email.toLowerCase();
      if (req.body.securityNotices) {
        await db.delete(mailOptOut).where(and(eq(mailOptOut.email, email), eq(mailOptOut.category, SECURITY)));
      } else {
        await db.insert(mailOptOut).values({ email, category: SECURITY }).onConflictDoNothing();
      }
      return req.body;
    },
  );

  r.post(
    '/api/user/avatar',
    {
      schema: { tags: ['profile'], consumes: ['multipart/form-data'] },
      preValidation: readUpload({ maxBytes: 5 * 1024 * 1024, types: IMAGE_TYPES, typeError: 'validation.imageType' }),
    },
    async (req, reply) => {
      const { data } = uploadOf(req);
      const meta = await sharp(data)
        .metadata()
        .catch(() => null);
      if (!meta?.format || !['png', 'jpeg', 'gif'].includes(meta.format))
        throw validationFailed({ file: ['validation.imageType'] });
      // Stored square and small: avatars are shown at most at 128 px.
      const square = await sharp(data).resize(256, 256, { fit: 'cover' }).png().toBuffer();
      const ctx = ctxOf(req);
      await ctx.db
        .update(appUser)
        .set({ avatarHash: await d.storage.put(square) })
        .where(eq(appUser.id, ctx.userId));
      return reply.code(204).send();
    },
  );
  r.delete('/api/user/avatar', { schema: { tags: ['profile'] } }, async (req, reply) => {
    const ctx = ctxOf(req);
    await ctx.db.update(appUser).set({ avatarHash: null }).where(eq(appUser.id, ctx.userId));
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
      // Row-level security: only users the caller may see have an avatar here.
      const [u] = await ctxOf(req)
        .db.select({ first: appUser.firstname, last: appUser.lastname, avatar: appUser.avatarHash })
        .from(appUser)
        .where(sql`encode(sha256(convert_to(lower(${appUser.email}), 'UTF8')), 'hex') = ${req.params.hash}`);
      if (!u) throw notFound();
      reply.header('cache-control', 'private, max-age=300');
      if (u.avatar) {
        const file = await d.storage.get(u.avatar);
        if (file) {
          const body = await sharp(file).resize(req.query.size, req.query.size).png().toBuffer();
          return reply.header('content-type', 'image/png').send(body);
        }
      }
      return reply.header('content-type', 'image/svg+xml').send(initialsSvg(u.first, u.last, req.query.size));
    },
  );
}
