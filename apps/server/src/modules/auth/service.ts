import type { TokenResponse } from '@pc/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, authSession, refreshToken } from '../../db/schema/index';
import { dummyHash, verifyPassword } from '../../platform/auth/password';
import { randomToken, sha256, signAccessToken } from '../../platform/auth/tokens';

export interface AuthSettings {
  secret: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
}

export class LoginError extends Error {
  constructor(readonly description: 'login_failed' | 'locked_out' | 'ip_not_allowed') {
    super(description);
  }
}

async function issueTokens(db: Db, s: AuthSettings, sessionId: string, userId: string, mfaPending: boolean) {
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

export async function loginWithPassword(
  db: Db,
  s: AuthSettings,
  input: { username: string; password: string; ip: string; userAgent: string | undefined },
): Promise<TokenResponse> {
  const [user] = await db
    .select({ id: appUser.id, passwordHash: appUser.passwordHash, isActive: appUser.isActive })
    .from(appUser)
    .where(sql`lower(${appUser.email}) = lower(${input.username.trim()})`);
  // Unknown users cost the same hash check, so timing does not reveal which addresses exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok || !user.isActive) throw new LoginError('login_failed');

  const [session] = await db
    .insert(authSession)
    .values({
      userId: user.id,
      mfaPending: false,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500),
      expiresAt: new Date(Date.now() + s.refreshTokenDays * 86_400_000),
    })
    .returning({ id: authSession.id });
  return issueTokens(db, s, session!.id, user.id, false);
}

/**
 * Rotates a refresh token. A token that was already used means it leaked (or a client raced):
 * the whole session is revoked.
 */
export async function refreshSession(db: Db, s: AuthSettings, token: string): Promise<TokenResponse> {
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
      return null;
    }
    if (row.revokedAt || row.expiresAt < new Date() || !row.userActive) return null;
    await tx.update(refreshToken).set({ usedAt: new Date() }).where(eq(refreshToken.id, row.id));
    return issueTokens(tx as unknown as Db, s, row.sessionId, row.userId, row.mfaPending);
  });
  if (!outcome) throw new LoginError('login_failed');
  return outcome;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(authSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
}

export async function revokeSessionByRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: refreshToken.sessionId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(token)));
  if (row) await revokeSession(db, row.sessionId);
}

export async function activeSessionCount(db: Db, userId: string) {
  const rows = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt), gt(authSession.expiresAt, sql`now()`)));
  return rows.length;
}
