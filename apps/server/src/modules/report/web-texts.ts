import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@pc/shared';

/**
 * The web app's own translations, so that a generated document names fields and options exactly
 * as the screens do (items.field.*, items.option.*) without a second copy that drifts.
 */
const DIR = path.resolve(import.meta.dirname, '../../../../web/public/assets/i18n');
const cache = new Map<Language, Record<string, unknown>>();

function bundle(lang: Language) {
  let b = cache.get(lang);
  if (!b) {
    b = JSON.parse(readFileSync(path.join(DIR, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(lang, b);
  }
  return b;
}

export type WebT = (keys: string | readonly string[], vars?: Record<string, string | number>) => string;

/** i18next's lookup in small: the first key that names a string, `{{var}}` filled in; else the last key's last part. */
export function webTexts(lang: Language): WebT {
  const b = bundle(lang);
  return (keys, vars = {}) => {
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      const v = key
        .split('.')
        .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), b);
      if (typeof v === 'string') return v.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars[k] ?? ''));
    }
    return list[list.length - 1]!.split('.').pop()!;
  };
}
