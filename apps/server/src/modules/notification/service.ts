import type { NotificationKind } from '@pc/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { company, item, notification } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;

/**
 * The caller's notifications, newest first. Row-level security limits them to the caller's own
 * rows in the companies this request sees; a deleted item takes its notifications with it.
 */
export async function listNotifications(
  ctx: Ctx,
  q: { page: number; pageSize: number; unread?: 'true' | 'false'; kind?: NotificationKind },
) {
  const where = and(
    eq(notification.recipientId, ctx.userId),
    q.unread === 'true' ? isNull(notification.readAt) : undefined,
    q.kind ? eq(notification.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: notification.id,
        kind: notification.kind,
        companyId: notification.companyId,
        companyName: company.name,
        threshold: notification.threshold,
        createdAt: notification.createdAt,
        readAt: notification.readAt,
        itemId: item.id,
        itemType: item.type,
        numberLabel: item.numberLabel,
        itemName: item.name,
        dueDate: item.dueDate,
      })
      .from(notification)
      .innerJoin(company, eq(company.id, notification.companyId))
      .leftJoin(item, eq(item.id, notification.itemId))
      .where(where)
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(notification).where(where),
  ]);
  return {
    total: Number(total!.n),
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      companyId: r.companyId,
      companyName: r.companyName,
      item:
        r.itemId && r.itemType
          ? { id: r.itemId, type: r.itemType, numberLabel: r.numberLabel!, name: r.itemName!, dueDate: r.dueDate ?? null }
          : null,
      threshold: r.threshold,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/** The bell's number: one range of the partial unread index. */
export async function unreadCount(ctx: Ctx) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.recipientId, ctx.userId), isNull(notification.readAt)));
  return { count: Number(row!.n) };
}

export async function markRead(ctx: Ctx, id: string) {
  const done = await ctx.db
    .update(notification)
    .set({ readAt: sql`coalesce(${notification.readAt}, now())` })
    .where(and(eq(notification.id, id), eq(notification.recipientId, ctx.userId)))
    .returning({ id: notification.id });
  if (!done.length) throw notFound();
}

export async function markAllRead(ctx: Ctx) {
  const done = await ctx.db
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(and(eq(notification.recipientId, ctx.userId), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return { marked: done.length };
}

/**
 * Kinds that go out by e-mail at once: the legal deadlines of breaches (72 h) and privacy
 * requests (one month) are too short to wait for someone to open the product.
 */
export const MAILED_AT_ONCE: readonly NotificationKind[] = [
  'breach_created',
  'breach_deadline',
  'request_received',
  'request_deadline',
];
/** The same as SQL, for the inserts of the scheduled pass. */
export const mailedAtOnceSql = sql.raw(`(${MAILED_AT_ONCE.map((k) => `'${k}'`).join(', ')})`);

export interface NotificationEvent {
  companyId: string;
  itemId: string | null;
  kind: NotificationKind;
  threshold: string;
  recipientIds: readonly (string | null | undefined)[];
}

/**
 * Writes notifications in the caller's transaction (so they exist exactly when the change that
 * causes them is committed). Only recipients who would see the company in a request of their
 * own — active, the company among theirs — get one; the unique key drops repeats.
 */
export async function notify(db: Db, e: NotificationEvent): Promise<void> {
  const ids = [...new Set(e.recipientIds.filter((id): id is string => typeof id === 'string'))];
  if (!ids.length) return;
  await db.execute(sql`
    insert into notification (company_id, recipient_id, item_id, kind, threshold, mail_pending)
    select ${e.companyId}::uuid, r.id, ${e.itemId}::uuid, ${e.kind}, ${e.threshold}, ${MAILED_AT_ONCE.includes(e.kind)}
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as r(id)
    where pc_notify_may_see(r.id, ${e.companyId}::uuid)
    on conflict do nothing`);
}
