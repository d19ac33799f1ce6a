import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mainMenu, moreMenu } from '../../app/shell/menu-items';
import { routeDefs } from '../routing/route-table';

type Catalog = { [key: string]: string | Catalog };
const load = (language: string): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/assets/i18n/${language}.json`, import.meta.url)), 'utf8'));

function keys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

const de = load('de');
const en = load('en');
const deKeys = new Set(keys(de));

describe('translation catalogs', () => {
  it('de and en have the same keys', () => {
    expect(keys(en).sort()).toEqual([...deKeys].sort());
  });

  it('contain the keys the specification names', () => {
    for (const key of [
      'claim.insufficientClaimsError',
      'login.error.login_failed',
      'login.error.rate_limited',
      'login.error.ip_not_allowed',
      'login.error.api_unavailable',
    ]) {
      expect(deKeys).toContain(key);
    }
  });

  it('name every route section and menu entry', () => {
    for (const def of routeDefs) expect(deKeys).toContain(`section.${def.section}`);
    for (const entry of [...mainMenu, ...moreMenu]) expect(deKeys).toContain(`section.${entry.key}`);
  });
});
