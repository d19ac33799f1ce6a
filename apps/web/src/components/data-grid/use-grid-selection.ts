import type { GridRowId, GridRowSelectionModel, GridValidRowModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';

/**
 * The rows a user picked in a server-paged list: single rows across pages (kept with their data,
 * for an export of just those), or every row the list's filter matches (`all`). Any change of
 * the filter (`resetKey`) drops the choice: it described other rows.
 */
export interface GridSelection<R> {
  rows: ReadonlyMap<string, R>;
  all: boolean;
}

const empty = { rows: new Map(), all: false };

export function useGridSelection<R extends GridValidRowModel & { id: string }>(resetKey: string, pageRows: readonly R[]) {
  const [state, setState] = useState<{ key: string } & GridSelection<R>>({ key: resetKey, ...empty });
  const current: GridSelection<R> = state.key === resetKey ? state : empty;

  const model: GridRowSelectionModel = useMemo(
    () => (current.all ? { type: 'exclude', ids: new Set() } : { type: 'include', ids: new Set(current.rows.keys()) }),
    [current],
  );

  const onModelChange = useCallback(
    (next: GridRowSelectionModel) => {
      setState((prev) => {
        const before = prev.key === resetKey ? prev : { key: resetKey, ...empty };
        const chosen = (id: GridRowId) => (next.type === 'include' ? next.ids.has(id) : !next.ids.has(id));
        // Rows of other pages stay chosen; this page's rows are as the grid says now.
        const rows = new Map(before.all ? [] : before.rows);
        for (const r of pageRows) {
          if (chosen(r.id)) rows.set(r.id, r);
          else rows.delete(r.id);
        }
        return { key: resetKey, rows, all: false };
      });
    },
    [resetKey, pageRows],
  );

  const selectAll = useCallback(() => setState({ key: resetKey, rows: new Map(), all: true }), [resetKey]);
  const clear = useCallback(() => setState({ key: resetKey, ...empty }), [resetKey]);
  const pageChosen = pageRows.length > 0 && (current.all || pageRows.every((r) => current.rows.has(r.id)));

  return { ...current, model, onModelChange, selectAll, clear, pageChosen };
}

export type GridSelectionState<R extends GridValidRowModel & { id: string }> = ReturnType<typeof useGridSelection<R>>;
