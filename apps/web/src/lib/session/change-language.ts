import type { Language } from '@pc/shared';
import { apiRequest } from '../api/api-client';
import { i18n } from '../i18n/i18n';
import { isLanguage } from '../i18n/language';
import { setMe } from './session-actions';
import { sessionStore } from './session-store';

/** Saves the language on the user (PUT /api/user/language) so the next login starts in it. */
export async function saveUserLanguage(language: Language): Promise<void> {
  const [{ userMeSchema }, answer] = await Promise.all([
    import('./user-me-schema'),
    apiRequest<unknown>('/user/language', { method: 'PUT', json: { language } }),
  ]);
  const me = userMeSchema.parse(answer);
  setMe(me);
}

/**
 * Switch the UI language at once; when logged in also store it server-side. The browser
 * remembers it too (languageChanged handler) for the next login screen.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  if (sessionStore.getState().status === 'authenticated') await saveUserLanguage(language);
}

/** The language chosen on the login screen wins over the one saved on the user. */
export async function keepLoginLanguage(language: string): Promise<void> {
  const me = sessionStore.getState().me;
  if (me && isLanguage(language) && me.language !== language) {
    await saveUserLanguage(language).catch(() => undefined);
  }
}
