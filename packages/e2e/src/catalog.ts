import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

type Catalog = { [key: string]: string | Catalog };
const de = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/web/public/assets/i18n/de.json'), 'utf8')) as Catalog;

/** A German text from the catalog the app uses, with {{placeholders}} filled in (a missing one left empty). */
export function tr(key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<string | Catalog | undefined>((c, k) => (typeof c === 'object' ? c[k] : undefined), de);
  if (typeof value !== 'string') throw new Error(`missing catalog key ${key}`);
  // `{{name, number}}`: as i18next's number format writes it in German (1.000).
  return value.replace(/\{\{(\w+)(, *number)?\}\}/g, (_m, name: string, number?: string) => {
    const v = vars[name] ?? '';
    return number && typeof v === 'number' ? v.toLocaleString('de-DE') : String(v);
  });
}
