import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allMenuEntries, menuSections } from '../../app/shell/menu-items';
import { type Catalog, catalog, sourceFiles, src } from '../../test-support';
import { routeDefs } from '../routing/route-table';

function keys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

const de = catalog('de');
const en = catalog('en');
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
    for (const entry of allMenuEntries) expect(deKeys).toContain(`section.${entry.key}`);
    for (const section of menuSections) expect(deKeys).toContain(`nav.section.${section.key}`);
  });

  it('hold every key the code names literally, in both languages', () => {
    // t('a.b') with a literal key; keys built at run time (t(`x.${y}`)) are out of reach here.
    const enKeys = new Set(keys(en));
    const known = (set: Set<string>, k: string) => set.has(k) || set.has(`${k}_one`) || set.has(`${k}_other`);
    const used = new Set<string>();
    for (const f of sourceFiles(src)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)'/g)) used.add(m[1]!);
    }
    // The scan itself finds keys, so the test cannot pass by reading nothing.
    expect(used.size).toBeGreaterThan(500);
    expect([...used].filter((k) => !known(deKeys, k) || !known(enKeys, k))).toEqual([]);
  });

  it("never name the product: it is the operator's PRODUCT_NAME, passed in as {{product}}", () => {
    const leaves = (c: Catalog): string[] => Object.values(c).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
    for (const catalog of [de, en]) expect(leaves(catalog).filter((text) => /Privacy Cockpit/i.test(text))).toEqual([]);
  });
});
