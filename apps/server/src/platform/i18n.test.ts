import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languages } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { messageKeys, translate } from './i18n';

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server error messages', () => {
  it('exist in both languages for every key', () => {
    expect(messageKeys('en').sort()).toEqual(messageKeys('de').sort());
  });

  it('cover every message key the server code throws', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(error\.[A-Za-z]+)'/g)) used.add(m[1]!);
    }
    const known = new Set(messageKeys('de'));
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });

  it('say what happened and what to do: two sentences, German and English apart', () => {
    for (const key of messageKeys('de').filter((k) => k.startsWith('error.'))) {
      const texts = languages.map((l) => translate(l, key));
      for (const text of texts) expect(text, key).toMatch(/[.!?]\s+\S.*[.!?]$/s);
      expect(new Set(texts).size, key).toBe(languages.length);
    }
  });
});
