import type { TokenResponse } from '@pc/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { appUser, authSession, recoveryCode } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import { totpStep } from '../../platform/auth/totp';
import { logSecurityEvent } from '../../platform/security-log';
import { type AuthDeps, nowOf } from './deps';
import { clearFailedLogins, createSession, registerFailedLogin, revokeSession } from './service';

/**
 * A refused second factor. `reused`: a right code of a step already used (the never-twice rule),
 * typically the one just typed to turn two-factor on; the user should wait for the next code.
 */
export class MfaError extends Error {
  constructor(readonly reused = false) {
    super(reused ? 'mfa code reused' : 'mfa code invalid');
  }
}

/** Recovery codes are compared without case, spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Verifies the second factor for a pending session. Success opens a fresh full session and
 * revokes the pending one, so a refresh token seen before the second factor never upgrades.
 */
export async function verifySecondFactor(
  d: AuthDeps,
  s: { sessionId: string; userId: string },
  input: { code: string; isRecoveryCode: boolean; ip: string; userAgent: string | undefined },
): Promise<TokenResponse> {
  const { db } = d;
  const [user] = await db
    .select({ totpSecret: appUser.totpSecret, lastStep: appUser.totpLastStep })
    .from(appUser)
    .where(eq(appUser.id, s.userId));
  if (!user?.totpSecret) throw new MfaError();

  let ok = false;
  let reused = false;
  if (input.isRecoveryCode) {
    const used = await db
      .update(recoveryCode)
      .set({ usedAt: nowOf(d) })
      .where(
        and(
          eq(recoveryCode.userId, s.userId),
          eq(recoveryCode.codeHash, sha256(normaliseRecoveryCode(input.code))),
          isNull(recoveryCode.usedAt),
        ),
      )
      .returning({ id: recoveryCode.id });
    ok = used.length === 1;
    if (ok) await logSecurityEvent(db, { type: 'mfa.recoveryCodeUsed', userId: s.userId, ip: input.ip });
  } else {
    const step = totpStep(d.box.open(user.totpSecret), input.code.trim(), nowOf(d).getTime());
    if (step !== null) {
      // Conditional update: of two concurrent requests with the same code only one wins.
      const won = await db
        .update(appUser)
        .set({ totpLastStep: step })
        .where(and(eq(appUser.id, s.userId), or(isNull(appUser.totpLastStep), sql`${appUser.totpLastStep} < ${step}`)))
        .returning({ id: appUser.id });
      ok = won.length === 1;
      reused = !ok;
    }
  }
  if (!ok) {
    await logSecurityEvent(db, {
      type: 'mfa.failure',
      userId: s.userId,
      ip: input.ip,
      detail: { recovery: input.isRecoveryCode, ...(reused ? { reason: 'code_reused' } : {}) },
    });
    // Wrong codes count like wrong passwords: six digits must not be guessable by retrying.
    // Once that locks the account, the pending session ends. A reused code is no guess (it was
    // right a moment ago), so it does not count.
    if (!reused && (await registerFailedLogin(d, s.userId, { ip: input.ip, reason: 'wrong_second_factor' }))) {
      await revokeSession(db, s.sessionId);
    }
    throw new MfaError(reused);
  }
  await clearFailedLogins(d, s.userId);
  await logSecurityEvent(db, { type: 'mfa.success', userId: s.userId, ip: input.ip });
  await revokeSession(db, s.sessionId);
  return createSession(d, s.userId, false, input);
}

export async function isSessionPending(d: AuthDeps, sessionId: string) {
  const [row] = await d.db.select({ p: authSession.mfaPending }).from(authSession).where(eq(authSession.id, sessionId));
  return row?.p === true;
}
