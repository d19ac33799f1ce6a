import { HOME, postLoginTarget } from '../../lib/routing/post-login-target';

/** /mfa keeps the deep link the login screen was given, so the second factor ends up there too. */
export function mfaHref(redirect: unknown): string {
  const target = postLoginTarget(redirect);
  return target === HOME ? '/mfa' : `/mfa?redirect=${encodeURIComponent(target)}`;
}
