import type { TokenResponse } from '@pc/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { appUser, authSession, company, refreshToken } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { ipAllowed } from '../../platform/auth/ip';
import { dummyHash, verifyPassword } from '../../platform/auth/password';
import { randomToken, sha256, signAccessToken } from '../../platform/auth/tokens';
import { ownerQueue } from '../../platform/mail/mailer';
import { logSecurityEvent } from '../../platform/security-log';
import { hasActiveVisibleCompany } from '../../platform/tenancy';
import { type AuthDeps, type AuthSettings, nowOf } from './deps';
import { passwordLoginBlocked } from './sso';

export type { AuthSettings } from './deps';

export class LoginError extends Error {
  constructor(readonly description: 'login_failed' | 'ip_not_allowed') {
    super(description);
  }
}

export async function issueTokens(db: Db, s: AuthSettings, sessionId: string, userId: string, mfaPending: boolean) {
  const refresh = randomToken();
  await db.insert(refreshToken).values({ sessionId, tokenHash: sha256(refresh) });
  const expiresIn = s.accessTokenMinutes * 60;
  const access = signAccessToken({ sid: sessionId, sub: userId, exp: Math.floor(Date.now() / 1000) + expiresIn }, s.secret);
  const res: TokenResponse = {
    access_token: access,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: refresh,
    mfa_required: mfaPending ? 'authenticator' : 'none',
  };
  return res;
}

export async function createSession(
  d: AuthDeps,
  userId: string,
  mfaPending: boolean,
  meta: { ip: string; userAgent: string | undefined },
) {
  const [session] = await d.db
    .insert(authSession)
    .values({
      userId,
      mfaPending,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
      expiresAt: new Date(nowOf(d).getTime() + d.settings.refreshTokenDays * 86_400_000),
    })
    .returning({ id: authSession.id });
  return issueTokens(d.db, d.settings, session!.id, userId, mfaPending);
}

/**
 * One failed attempt on an account (wrong password or wrong second-factor code). Reaching the
 * threshold within the window locks the account; answers whether it is locked now. The login
 * answer does not tell (it would reveal that the address has an account), so the owner learns
 * it by mail, once per lock.
 */
export async function registerFailedLogin(
  d: AuthDeps,
  userId: string,
  event: { email?: string; ip: string; reason: 'wrong_password' | 'wrong_second_factor' },
): Promise<boolean> {
  const now = nowOf(d);
  const { threshold, windowMinutes, lockMinutes } = d.settings.lockout;
  // Read and write under the row's lock: concurrent failures (several requests, several server
  // processes) are counted one after the other, so none is lost and one of them locks.
  const counted = await d.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        failedLogins: appUser.failedLogins,
        windowStart: appUser.failedLoginWindowStart,
        lockedUntil: appUser.lockedUntil,
        email: appUser.email,
        firstname: appUser.firstname,
        lastname: appUser.lastname,
        language: appUser.language,
      })
      .from(appUser)
      .where(eq(appUser.id, userId))
      .for('update');
    if (!user) return null;
    const windowOpen = user.windowStart && now.getTime() - user.windowStart.getTime() < windowMinutes * 60_000;
    const failures = windowOpen ? user.failedLogins + 1 : 1;
    const lock = failures >= threshold;
    await tx
      .update(appUser)
      .set({
        failedLogins: lock ? 0 : failures,
        failedLoginWindowStart: lock ? null : windowOpen ? user.windowStart : now,
        lockedUntil: lock ? new Date(now.getTime() + lockMinutes * 60_000) : user.lockedUntil,
      })
      .where(eq(appUser.id, userId));
    return { user, failures, lock };
  });
  if (!counted) return false;
  const { user, failures, lock } = counted;
  await logSecurityEvent(d.db, {
    type: lock ? 'login.locked' : 'login.failure',
    userId,
    email: event.email,
    ip: event.ip,
    detail: { reason: event.reason, failures },
  });
  if (lock) {
    // In the background: waiting for SMTP would make the locking attempt measurably slower.
    await d.mailer.send(ownerQueue(d.db), {
      to: user.email,
      template: 'account-locked',
      locale: user.language,
      vars: {
        name: `${user.firstname} ${user.lastname}`.trim() || user.email,
        minutes: lockMinutes,
        link: d.mailer.link('/login'),
      },
    });
  }
  return lock;
}

export async function clearFailedLogins(d: AuthDeps, userId: string) {
  await d.db
    .update(appUser)
    .set({ failedLogins: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(appUser.id, userId));
}

/**
 * Password login. An unknown address and a locked account (even with the right password) give
 * the same answer at the same cost, so neither reveals that an account exists; the IP range is
 * checked only after a correct password for the same reason.
 */
export async function loginWithPassword(
  d: AuthDeps,
  input: { username: string; password: string; ip: string; userAgent: string | undefined },
): Promise<TokenResponse> {
  const { db } = d;
  const now = nowOf(d);
  const email = input.username.trim();
  const [user] = await db
    .select({
      id: appUser.id,
      passwordHash: appUser.passwordHash,
      isActive: appUser.isActive,
      totpSecret: appUser.totpSecret,
      lockedUntil: appUser.lockedUntil,
      ipAllowList: company.ipAllowList,
      email: appUser.email,
      hasAccount: appUser.hasAccount,
    })
    .from(appUser)
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(sql`lower(${appUser.email}) = lower(${email})`);

  // Both cost the one hash check a wrong password costs, so timing does not tell them apart.
  if (!user) {
    await verifyPassword(await dummyHash(), input.password);
    await logSecurityEvent(db, { type: 'login.failure', email, ip: input.ip, detail: { reason: 'unknown_user' } });
    throw new LoginError('login_failed');
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await verifyPassword(await dummyHash(), input.password);
    await logSecurityEvent(db, {
      type: 'login.locked',
      userId: user.id,
      email,
      ip: input.ip,
      detail: { reason: 'attempt_while_locked' },
    });
    throw new LoginError('login_failed');
  }
  // An account without a password yet (an invited user, an unfinished sign-up) is answered as an
  // unknown address is: the same hash check against the stand-in, the same one write.
  if (user.passwordHash === null) {
    await verifyPassword(await dummyHash(), input.password);
    await logSecurityEvent(db, {
      type: 'login.failure',
      userId: user.id,
      email,
      ip: input.ip,
      detail: { reason: 'no_password' },
    });
    throw new LoginError('login_failed');
  }
  const ok = await verifyPassword(user.passwordHash, input.password);
  if (!ok) {
    await registerFailedLogin(d, user.id, { email, ip: input.ip, reason: 'wrong_password' });
    throw new LoginError('login_failed');
  }
  if (!user.isActive) {
    await logSecurityEvent(db, { type: 'login.failure', userId: user.id, email, ip: input.ip, detail: { reason: 'inactive' } });
    throw new LoginError('login_failed');
  }
  // Checked after the password like the IP range, so the answer does not reveal the address.
  if (await passwordLoginBlocked(d, user)) {
    await logSecurityEvent(db, { type: 'login.failure', userId: user.id, email, ip: input.ip, detail: { reason: 'sso_only' } });
    throw new LoginError('login_failed');
  }
  // Only when every company the user may see is deactivated; the home company alone does not decide.
  if (!(await hasActiveVisibleCompany(db, user.id))) {
    await logSecurityEvent(db, {
      type: 'login.failure',
      userId: user.id,
      email,
      ip: input.ip,
      detail: { reason: 'companies_inactive' },
    });
    throw new LoginError('login_failed');
  }
  if (!ipAllowed(input.ip, user.ipAllowList)) {
    await logSecurityEvent(db, { type: 'login.ipBlocked', userId: user.id, email, ip: input.ip });
    throw new LoginError('ip_not_allowed');
  }
  const mfaPending = user.totpSecret !== null;
  // With a second factor the count goes on until the code is right too: otherwise the password
  // alone would reset it, and wrong codes could be tried without end.
  if (!mfaPending) await clearFailedLogins(d, user.id);
  await logSecurityEvent(db, { type: 'login.success', userId: user.id, email, ip: input.ip, detail: { mfaPending } });
  return createSession(d, user.id, mfaPending, input);
}

/**
 * Rotates a refresh token. A token that was already used means it leaked (or a client raced):
 * the whole session is revoked.
 */
export async function refreshSession(d: AuthDeps, token: string, ip: string): Promise<TokenResponse> {
  const { db, settings } = d;
  // The revocation must commit even though the caller gets an error, so the transaction returns
  // an outcome instead of throwing.
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshToken.id,
        usedAt: refreshToken.usedAt,
        sessionId: authSession.id,
        userId: authSession.userId,
        mfaPending: authSession.mfaPending,
        revokedAt: authSession.revokedAt,
        expiresAt: authSession.expiresAt,
        userActive: appUser.isActive,
      })
      .from(refreshToken)
      .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
      .innerJoin(appUser, eq(appUser.id, authSession.userId))
      .where(eq(refreshToken.tokenHash, sha256(token)))
      .for('update', { of: refreshToken });
    if (!row) return null;
    if (row.usedAt) {
      await tx.update(authSession).set({ revokedAt: new Date() }).where(eq(authSession.id, row.sessionId));
      return { kind: 'reuse' as const, userId: row.userId };
    }
    if (row.revokedAt || row.expiresAt < new Date() || !row.userActive) return null;
    // A session outlives the deactivation of the user's companies only until its next refresh.
    if (!(await hasActiveVisibleCompany(tx as unknown as Db, row.userId))) return null;
    await tx.update(refreshToken).set({ usedAt: new Date() }).where(eq(refreshToken.id, row.id));
    return {
      kind: 'ok' as const,
      tokens: await issueTokens(tx as unknown as Db, settings, row.sessionId, row.userId, row.mfaPending),
    };
  });
  if (outcome?.kind === 'ok') return outcome.tokens;
  if (outcome?.kind === 'reuse') await logSecurityEvent(db, { type: 'session.refreshReuse', userId: outcome.userId, ip });
  throw new LoginError('login_failed');
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(authSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
}

/** Ends every session of a user except `keep` (after a password change or reset). */
export async function revokeUserSessions(db: Db, userId: string, keep?: string) {
  await db
    .update(authSession)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(authSession.userId, userId), isNull(authSession.revokedAt), keep ? sql`${authSession.id} <> ${keep}` : undefined),
    );
}

/** The session a refresh token (used or not) belongs to, or null. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshToken.sessionId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(token)));
  return row?.sessionId ?? null;
}

export async function revokeSessionByRefreshToken(db: Db, token: string) {
  const sessionId = await sessionOfRefreshToken(db, token);
  if (sessionId) await revokeSession(db, sessionId);
}

export async function activeSessionCount(db: Db, userId: string) {
  const rows = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt), gt(authSession.expiresAt, sql`now()`)));
  return rows.length;
}
