import { describe, expect, it } from 'vitest';
import { columnWidth, excelDate, sheetRows } from './data-grid/xlsx-export';
import { statusNameKey } from './status-chip';
import { TAG_BOX_MAX, tagBoxView } from './tag-box';
import { textModuleSelectReadOnly } from './text-module-select';

describe('tag box (at most 5 tags)', () => {
  it('shows five and counts the rest', () => {
    const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(TAG_BOX_MAX).toBe(5);
    expect(tagBoxView(tags)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 });
    expect(tagBoxView(tags.slice(0, 5))).toEqual({ shown: tags.slice(0, 5), more: 0 });
    expect(tagBoxView([])).toEqual({ shown: [], more: 0 });
  });
});

describe('status names', () => {
  it('names codes 0–4 and treats anything else as done (green)', () => {
    expect([0, 1, 2, 3, 4].map(statusNameKey)).toEqual([
      'status.open',
      'status.inProgress',
      'status.waiting',
      'status.notApplicable',
      'status.done',
    ]);
    expect(statusNameKey(9)).toBe('status.done');
  });
});

describe('text-module select', () => {
  it('is read-only with a scope, for a saved item or when disabled', () => {
    expect(textModuleSelectReadOnly({ scopeActive: false })).toBe(false);
    expect(textModuleSelectReadOnly({ scopeActive: true })).toBe(true);
    expect(textModuleSelectReadOnly({ scopeActive: false, boundId: 12 })).toBe(true);
    expect(textModuleSelectReadOnly({ scopeActive: false, boundId: 0 })).toBe(false);
    expect(textModuleSelectReadOnly({ scopeActive: false, boundId: -1 })).toBe(false);
    expect(textModuleSelectReadOnly({ scopeActive: false, boundId: 'b6a1…' })).toBe(true);
    expect(textModuleSelectReadOnly({ scopeActive: false, boundId: null, disabled: true })).toBe(true);
  });
});

describe('Excel rows', () => {
  it('keeps the wall-clock time of dates (ExcelJS writes UTC)', () => {
    const local = new Date(2025, 2, 30, 1, 30);
    const cell = excelDate(local);
    expect([cell.getUTCFullYear(), cell.getUTCMonth(), cell.getUTCDate(), cell.getUTCHours(), cell.getUTCMinutes()]).toEqual([
      2025, 2, 30, 1, 30,
    ]);
    expect(sheetRows([['VT-0001', 3, null, local]])[0]).toEqual(['VT-0001', 3, null, cell]);
    // Texts a spreadsheet would run as a formula are escaped; numbers stay numbers.
    expect(sheetRows([['=HYPERLINK("x")', '+49 30', '-', '@SUM(A1)', 'a=b', -3]])[0]).toEqual([
      `'=HYPERLINK("x")`,
      "'+49 30",
      "'-",
      "'@SUM(A1)",
      'a=b',
      -3,
    ]);
  });

  it('sizes columns by their content within 10…60 characters', () => {
    expect(columnWidth({ header: 'Nr.' }, 0, [['VT-0001']])).toBe(10);
    expect(columnWidth({ header: 'Bezeichnung' }, 0, [['x'.repeat(30)]])).toBe(32);
    expect(columnWidth({ header: 'Text' }, 0, [['x'.repeat(500)]])).toBe(60);
    expect(columnWidth({ header: 'Fälligkeit', format: 'date' }, 0, [])).toBe(12);
  });
});
