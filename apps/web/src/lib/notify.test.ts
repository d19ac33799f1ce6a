import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VariantType } from 'notistack';
import { describe, expect, it } from 'vitest';
import { sourceFiles, src } from '../test-support';
import { notify, registerSnackbar } from './notify';

describe('snackbar durations', () => {
  it('come from the kind of message alone: success 3 s, notes 5 s, warnings and errors 8 s', () => {
    const shown: [string, VariantType, number][] = [];
    notify('queued before the host', 'error');
    const unregister = registerSnackbar((message, { variant, autoHideDuration }) =>
      shown.push([message, variant, autoHideDuration]),
    );
    notify('gespeichert', 'success');
    notify('Hinweis');
    notify('Achtung', 'warning');
    unregister();
    expect(shown).toEqual([
      ['queued before the host', 'error', 8000],
      ['gespeichert', 'success', 3000],
      ['Hinweis', 'default', 5000],
      ['Achtung', 'warning', 8000],
    ]);
  });

  it('are set in one place: no component passes its own', () => {
    const offenders = sourceFiles(src).filter(
      (f) => !f.endsWith(`${path.sep}notify.ts`) && /autoHideDuration/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});
