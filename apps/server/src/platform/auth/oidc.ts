import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';

/**
 * Whether an issuer URL may be used: HTTPS always; plain HTTP only for this machine
 * (127.0.0.1, localhost) and only outside Production, so tests and a local Keycloak work while a
 * production installation never sends a client secret in the clear.
 */
export function issuerAllowed(issuer: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return !production && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The provider's configuration, fetched from its `.well-known/openid-configuration`. */
export async function discoverProvider(p: { issuer: string; clientId: string; clientSecret: string }, production: boolean) {
  const url = new URL(p.issuer);
  const insecure = url.protocol === 'http:' && !production;
  // The ID token's signature is checked against the provider's keys even though it comes straight
  // from the token endpoint: a token altered on the way (or by a proxy) is refused.
  return oidc.discovery(url, p.clientId, p.clientSecret, undefined, {
    execute: [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
    timeout: 10,
  });
}

/**
 * The pending sign-in (state, nonce, PKCE verifier, which account) travels in a short-lived
 * cookie signed with the server secret: it never leaves the browser that started the sign-in,
 * and a changed value fails the signature.
 */
export interface PendingSso {
  companyId: string;
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

export function signPending(p: PendingSso, secret: string): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  const mac = createHmac('sha256', `sso:${secret}`).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function openPending(value: string | undefined, secret: string, now: Date): PendingSso | null {
  if (!value) return null;
  const [body, mac] = value.split('.');
  if (!body || !mac) return null;
  const want = createHmac('sha256', `sso:${secret}`).update(body).digest();
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PendingSso;
    return p.exp * 1000 > now.getTime() ? p : null;
  } catch {
    return null;
  }
}

/**
 * Whether the ID token's `amr` says the provider did multi-factor authentication (RFC 8176
 * `mfa`, which Entra ID and Keycloak send). Single methods such as `otp` alone are not enough:
 * they do not say a second factor was added to the first.
 */
export const providerDidMfa = (amr: unknown): boolean => Array.isArray(amr) && amr.includes('mfa');

export { oidc };
