import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import type { ViewColumn } from '@pc/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface ColumnState {
  hidden: ReadonlySet<string>;
  widths: Readonly<Record<string, number>>;
}

const STORAGE_PREFIX = 'pc.columns.';

function read(key: string): ColumnState {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    const parsed = raw ? (JSON.parse(raw) as { hidden?: unknown; widths?: unknown }) : {};
    const hidden = Array.isArray(parsed.hidden) ? parsed.hidden.filter((f): f is string => typeof f === 'string') : [];
    const widths: Record<string, number> = {};
    if (parsed.widths && typeof parsed.widths === 'object') {
      for (const [f, w] of Object.entries(parsed.widths)) if (typeof w === 'number' && w >= 40 && w <= 2000) widths[f] = w;
    }
    return { hidden: new Set(hidden), widths };
  } catch {
    return { hidden: new Set(), widths: {} };
  }
}

/** A saved view's columns as this state, and back. */
export const columnStateOf = (columns: readonly ViewColumn[]): ColumnState => ({
  hidden: new Set(columns.filter((c) => c.hidden).map((c) => c.field)),
  widths: Object.fromEntries(columns.filter((c) => c.width != null).map((c) => [c.field, c.width as number])),
});

export function viewColumnsOf(state: ColumnState): ViewColumn[] {
  const fields = new Set([...state.hidden, ...Object.keys(state.widths)]);
  return [...fields].map((field) => ({ field, hidden: state.hidden.has(field), width: state.widths[field] ?? null }));
}

/**
 * Which columns a list shows and how wide the user dragged them, kept in this browser per user and
 * list so a reload or the next visit shows the list as it was left; a saved view sets both.
 */
export function useColumnState(key: string) {
  const [state, setState] = useState<ColumnState>(() => read(key));
  useEffect(() => setState(read(key)), [key]);
  const update = useCallback(
    (next: ColumnState) => {
      setState(next);
      try {
        localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ hidden: [...next.hidden], widths: next.widths }));
      } catch {
        // Private mode or a full storage: the choice lasts for this page only.
      }
    },
    [key],
  );
  const visibility: GridColumnVisibilityModel = useMemo(
    () => Object.fromEntries([...state.hidden].map((f) => [f, false])),
    [state.hidden],
  );
  const onVisibilityChange = useCallback(
    (model: GridColumnVisibilityModel) =>
      update({ ...state, hidden: new Set(Object.entries(model).flatMap(([f, shown]) => (shown ? [] : [f]))) }),
    [state, update],
  );
  const onWidthChange = useCallback(
    (field: string, width: number) => update({ ...state, widths: { ...state.widths, [field]: Math.round(width) } }),
    [state, update],
  );
  return { state, set: update, visibility, onVisibilityChange, onWidthChange };
}

/** Column definitions with the widths the user chose (a dragged column no longer flexes). */
export function withWidths<R extends GridValidRowModel>(
  cols: readonly GridColDef<R>[],
  widths: Readonly<Record<string, number>>,
) {
  return cols.map((c) => (widths[c.field] ? { ...c, width: widths[c.field], flex: undefined } : c));
}
