import { createHash } from 'node:crypto';
import type { NotificationChannel } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { appUser, mailOptOut, passwordResetToken } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { AccountDeps } from '../auth/deps';
import { ownChannels, setOwnChannels } from '../notification/settings';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId' | 'afterCommit'>;

const EMAIL_CHANGE_MINUTES = 24 * 60;
const SECURITY = 'security-notice';

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

export async function updateProfile(ctx: Ctx, input: { firstname: string; lastname: string; language: 'de' | 'en' }) {
  await ctx.db.update(appUser).set(input).where(eq(appUser.id, ctx.userId));
}

/**
 * Stores the new address as pending and mails the confirmation link to it. When an administrator
 * asked for it (`by`), the current address is told as well.
 */
export async function requestEmailChange(ctx: Ctx, d: Pick<AccountDeps, 'mailer'>, newEmail: string, opts: { by?: string } = {}) {
  const db = ctx.db;
  const email = newEmail.trim();
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
  await d.mailer.send(ctx, {
    to: email,
    template: 'email-change',
    locale: u!.language,
    vars: {
      name: `${u!.firstname} ${u!.lastname}`.trim() || u!.email,
      minutes: EMAIL_CHANGE_MINUTES,
      link: d.mailer.link(`/profile?confirmEmail=${encodeURIComponent(token)}&user=${ctx.userId}`),
    },
  });
  if (opts.by) {
    await d.mailer.send(ctx, {
      to: u!.email,
      template: 'email-change-notice',
      locale: u!.language,
      vars: { name: `${u!.firstname} ${u!.lastname}`.trim() || u!.email, title: email },
    });
  }
}

async function ownEmail(ctx: Ctx) {
  const [u] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, ctx.userId));
  return u!.email.toLowerCase();
}

export async function getNotifications(ctx: Ctx) {
  const [out] = await ctx.db
    .select()
    .from(mailOptOut)
    .where(and(eq(mailOptOut.email, await ownEmail(ctx)), eq(mailOptOut.category, SECURITY)));
  return { securityNotices: !out, categories: await ownChannels(ctx) };
}

export async function setNotifications(ctx: Ctx, input: { securityNotices: boolean; categories?: NotificationChannel[] }) {
  const email = await ownEmail(ctx);
  if (input.securityNotices) {
    await ctx.db.delete(mailOptOut).where(and(eq(mailOptOut.email, email), eq(mailOptOut.category, SECURITY)));
  } else {
    await ctx.db.insert(mailOptOut).values({ email, category: SECURITY }).onConflictDoNothing();
  }
  await setOwnChannels(ctx, input.categories ?? []);
  return getNotifications(ctx);
}

/** Checks the picture really is one, and stores it square and small (shown at most at 128 px). */
export async function setAvatar(ctx: Ctx, storage: Storage, data: Buffer) {
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !['png', 'jpeg', 'gif'].includes(meta.format)) throw validationFailed({ file: ['validation.imageType'] });
  const square = await sharp(data).resize(256, 256, { fit: 'cover' }).png().toBuffer();
  await ctx.db
    .update(appUser)
    .set({ avatarHash: await storage.put(square) })
    .where(eq(appUser.id, ctx.userId));
}

export async function removeAvatar(ctx: Ctx) {
  await ctx.db.update(appUser).set({ avatarHash: null }).where(eq(appUser.id, ctx.userId));
}

/** The avatar of a user the caller may see (row-level security), or their initials. */
export async function avatarFor(ctx: Pick<RequestContext, 'db'>, storage: Storage, hash: string, size: number) {
  const [u] = await ctx.db
    .select({ first: appUser.firstname, last: appUser.lastname, avatar: appUser.avatarHash })
    .from(appUser)
    .where(sql`encode(sha256(convert_to(lower(${appUser.email}), 'UTF8')), 'hex') = ${hash}`);
  if (!u) throw notFound();
  if (u.avatar) {
    const file = await storage.get(u.avatar);
    if (file) return { type: 'image/png', body: await sharp(file).resize(size, size).png().toBuffer() };
  }
  return { type: 'image/svg+xml', body: initialsSvg(u.first, u.last, size) };
}
