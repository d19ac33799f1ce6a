import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, securityEvent } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';

type Ctx = Pick<RequestContext, 'companyIds' | 'userId'>;

/**
 * Security events of users in companies the administrator may see. Failed logins for unknown
 * addresses belong to no tenant and are only in the server log table, not shown here.
 */
export async function listSecurityEvents(
  db: Db,
  ctx: Ctx,
  q: { page: number; pageSize: number; userId?: string; type?: string },
) {
  const where = and(
    inArray(appUser.companyId, [...ctx.companyIds]),
    q.userId ? eq(securityEvent.userId, q.userId) : undefined,
    q.type ? eq(securityEvent.type, q.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: securityEvent.id,
        createdAt: securityEvent.createdAt,
        type: securityEvent.type,
        userId: securityEvent.userId,
        email: securityEvent.email,
        firstname: appUser.firstname,
        lastname: appUser.lastname,
        userEmail: appUser.email,
        ip: securityEvent.ip,
        detail: securityEvent.detail,
      })
      .from(securityEvent)
      .innerJoin(appUser, eq(appUser.id, securityEvent.userId))
      .where(where)
      .orderBy(desc(securityEvent.createdAt), desc(securityEvent.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(securityEvent)
      .innerJoin(appUser, eq(appUser.id, securityEvent.userId))
      .where(where),
  ]);
  return {
    total: Number(total!.n),
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      type: r.type,
      userId: r.userId,
      email: r.email ?? r.userEmail,
      userFullName: `${r.firstname} ${r.lastname}`.trim() || null,
      ip: r.ip,
      detail: r.detail ?? null,
    })),
  };
}

export async function unlockUser(db: Db, ctx: Ctx, userId: string, ip: string) {
  const [u] = await db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.id, userId));
  if (!u || !ctx.companyIds.includes(u.companyId)) throw notFound();
  await db
    .update(appUser)
    .set({ failedLogins: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(appUser.id, userId));
  await logSecurityEvent(db, { type: 'user.unlocked', userId, ip, detail: { by: ctx.userId } });
}
