import { API_TOKEN_MAX_DAYS, type ApiToken, type ApiTokenCreated, type ApiTokenInput } from '@pc/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { apiToken, authSession } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { notFound, validationFailed } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';

/** Every personal API token starts with this, so a leaked one is recognised (secret scanners). */
export const API_TOKEN_PREFIX = 'pc_';

/** The companies a token may be limited to: those the user sees at home and through grants. */
function reachableCompanies(ctx: RequestContext): Set<string> {
  const ids = new Set(ctx.companyIds);
  for (const g of ctx.grants) for (const id of g.visible.ids) ids.add(id);
  return ids;
}

/**
 * Creates a token for the caller. It is a session of the user (auth_session) expiring with the
 * token, so the request's authentication checks it like any login: revoked, expired or a
 * deactivated user fail on the next request. The token itself is answered once, kept as a hash.
 */
export async function createApiToken(
  ctx: RequestContext,
  input: ApiTokenInput,
  meta: { ip: string | null; now: Date },
): Promise<ApiTokenCreated> {
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt.getTime() <= meta.now.getTime()) throw validationFailed({ expiresAt: ['validation.apiToken.expiryPast'] });
  if (expiresAt.getTime() > meta.now.getTime() + API_TOKEN_MAX_DAYS * 86_400_000) {
    throw validationFailed({ expiresAt: ['validation.apiToken.expiryTooLate'] });
  }
  let companyIds: string[] | null = null;
  if (input.companyIds && input.companyIds.length > 0) {
    const reachable = reachableCompanies(ctx);
    const unknown = input.companyIds.filter((id) => !reachable.has(id));
    if (unknown.length > 0) throw validationFailed({ companyIds: ['validation.apiToken.companyUnknown'] });
    companyIds = [...new Set(input.companyIds)];
  }
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const [session] = await ctx.db
    .insert(authSession)
    .values({ userId: ctx.userId, ip: meta.ip, userAgent: `api-token:${input.name}`.slice(0, 200), expiresAt })
    .returning({ id: authSession.id });
  const [row] = await ctx.db
    .insert(apiToken)
    .values({
      userId: ctx.userId,
      sessionId: session!.id,
      name: input.name,
      tokenHash: sha256(token),
      access: input.access,
      companyIds,
      expiresAt,
    })
    .returning({ id: apiToken.id });
  await logSecurityEvent(ctx.db, {
    type: 'apiToken.created',
    userId: ctx.userId,
    ip: meta.ip,
    detail: { tokenId: row!.id, name: input.name, access: input.access, companyIds, expiresAt: expiresAt.toISOString() },
  });
  return { id: row!.id, token };
}

/** The caller's tokens that still work (not revoked, not expired), newest first. */
export async function listApiTokens(ctx: RequestContext): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiToken)
    .where(and(eq(apiToken.userId, ctx.userId), isNull(apiToken.revokedAt), gt(apiToken.expiresAt, new Date())))
    .orderBy(desc(apiToken.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    access: r.access,
    companyIds: r.companyIds,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the caller's tokens and ends its session, so its next request is refused. */
export async function revokeApiToken(ctx: RequestContext, id: string, ip: string | null) {
  const now = new Date();
  const [row] = await ctx.db
    .update(apiToken)
    .set({ revokedAt: now })
    .where(and(eq(apiToken.id, id), eq(apiToken.userId, ctx.userId), isNull(apiToken.revokedAt)))
    .returning({ sessionId: apiToken.sessionId, name: apiToken.name });
  if (!row) throw notFound();
  await ctx.db.update(authSession).set({ revokedAt: now }).where(eq(authSession.id, row.sessionId));
  await logSecurityEvent(ctx.db, { type: 'apiToken.revoked', userId: ctx.userId, ip, detail: { tokenId: id, name: row.name } });
}
