import { and, desc, eq, sql } from 'drizzle-orm';
import { appUser, securityEvent } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;

/**
 * Security events of users in companies the administrator may see (row-level security). Failed
 * logins for unknown addresses belong to no tenant and are only in the server log table.
 */
export async function listSecurityEvents(ctx: Ctx, q: { page: number; pageSize: number; userId?: string; type?: string }) {
  const db = ctx.db;
  const where = and(
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
      .leftJoin(appUser, eq(appUser.id, securityEvent.userId))
      .where(where)
      .orderBy(desc(securityEvent.createdAt), desc(securityEvent.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(securityEvent)
      .leftJoin(appUser, eq(appUser.id, securityEvent.userId))
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
      userFullName: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() || null,
      ip: r.ip,
      detail: r.detail ?? null,
    })),
  };
}
