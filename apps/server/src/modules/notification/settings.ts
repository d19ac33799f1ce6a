import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DEFAULTS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationEmail,
} from '@pc/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { appUser, mailOptOut, notificationSetting } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId'>;
type CompanyCtx = Ctx & Pick<RequestContext, 'companyIds'>;

/** The mail category of a notification category: what its unsubscribe link turns off. */
export const mailCategoryOf = (category: NotificationCategory) => `notify-${category}`;
/** The weekly digest's own mail category. */
export const DIGEST_MAIL_CATEGORY = 'notify-digest';

const categoriesArray = sql.raw(`array[${NOTIFICATION_CATEGORIES.map((c) => `'${c}'`).join(', ')}]::text[]`);

/**
 * The caller's settings as they apply: their own choice, else the company's default, else the
 * product's; a category whose mails the user unsubscribed from (the link in a mail) shows e-mail
 * off, and so does the digest once its own link was used.
 */
export async function ownChannels(ctx: Ctx): Promise<NotificationChannel[]> {
  const rows = await queryRows<{ category: NotificationCategory; in_app: boolean; email: NotificationEmail }>(
    ctx.db,
    sql`select c.category, ch.in_app, ch.email
        from unnest(${categoriesArray}) with ordinality as c(category, n)
        cross join lateral pc_notify_channel(pc_user_id(), c.category) ch
        order by c.n`,
  );
  const [me] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, ctx.userId));
  const out = new Set(
    (
      await ctx.db.select({ category: mailOptOut.category }).from(mailOptOut).where(eq(mailOptOut.email, me!.email.toLowerCase()))
    ).map((r) => r.category),
  );
  return rows.map((r) => ({
    category: r.category,
    inApp: r.in_app,
    email: out.has(mailCategoryOf(r.category)) || (r.email === 'digest' && out.has(DIGEST_MAIL_CATEGORY)) ? 'off' : r.email,
  }));
}

/**
 * Stores the caller's choice for the categories given. Choosing e-mail again for a category the
 * user had unsubscribed from by link lifts that opt-out (the setting is the newer word).
 */
export async function setOwnChannels(ctx: Ctx, channels: readonly NotificationChannel[]) {
  if (!channels.length) return;
  const [me] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, ctx.userId));
  for (const c of channels) {
    await ctx.db.execute(sql`
      insert into notification_setting (company_id, user_id, category, in_app, email)
      values (${ctx.companyId}::uuid, ${ctx.userId}::uuid, ${c.category}, ${c.inApp}, ${c.email})
      on conflict (user_id, category) where user_id is not null
      do update set in_app = excluded.in_app, email = excluded.email, updated_at = now()`);
  }
  const lifted = [
    ...channels.filter((c) => c.email !== 'off').map((c) => mailCategoryOf(c.category)),
    ...(channels.some((c) => c.email === 'digest') ? [DIGEST_MAIL_CATEGORY] : []),
  ];
  if (lifted.length) {
    await ctx.db
      .delete(mailOptOut)
      .where(and(eq(mailOptOut.email, me!.email.toLowerCase()), inArray(mailOptOut.category, lifted)));
  }
}

/**
 * The defaults of the caller's company for its users (the product's where it set none); read and
 * written only while the request works in the caller's own tenant, not in a company that granted
 * them access.
 */
export async function companyChannels(ctx: CompanyCtx): Promise<NotificationChannel[]> {
  if (!ctx.companyIds.includes(ctx.companyId)) throw notFound();
  const rows = await ctx.db
    .select()
    .from(notificationSetting)
    .where(and(eq(notificationSetting.companyId, ctx.companyId), isNull(notificationSetting.userId)));
  return NOTIFICATION_DEFAULTS.map((d) => {
    const row = rows.find((r) => r.category === d.category);
    return row ? { category: d.category, inApp: row.inApp, email: row.email as NotificationEmail } : { ...d };
  });
}

export async function setCompanyChannels(ctx: CompanyCtx, channels: readonly NotificationChannel[]) {
  if (!ctx.companyIds.includes(ctx.companyId)) throw notFound();
  for (const c of channels) {
    await ctx.db.execute(sql`
      insert into notification_setting (company_id, user_id, category, in_app, email)
      values (${ctx.companyId}::uuid, null, ${c.category}, ${c.inApp}, ${c.email})
      on conflict (company_id, category) where user_id is null
      do update set in_app = excluded.in_app, email = excluded.email, updated_at = now()`);
  }
}
