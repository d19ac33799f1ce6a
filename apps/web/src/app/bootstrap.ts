import type { PublicConfig } from '@pc/shared';
import { fetchConfig } from '../lib/config';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { getStoredLanguage, offeredLanguages, startLanguage } from '../lib/i18n/language';
import { restoreSession } from '../lib/session/session-actions';
import { sessionStore } from '../lib/session/session-store';

export function startI18n(): Promise<unknown> {
  return initI18n(getStoredLanguage()).catch((error: unknown) => console.error(error));
}

export interface Boot {
  /** Arrives first, so the splash can show the product name. */
  config: Promise<PublicConfig>;
  /** Configuration, translations and session known. */
  ready: Promise<void>;
}

/** Splash phase: configuration, translations and the session restore run in parallel. */
export function bootstrap(i18nReady: Promise<unknown>): Boot {
  const config = fetchConfig();
  const ready = Promise.all([config, restoreSession(), i18nReady]).then(async ([{ languages }]) => {
    // A restored session speaks the user's saved language if the operator offers it; otherwise
    // the browser's last choice among the offered ones, else the operator's first (`LANGUAGES`).
    const me = sessionStore.getState().me;
    const wanted = me && offeredLanguages(languages).includes(me.language) ? me.language : startLanguage(languages);
    if (i18n.language !== wanted) await i18n.changeLanguage(wanted);
  });
  // Handled where the splash shows it; this keeps the browser from reporting it before then.
  ready.catch(() => undefined);
  return { config, ready };
}
