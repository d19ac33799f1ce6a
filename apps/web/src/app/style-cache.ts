import createCache, { type EmotionCache } from '@emotion/cache';
import { readStorage, writeStorage } from '../lib/storage';

/**
 * The CSS rules of the last visit, kept in this browser and handed to emotion as if rendered on a
 * server: a page load then styles known components without compiling (stylis) and inserting each
 * rule again, which took 70–100 ms of a page load's main thread on a slow machine (decision 0027).
 * Emotion names a rule by the hash of its styles, so a kept rule is never stale: one that no
 * screen asks for any more only takes room, and the whole set starts over once it outgrows
 * {@link LIMIT}. Rules carry no user data (styles and class names only).
 */
const KEY = 'pc.styles.v1';
const LIMIT = 800_000;

interface Kept {
  names: string[];
  css: string;
}

/** Puts the kept rules where emotion's cache looks for server-rendered ones (`data-emotion="css …"`). */
function restore() {
  const raw = readStorage(KEY);
  if (!raw) return;
  try {
    const { names, css } = JSON.parse(raw) as Kept;
    if (!Array.isArray(names) || typeof css !== 'string' || names.length === 0) throw new Error('not kept by this app');
    const style = document.createElement('style');
    style.setAttribute('data-emotion', `css ${names.join(' ')}`);
    style.textContent = css;
    document.head.append(style);
  } catch {
    writeStorage(KEY, null);
  }
}

/**
 * Every rule the cache holds now (the restored ones included) and the names they belong to. A
 * page that goes fires both events, and a tab switched back and forth changes nothing: the store
 * is written only when the cache has names it did not have at the last write.
 */
let keptNames = -1;
function keep(cache: EmotionCache) {
  const names = Object.keys(cache.inserted).filter((name) => cache.inserted[name] === true);
  if (names.length === keptNames) return;
  keptNames = names.length;
  let css = '';
  for (const tag of cache.sheet.tags) {
    for (const rule of Array.from(tag.sheet?.cssRules ?? [])) css += rule.cssText;
  }
  // Storage full or refused (private mode): the next load compiles its styles as before.
  writeStorage(KEY, css.length > LIMIT ? null : JSON.stringify({ names, css } satisfies Kept));
}

/** The app's emotion cache, with the last visit's rules; they are kept again as the page goes. */
export function createStyleCache(): EmotionCache {
  restore();
  const cache = createCache({ key: 'css' });
  window.addEventListener('pagehide', () => keep(cache));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keep(cache);
  });
  return cache;
}
