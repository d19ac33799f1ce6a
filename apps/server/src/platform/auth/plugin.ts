import { type ClaimRule, type LockReason, satisfies } from '@pc/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { appUser, authSession, company, roleClaim, userRole } from '../../db/schema/index';
import { AppError, forbidden, unauthorized } from '../errors';
import { requestLocale } from '../locale';
import { scopeCompanyIds, visibleCompanyIds } from '../tenancy';
import type { RequestContext } from './context';
import { verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** No login needed. */
    public?: boolean;
    /** Allowed while the second factor is still owed. */
    allowMfaPending?: boolean;
    /** Claim rule checked before the handler. */
    claims?: ClaimRule;
    /** Lock reasons under which this route still answers (the routes that resolve the lock). */
    allowLock?: readonly LockReason[] | 'all';
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : null;
}

export async function loadClaims(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ claim: roleClaim.claim })
    .from(userRole)
    .innerJoin(roleClaim, eq(roleClaim.roleId, userRole.roleId))
    .where(eq(userRole.userId, userId));
  return new Set(rows.map((r) => r.claim));
}

const uuid = z.uuid();

/**
 * Why the user must first visit a forced page (HTTP 412), if at all. An expired account comes
 * first: nothing else can be done with it.
 */
export function lockReasonOf(
  u: {
    validUntil: Date | null;
    passwordChangedAt: Date;
    mustChangePassword: boolean;
    passwordExpiryDays: number;
    termsConsentMissing: boolean;
  },
  now: Date,
): LockReason | null {
  if (u.validUntil && u.validUntil < now) return 'AccountExpired';
  if (u.mustChangePassword) return 'PasswordExpired';
  if (u.passwordExpiryDays > 0 && u.passwordChangedAt.getTime() + u.passwordExpiryDays * 86_400_000 < now.getTime()) {
    return 'PasswordExpired';
  }
  if (u.termsConsentMissing) return 'TermsOfUseConsentRequired';
  return null;
}

async function resolveContext(db: Db, secret: string, req: FastifyRequest, allowMfaPending: boolean) {
  const token = bearerToken(req);
  const payload = token ? verifyAccessToken(token, secret) : null;
  if (!payload) throw unauthorized();
  const [row] = await db
    .select({
      userId: appUser.id,
      companyId: appUser.companyId,
      mfaPending: authSession.mfaPending,
      validUntil: appUser.validUntil,
      passwordChangedAt: appUser.passwordChangedAt,
      mustChangePassword: appUser.mustChangePassword,
      passwordExpiryDays: company.passwordExpiryDays,
      termsConsentMissing: sql<boolean>`exists (
        select 1 from (select id from terms_of_use where release_date <= now() order by release_date desc limit 1) cur
        where not exists (select 1 from terms_of_use_agreement a
                          where a.user_id = "app_user"."id" and a.terms_of_use_id = cur.id and not a.is_revoked))`,
    })
    .from(authSession)
    .innerJoin(appUser, eq(appUser.id, authSession.userId))
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(
      and(
        eq(authSession.id, payload.sid),
        eq(authSession.userId, payload.sub),
        isNull(authSession.revokedAt),
        gt(authSession.expiresAt, sql`now()`),
        eq(appUser.isActive, true),
      ),
    );
  if (!row) throw unauthorized();
  if (row.mfaPending && !allowMfaPending) throw new AppError(401, 'unauthorized', 'error.mfaRequired');

  const [claims, companyIds] = await Promise.all([loadClaims(db, row.userId), visibleCompanyIds(db, row.userId)]);

  const header = req.headers['x-tenant'];
  const tenant = Array.isArray(header) ? header[0] : header;
  let scopeCompanyId: string | null = null;
  let scoped: readonly string[] = companyIds;
  if (tenant) {
    if (!uuid.safeParse(tenant).success || !companyIds.includes(tenant)) {
      throw new AppError(403, 'scope_forbidden', 'error.scopeForbidden');
    }
    scopeCompanyId = tenant;
    const tree = await db
      .select({ id: company.id, parentId: company.parentId })
      .from(company)
      .where(sql`${company.id} = any(${sql.raw(`'{${companyIds.join(',')}}'`)}::uuid[])`);
    scoped = scopeCompanyIds(tenant, tree);
  }
  const ctx: RequestContext = {
    lockReason: lockReasonOf(row, new Date()),
    userId: row.userId,
    sessionId: payload.sid,
    companyId: row.companyId,
    claims,
    companyIds,
    scopeCompanyId,
    scopeCompanyIds: scoped,
    locale: requestLocale(req),
  };
  return ctx;
}

/**
 * Every /api route needs a valid session unless its config says `public`. Claim rules in route
 * config are checked here too, so a handler only runs for callers it is meant for.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; secret: string }) => {
  app.decorateRequest('ctx', null);
  app.addHook('preHandler', async (req) => {
    const cfg = req.routeOptions.config;
    // Judge by the matched route, not the URL: the static files' catch-all also sees /api/… paths.
    if (!req.routeOptions.url?.startsWith('/api/') || cfg?.public) return;
    req.ctx = await resolveContext(opts.db, opts.secret, req, cfg?.allowMfaPending === true);
    const lock = req.ctx.lockReason;
    if (lock && cfg?.allowLock !== 'all' && !cfg?.allowLock?.includes(lock)) {
      throw new AppError(412, 'precondition_failed', `error.lock.${lock}`, { reason: lock });
    }
    if (cfg?.claims && !satisfies([...req.ctx.claims], cfg.claims)) throw forbidden();
  });
});

/** The caller's context in an authenticated route. */
export function ctxOf(req: FastifyRequest): RequestContext {
  if (!req.ctx) throw unauthorized();
  return req.ctx;
}

export const requireClaims =
  (rule: ClaimRule): preHandlerHookHandler =>
  async (req) => {
    if (!satisfies([...ctxOf(req).claims], rule)) throw forbidden();
  };
