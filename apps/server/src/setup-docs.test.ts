import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The lowest major version a `node` engines range admits (the smallest of its alternatives). */
function minimumMajor(range: string): number {
  const alternatives = range.split('||').map((alt) => Number(/(\d+)/.exec(alt)?.[1] ?? 0));
  return Math.min(...alternatives);
}

describe('the README set-up', () => {
  it('names the Node version every installed package declares', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const needed = Object.entries(lock.packages)
      .filter(([name, p]) => name.startsWith('node_modules/') && p.engines?.node)
      .map(([name, p]) => ({ name, major: minimumMajor(p.engines!.node!) }));
    const highest = Math.max(...needed.map((n) => n.major));
    const stated = Number(/Node\.js (\d+) or newer/.exec(readme)?.[1]);
    expect(
      stated,
      needed
        .filter((n) => n.major === highest)
        .map((n) => n.name)
        .join(', '),
    ).toBeGreaterThanOrEqual(highest);
    for (const n of needed.filter((x) => x.major > 20)) expect(readme).toContain(`\`${n.name.split('node_modules/').pop()}\``);
  });
});
