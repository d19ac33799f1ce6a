import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessTokenPayload {
  /** session id */
  sid: string;
  /** user id */
  sub: string;
  /** expiry, seconds since epoch */
  exp: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/**
 * Access tokens are HMAC-signed and short-lived; the session they name is still looked up on
 * every request, so logout and revocation take effect at once.
 */
export function signAccessToken(payload: AccessTokenPayload, secret: string): string {
  const body = b64(Buffer.from(JSON.stringify(payload)));
  const sig = b64(createHmac('sha256', secret).update(body).digest());
  return `${body}.${sig}`;
}

export function verifyAccessToken(token: string, secret: string, nowSec = Date.now() / 1000): AccessTokenPayload | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessTokenPayload;
    if (typeof p.sid !== 'string' || typeof p.sub !== 'string' || typeof p.exp !== 'number') return null;
    if (p.exp < nowSec) return null;
    return p;
  } catch {
    return null;
  }
}

export function randomToken(bytes = 32): string {
  return b64(randomBytes(bytes));
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
