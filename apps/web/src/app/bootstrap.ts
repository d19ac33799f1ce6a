import type { PublicConfig } from '@pc/shared';
import { fetchConfig } from '../lib/config';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { getStoredLanguage } from '../lib/i18n/language';
import { restoreSession } from '../lib/session/session-actions';
import { sessionStore } from '../lib/session/session-store';

export function startI18n(): Promise<unknown> {
  return initI18n(getStoredLanguage()).catch((error: unknown) => console.error(error));
}

/**
 * Splash phase: configuration, translations and the session restore run in parallel. The
 * configuration arrives first so the splash can show the product name.
 */
export async function bootstrap(onConfig: (config: PublicConfig) => void, i18nReady: Promise<unknown>): Promise<void> {
  const config = fetchConfig().then((c) => {
    onConfig(c);
    return c;
  });
  const session = restoreSession();
  await Promise.all([config, session, i18nReady]);
  // A restored session speaks the user's saved language.
  const me = sessionStore.getState().me;
  if (me && i18n.language !== me.language) await i18n.changeLanguage(me.language);
}
