import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, label: string, issuer: string) {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** The time step a 6-digit code belongs to within a ±1 step window (RFC 6238 §5.2), or null. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Like totpStep, but codes of a step at or before `lastStep` are refused, so a code cannot be
 * replayed within its window.
 */
export function verifyTotp(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const step = totpStep(secretBase32, code, now);
  return step === null || (lastStep !== null && step <= lastStep) ? null : step;
}
