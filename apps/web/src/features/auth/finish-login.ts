import { isLanguage } from '../../lib/i18n/language';
import { HOME, postLoginTarget } from '../../lib/routing/post-login-target';
import { saveUserLanguage } from '../../lib/session/change-language';
import { sessionStore } from '../../lib/session/session-store';

/** The language chosen on the login screen wins over the one saved on the user. */
export async function keepLoginLanguage(language: string): Promise<void> {
  const me = sessionStore.getState().me;
  if (me && isLanguage(language) && me.language !== language) {
    await saveUserLanguage(language).catch(() => undefined);
  }
}

/** /mfa keeps the deep link the login screen was given, so the second factor ends up there too. */
export function mfaHref(redirect: unknown): string {
  const target = postLoginTarget(redirect);
  return target === HOME ? '/mfa' : `/mfa?redirect=${encodeURIComponent(target)}`;
}
