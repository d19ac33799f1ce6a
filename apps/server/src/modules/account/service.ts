import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { appUser, recoveryCode } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { sha256 } from '../../platform/auth/tokens';
import { newTotpSecret, totpFor, verifyTotp } from '../../platform/auth/totp';
import { AppError, validationFailed } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import { type AccountDeps, nowOf } from '../auth/deps';
import { normaliseRecoveryCode } from '../auth/mfa';
import { revokeUserSessions } from '../auth/service';

type Ctx = Pick<RequestContext, 'db' | 'afterCommit' | 'userId' | 'sessionId'>;

async function loadUser(ctx: Ctx) {
  const [u] = await ctx.db.select().from(appUser).where(eq(appUser.id, ctx.userId));
  if (!u) throw new AppError(404, 'not_found', 'error.notFound');
  return u;
}

const fullName = (u: { firstname: string; lastname: string; email: string }) => `${u.firstname} ${u.lastname}`.trim() || u.email;

export async function changePassword(
  d: AccountDeps,
  ctx: Ctx,
  input: { existingPassword: string; newPassword: string },
  ip: string,
) {
  const u = await loadUser(ctx);
  if (!(await verifyPassword(u.passwordHash, input.existingPassword))) {
    throw validationFailed({ existingPassword: ['password.wrongExisting'] });
  }
  if (await verifyPassword(u.passwordHash, input.newPassword)) throw validationFailed({ newPassword: ['password.sameAsOld'] });
  await ctx.db
    .update(appUser)
    .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: nowOf(d), mustChangePassword: false })
    .where(eq(appUser.id, u.id));
  await revokeUserSessions(ctx.db, u.id, ctx.sessionId);
  await logSecurityEvent(ctx.db, { type: 'password.changed', userId: u.id, ip });
  await d.mailer.send(ctx, { to: u.email, template: 'password-changed', locale: u.language, vars: { name: fullName(u) } });
}

export async function startTwoFactorSetup(d: AccountDeps, ctx: Ctx, password: string) {
  const u = await loadUser(ctx);
  if (u.totpSecret) throw new AppError(409, 'conflict', 'error.twoFactorAlreadyOn');
  if (!(await verifyPassword(u.passwordHash, password))) throw validationFailed({ password: ['password.wrongExisting'] });
  const secret = newTotpSecret();
  await ctx.db
    .update(appUser)
    .set({ totpPendingSecret: d.box.seal(secret) })
    .where(eq(appUser.id, u.id));
  const otpauthUrl = totpFor(secret, u.email, d.settings.productName).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}

function newRecoveryCodes(): string[] {
  // 10 chars of base32 each, shown as xxxxx-xxxxx.
  return Array.from({ length: 10 }, () => {
    const raw = randomBytes(8)
      .toString('base64url')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .padEnd(10, '7')
      .slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export async function enableTwoFactor(d: AccountDeps, ctx: Ctx, code: string, ip: string) {
  const u = await loadUser(ctx);
  if (u.totpSecret) throw new AppError(409, 'conflict', 'error.twoFactorAlreadyOn');
  if (!u.totpPendingSecret) throw new AppError(409, 'conflict', 'error.twoFactorNoSetup');
  const secret = d.box.open(u.totpPendingSecret);
  const step = verifyTotp(secret, code, null, nowOf(d).getTime());
  if (step === null) throw validationFailed({ code: ['mfa.codeInvalid'] });
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ totpSecret: u.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(appUser.id, u.id));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, u.id));
    await tx.insert(recoveryCode).values(codes.map((c) => ({ userId: u.id, codeHash: sha256(normaliseRecoveryCode(c)) })));
  });
  await logSecurityEvent(ctx.db, { type: 'mfa.enabled', userId: u.id, ip });
  await d.mailer.send(ctx, { to: u.email, template: 'two-factor-enabled', locale: u.language, vars: { name: fullName(u) } });
  return { recoveryCodes: codes };
}

export async function disableTwoFactor(d: AccountDeps, ctx: Ctx, input: { password: string; code: string }, ip: string) {
  const u = await loadUser(ctx);
  if (!u.totpSecret) throw new AppError(409, 'conflict', 'error.twoFactorNotOn');
  if (!(await verifyPassword(u.passwordHash, input.password))) throw validationFailed({ password: ['password.wrongExisting'] });
  const step = verifyTotp(d.box.open(u.totpSecret), input.code, u.totpLastStep, nowOf(d).getTime());
  if (step === null) throw validationFailed({ code: ['mfa.codeInvalid'] });
  await ctx.db.transaction(async (tx) => {
    await tx.update(appUser).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(appUser.id, u.id));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, u.id));
  });
  await logSecurityEvent(ctx.db, { type: 'mfa.disabled', userId: u.id, ip });
  await d.mailer.send(ctx, { to: u.email, template: 'two-factor-disabled', locale: u.language, vars: { name: fullName(u) } });
}
