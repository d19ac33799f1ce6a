import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@pc/shared';

const dir = path.resolve(import.meta.dirname, '../../../web/public/assets/i18n');

function leaves(node: unknown, prefix: string, out: Set<string>) {
  if (typeof node === 'string') out.add(prefix);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const catalogues = new Map<Language, Record<string, unknown>>();
function catalogue(language: Language): Record<string, unknown> {
  let c = catalogues.get(language);
  if (!c) {
    c = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, unknown>;
    catalogues.set(language, c);
  }
  return c;
}

/** One text of the web app's catalogue (undefined when the key is missing). */
export function webText(language: Language, key: string): string | undefined {
  let node: unknown = catalogue(language);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

const cache = new Map<Language, Set<string>>();
/** Every translated key of the web app's catalogue for a language. */
export function webKeys(language: Language): Set<string> {
  let keys = cache.get(language);
  if (!keys) {
    keys = leaves(catalogue(language), '', new Set());
    cache.set(language, keys);
  }
  return keys;
}

/**
 * Whether the web app can show a 422 field message in the language: a key translated as it is,
 * under `account.messages`, or under a feature's namespace (`time.validation.quarterHours`).
 */
export function webTranslates(language: Language, key: string): boolean {
  const keys = webKeys(language);
  if (keys.has(key)) return true;
  for (const k of keys) if (k.endsWith(`.${key}`)) return true;
  return false;
}

/** The English texts of zod's own messages: none of them may reach a user. */
export const libraryText =
  /Invalid (input|option|string|number|key|value|discriminator|email|date|UUID)|Too (big|small)|Unrecognized key|expected (string|number|boolean|object|array|one of)|received (undefined|null|string|number)/i;

/** What is wrong with the field messages of a 422 body (empty when each is a key the web translates in de and en). */
export function untranslatedFieldMessages(body: string): string[] {
  const problems: string[] = [];
  if (libraryText.test(body)) problems.push(`library text: ${body.slice(0, 200)}`);
  let parsed: { fields?: Record<string, string[]> };
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `not JSON: ${body.slice(0, 100)}`];
  }
  for (const [field, messages] of Object.entries(parsed.fields ?? {}))
    for (const m of messages)
      for (const lang of ['de', 'en'] as const) if (!webTranslates(lang, m)) problems.push(`${field}: ${m} has no ${lang} text`);
  return problems;
}
