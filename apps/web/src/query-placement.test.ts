import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, src } from './test-support';

/**
 * A feature's queries and mutations live in its `api.ts`, beside their fetchers and key factory;
 * components call the hooks it exports. So a key, a fetcher or an invalidation is found in one
 * place, and two components never spell the same key differently.
 */
function misplacedQueries(files: string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (!rel.startsWith('features/') || path.basename(file) === 'api.ts') continue;
    const code = read(file);
    for (const m of code.matchAll(/\b(useQuery|useMutation)\(/g)) {
      const line = code.slice(0, m.index).split('\n').length;
      found.push(`${rel}:${line} ${m[1]}`);
    }
  }
  return found;
}

describe('queries live in api.ts', () => {
  it('finds a useQuery and a useMutation in a component, none in api.ts or outside features', () => {
    const files = ['features/radar/a.tsx', 'features/radar/api.ts', 'components/b.tsx'].map((f) => path.join(src, f));
    const code: Record<string, string> = {
      [files[0]!]: "const x = 1;\nconst q = useQuery({ queryKey: ['radar'] });\nconst m = useMutation({});",
      [files[1]!]: 'export const useRadar = () => useQuery({ queryKey: radarKeys.all });',
      [files[2]!]: 'const q = useQuery(options);',
    };
    const found = misplacedQueries(files, (f) => code[f]!);
    expect(found).toEqual(['features/radar/a.tsx:2 useQuery', 'features/radar/a.tsx:3 useMutation']);
  });

  it('has no useQuery( or useMutation( in a feature outside its api.ts', () => {
    const found = misplacedQueries(sourceFiles(path.join(src, 'features')), (f) => readFileSync(f, 'utf8'));
    expect(found).toEqual([]);
  });
});
