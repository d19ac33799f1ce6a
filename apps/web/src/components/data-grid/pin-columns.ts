import type { GridColDef } from '@mui/x-data-grid';

/** On a phone the pinned columns narrow to these widths, so a third of the row still scrolls. */
export const PHONE_PIN_WIDTHS = [124, 124] as const;

const LAST = 'pc-pinned-last';
/** The data grid's own selection column (GRID_CHECKBOX_SELECTION_FIELD). */
const CHECKBOX_FIELD = '__check__';

/**
 * The free data grid has no column pinning, but its styles for pinned cells (sticky, opaque,
 * hover) apply to any cell carrying the class: the leading `count` columns get it, with their
 * left offsets from the widths before them. Every pinned column but the last needs a fixed
 * width; on a phone all of them get one. A hidden pinned column takes no room.
 */
export function pinColumns(
  columns: readonly GridColDef[],
  count: number,
  phone: boolean,
  hidden: (field: string) => boolean = () => false,
) {
  const n = Math.min(count, columns.length);
  const sx: Record<string, object> = {};
  if (n === 0) return { columns, sx };
  let left = 0;
  // A leading selection checkbox is narrow already and takes no slot of the phone widths.
  const offset = columns[0]?.field === CHECKBOX_FIELD ? 1 : 0;
  const result = columns.map((col, i) => {
    if (i >= n) return col;
    const slot = PHONE_PIN_WIDTHS[i - offset] ?? 140;
    const narrow = phone ? Math.min(col.width ?? col.minWidth ?? Number.POSITIVE_INFINITY, slot) : null;
    const pinned: GridColDef = {
      ...col,
      ...(narrow !== null ? { width: narrow, minWidth: narrow, flex: undefined } : {}),
      cellClassName: `MuiDataGrid-cell--pinnedLeft${i === n - 1 ? ` ${LAST}` : ''}`,
      headerClassName: `MuiDataGrid-columnHeader--pinnedLeft${i === n - 1 ? ` ${LAST}` : ''}`,
    };
    const selector = `& .MuiDataGrid-cell[data-field="${col.field}"], & .MuiDataGrid-columnHeader[data-field="${col.field}"]`;
    sx[selector] = { left };
    if (i < n - 1 && !hidden(col.field)) {
      if (pinned.width === undefined || pinned.flex) throw new Error(`pinned column ${col.field} needs a fixed width`);
      left += pinned.width;
    }
    return pinned;
  });
  // The edge between pinned and scrolling columns: a line, and a shadow once content slides under.
  sx[`& .${LAST}`] = { borderRight: '1px solid', borderRightColor: 'divider', boxShadow: '4px 0 6px -4px rgba(0,0,0,.18)' };
  return { columns: result, sx };
}
