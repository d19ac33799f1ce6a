import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The login screen's JavaScript stays under 200 kB gzip. Measured on the build that
 * `npm run test:e2e` makes first (bytes, not time, so the same build always gives the same
 * answer): the entry, everything it imports statically (what index.html modulepreloads) and the
 * login page's lazy chunk with its static imports, each file gzipped as the server sends it.
 * Something new on every screen (a library in the entry, zod reached from a module the entry
 * imports) fails here; features behind login belong in their lazy route chunks.
 */
const BUDGET_KB = 200;
const dist = path.resolve(import.meta.dirname, '../../../apps/web/dist');

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; src?: string }>;

function loginChunks(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) walk(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
  if (!entry || !login) throw new Error('the build has no entry or no login page chunk');
  walk(entry);
  walk(login);
  return [...seen].map((k) => manifest[k]!.file);
}

describe('login screen bundle', () => {
  it(`loads less than ${BUDGET_KB} kB of gzipped JavaScript`, () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const files = loginChunks(manifest);
    const sizes = files.map((f) => ({ f, kb: gzipSync(fs.readFileSync(path.join(dist, f))).length / 1024 }));
    const total = sizes.reduce((n, s) => n + s.kb, 0);
    const largest = sizes
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 8)
      .map((s) => `${s.f} ${s.kb.toFixed(1)} kB`);
    expect(total, `login screen JS ${total.toFixed(1)} kB gzip; largest: ${largest.join(', ')}`).toBeLessThan(BUDGET_KB);
    // zod is the usual way in (a schema module reached from the entry): name it when it happens.
    const zodIn = files.filter((f) => /\bZodObject\b|\$ZodType\b/.test(fs.readFileSync(path.join(dist, f), 'utf8')));
    expect(zodIn, 'zod is in the login screen bundle').toEqual([]);
  });
});
