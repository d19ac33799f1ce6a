import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { PHONE_PIN_WIDTHS, pinColumns } from './pin-columns';

const columns: GridColDef[] = [
  { field: 'number', width: 150 },
  { field: 'name', flex: 1, minWidth: 220 },
  { field: 'status', width: 160 },
];
const left = (sx: Record<string, object>, field: string) =>
  (Object.entries(sx).find(([k]) => k.includes(`[data-field="${field}"]`))?.[1] as { left: number } | undefined)?.left;

describe('pinColumns', () => {
  it('marks the leading columns pinned, each left of the ones before it', () => {
    const { columns: cols, sx } = pinColumns(columns, 2, false);
    expect(cols.map((c) => String(c.cellClassName ?? ''))).toEqual([
      'MuiDataGrid-cell--pinnedLeft',
      'MuiDataGrid-cell--pinnedLeft pc-pinned-last',
      '',
    ]);
    expect(cols[1]!.headerClassName).toContain('MuiDataGrid-columnHeader--pinnedLeft');
    expect(left(sx, 'number')).toBe(0);
    expect(left(sx, 'name')).toBe(150);
    expect(left(sx, 'status')).toBeUndefined();
    // On a wide screen the name keeps its flexible width.
    expect(cols[1]!.flex).toBe(1);
  });

  it('narrows the pinned columns on a phone so part of the row still scrolls', () => {
    const { columns: cols, sx } = pinColumns(columns, 2, true);
    expect(cols.slice(0, 2).map((c) => [c.width, c.flex])).toEqual([
      [PHONE_PIN_WIDTHS[0], undefined],
      [PHONE_PIN_WIDTHS[1], undefined],
    ]);
    expect(left(sx, 'name')).toBe(PHONE_PIN_WIDTHS[0]);
    expect(cols[2]).toBe(columns[2]);
  });

  it('pins a leading selection checkbox without taking a phone width of number or name', () => {
    const withCheck = [{ field: '__check__', width: 50 }, ...columns];
    const { columns: cols, sx } = pinColumns(withCheck, 3, true);
    expect(cols.slice(0, 3).map((c) => c.width)).toEqual([50, PHONE_PIN_WIDTHS[0], PHONE_PIN_WIDTHS[1]]);
    expect(left(sx, 'number')).toBe(50);
    expect(left(sx, 'name')).toBe(50 + PHONE_PIN_WIDTHS[0]);
  });

  it('gives a hidden pinned column no room', () => {
    const { sx } = pinColumns(columns, 2, false, (f) => f === 'number');
    expect(left(sx, 'name')).toBe(0);
  });

  it('leaves the columns alone when nothing is pinned', () => {
    expect(pinColumns(columns, 0, true).columns).toBe(columns);
  });

  it('refuses a flexible pinned column before another pinned one', () => {
    expect(() => pinColumns([columns[1]!, columns[0]!], 2, false)).toThrow(/fixed width/);
  });
});
