import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, src } from './test-support';

describe('icons', () => {
  // Icons are solid with a fixed width. MUI's SVG icons are all 1em square, so one style
  // (the filled set) is the only thing left to keep.
  it('come from the solid (filled) set only', () => {
    const other: string[] = [];
    for (const file of sourceFiles(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/@mui\/icons-material\/(\w+)/g)) {
        if (/(Outlined|Rounded|Sharp|TwoTone|Outline)$/.test(m[1]!)) other.push(`${path.relative(src, file)}: ${m[1]}`);
      }
    }
    expect(other).toEqual([]);
  });
});
