import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, src } from './test-support';

/** Relative specifiers of static imports, re-exports and dynamic imports. */
function importSpecifiers(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** The feature folder a file lies in, or null outside features/. */
function featureOf(file: string): string | null {
  const rel = path.relative(path.join(src, 'features'), file);
  return rel.startsWith('..') ? null : (rel.split(path.sep)[0] ?? null);
}

/**
 * Features do not import each other, and components/ and lib/ import no feature.
 * What two features share lives in components/ or lib/. (A test rather than a Biome rule:
 * `noRestrictedImports` cannot say "any folder but my own".)
 */
function boundaryViolations(files: string[], read: (file: string) => string): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const own = featureOf(file);
    const shared = /^(components|lib)$/.test(path.relative(src, file).split(path.sep)[0] ?? '');
    for (const spec of importSpecifiers(read(file))) {
      const target = featureOf(path.resolve(path.dirname(file), spec));
      if (target && ((own && target !== own) || shared)) violations.push(`${path.relative(src, file)} → ${spec}`);
    }
  }
  return violations;
}

describe('feature folders', () => {
  it('finds an import of another feature, a dynamic one and one from lib', () => {
    const files = [
      path.join(src, 'features/radar/a.tsx'),
      path.join(src, 'features/dashboard/b.tsx'),
      path.join(src, 'lib/c.ts'),
    ];
    const code: Record<string, string> = {
      [files[0]!]: "import { x } from '../dashboard/logic';\nimport { y } from './geometry';",
      [files[1]!]: "const P = lazy(() => import('../radar/privacy-radar'));\nimport { z } from '../../lib/x';",
      [files[2]!]: "export { w } from '../features/items/api';",
    };
    expect(boundaryViolations(files, (f) => code[f]!)).toEqual([
      'features/radar/a.tsx → ../dashboard/logic',
      'features/dashboard/b.tsx → ../radar/privacy-radar',
      'lib/c.ts → ../features/items/api',
    ]);
  });

  it('do not import each other; components and lib import no feature', () => {
    const files = ['features', 'components', 'lib'].flatMap((dir) => sourceFiles(path.join(src, dir), { tests: true }));
    expect(boundaryViolations(files, (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });
});
