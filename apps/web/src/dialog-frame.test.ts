import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, src } from './test-support';

const frame = path.join(src, 'components/dialog-frame.tsx');

/** Files that lay out a dialog themselves: MUI's Dialog or its parts, imported or rendered. */
function ownDialogs(files: string[], read: (file: string) => string): string[] {
  return files.filter(
    (file) => file !== frame && /@mui\/material\/Dialog\w*['"]|<Dialog(Title|Content|Actions)?[\s>]/.test(read(file)),
  );
}

describe('dialogs', () => {
  it('finds a file that renders MUI Dialog parts itself', () => {
    const code: Record<string, string> = {
      a: "import Dialog from '@mui/material/Dialog';",
      b: '<DialogTitle id={x}>',
      c: "import { DialogFrame } from '../components/dialog-frame';\n<DialogFrame title={t('x')} />",
    };
    expect(ownDialogs(['a', 'b', 'c'], (f) => code[f]!)).toEqual(['a', 'b']);
  });

  // One frame for width, full screen on a phone, busy, Escape and focus.
  it('all go through the dialog frame', () => {
    const files = ['features', 'components', 'app'].flatMap((dir) => sourceFiles(path.join(src, dir)));
    expect(ownDialogs(files, (f) => readFileSync(f, 'utf8')).map((f) => path.relative(src, f))).toEqual([]);
  });
});
