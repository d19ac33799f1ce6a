import { itemTypes, type NotificationKind, UNREAD_CAP } from '@pc/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { company, item, notification } from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;

/** Where an item opens in the web app (and in mails, after PUBLIC_URL). */
export const itemLink = (type: string, id: string) => `${itemTypes.find((t) => t.key === type)?.route ?? `/${type}`}/${id}`;

/**
 * The caller's notifications, newest first. Row-level security limits them to the caller's own
 * rows in the companies this request sees; a deleted item takes its notifications with it.
 */
export async function listNotifications(
  ctx: Ctx,
  q: { page: number; pageSize: number; unread?: 'true' | 'false'; kind?: NotificationKind; q?: string },
) {
  const like = q.q?.trim() ? `%${q.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(notification.recipientId, ctx.userId),
    eq(notification.inApp, true),
    q.unread === 'true' ? isNull(notification.readAt) : undefined,
    q.kind ? eq(notification.kind, q.kind) : undefined,
    like
      ? sql`(${item.numberLabel} ilike ${like} or ${item.name} ilike ${like} or ${company.name} ilike ${like}
             or ${notification.data}->>'subject' ilike ${like})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: notification.id,
        kind: notification.kind,
        companyId: notification.companyId,
        companyName: company.name,
        threshold: notification.threshold,
        data: notification.data,
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
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notification)
      .innerJoin(company, eq(company.id, notification.companyId))
      .leftJoin(item, eq(item.id, notification.itemId))
      .where(where),
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
      subject: typeof r.data.subject === 'string' ? r.data.subject : null,
      link: r.itemId && r.itemType ? itemLink(r.itemType, r.itemId) : typeof r.data.link === 'string' ? r.data.link : null,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/**
 * The bell's number, counted up to UNREAD_CAP: the badge shows "99+" beyond that, and counting
 * stops there, so a user with tens of thousands of unread entries costs what one with a hundred does
 * (one short range of the partial unread index, read in order whatever the statistics say).
 */
export async function unreadCount(ctx: Ctx) {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select pc_unread_count(${ctx.userId}::uuid, ${UNREAD_CAP}) as n`);
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
    .where(and(eq(notification.recipientId, ctx.userId), eq(notification.inApp, true), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return { marked: done.length };
}

export interface NotificationEvent {
  companyId: string;
  itemId: string | null;
  kind: NotificationKind;
  threshold: string;
  recipientIds: readonly (string | null | undefined)[];
  /** For kinds without an item: what it is about and where it leads. */
  data?: { subject?: string; link?: string };
}

/**
 * Writes notifications in the caller's transaction (so they exist exactly when the change that
 * causes them is committed), all events in one statement. Only recipients who would see the
 * company in a request of their own — active, the company among theirs — get one; the unique key
 * drops repeats. Each recipient's settings decide whether it shows in the app and whether it is
 * mailed at once.
 */
export async function notifyMany(db: Db, events: readonly NotificationEvent[]): Promise<void> {
  const rows = new Map<string, unknown>();
  for (const e of events) {
    for (const recipient of e.recipientIds) {
      if (typeof recipient !== 'string') continue;
      const row = {
        company_id: e.companyId,
        recipient_id: recipient,
        item_id: e.itemId,
        kind: e.kind,
        threshold: e.threshold,
        data: e.data ?? {},
      };
      rows.set(JSON.stringify(row), row);
    }
  }
  if (!rows.size) return;
  await db.execute(sql`
    insert into notification (company_id, recipient_id, item_id, kind, threshold, data, in_app, mail_pending)
    select e.company_id, e.recipient_id, e.item_id, e.kind, e.threshold, e.data, ch.in_app, ch.email = 'immediately'
    from jsonb_to_recordset(${JSON.stringify([...rows.values()])}::jsonb)
      as e(company_id uuid, recipient_id uuid, item_id uuid, kind text, threshold text, data jsonb)
    cross join lateral pc_notify_channel(e.recipient_id, pc_notify_category(e.kind)) ch
    where pc_notify_may_see(e.recipient_id, e.company_id)
    on conflict do nothing`);
}

/** One event's notifications (see notifyMany). */
export const notify = (db: Db, e: NotificationEvent) => notifyMany(db, [e]);
