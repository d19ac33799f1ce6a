import { type DataGridProps, GRID_CHECKBOX_SELECTION_COL_DEF, type GridColDef } from '@mui/x-data-grid';
import type { Item, ItemTypeKey, SavedView } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedViewsMenu, type ViewSnapshot } from '../../../components/data-grid/saved-views-menu';
import { columnStateOf, useColumnState, viewColumnsOf, withWidths } from '../../../components/data-grid/use-column-state';
import { useGridSelection } from '../../../components/data-grid/use-grid-selection';
import type { GridView, ServerGrid } from '../../../components/data-grid/use-server-grid';
import { downloadXlsx } from '../../../components/data-grid/xlsx-export';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { type BulkRegister, invalidateRegister, runBulk } from '../api';
import { bulkResultText, ItemBulkBar } from './bulk-bar';
import { exportTable } from './export-rows';
import type { ItemColumn } from './item-columns';

/** The list parameters that are no filter (paging and sort), left out of a bulk request's and a view's filter. */
const NOT_FILTER = new Set(['page', 'pageSize', 'sort', 'dir']);

/** A view's filter in the list endpoint's terms, from the list's query string. */
export function filterOfParams(p: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of p) if (!NOT_FILTER.has(k)) out[k] = v;
  return out;
}

function dayOf(value: string | undefined, end: boolean): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  return end
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59)
    : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** A saved view as a change of the list's view: quick search, statuses, kind, due-date range, sort. */
export function viewPatchOf(v: Pick<SavedView, 'filter' | 'sort' | 'dir'>, filterNames: readonly string[]): Partial<GridView> {
  const filters: Record<string, string> = {};
  for (const name of filterNames) filters[name] = v.filter[name] ?? '';
  return {
    q: v.filter.q ?? '',
    range: { from: dayOf(v.filter.from, false), until: dayOf(v.filter.until, true) },
    filters,
    sort: v.sort,
    dir: v.dir,
    page: 0,
  };
}

/** Changes one item's status from its list row: the bulk request over that one item, so rights and history are the same. */
export function useInlineStatus(register: BulkRegister) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useCallback(
    async (item: Item, status: number) => {
      try {
        const result = await runBulk(register, { ids: [item.id], set: { status } });
        invalidateRegister(client, register);
        if (result.skipped.length) notify(bulkResultText(t, result), 'warning');
      } catch (e) {
        notify(errorText(t, e), 'error');
      }
    },
    [register, client, t],
  );
}

interface RegisterToolsOptions {
  register: BulkRegister;
  types: readonly ItemTypeKey[];
  grid: ServerGrid<Item>;
  columns: readonly ItemColumn[];
  colDefs: GridColDef<Item>[];
  /** The list's query string for a view. */
  params: (view: GridView) => URLSearchParams;
  /** Excel of every row the filter matches. */
  exportAll: (columns: readonly ItemColumn[]) => Promise<void>;
  exporting: boolean;
  /** The user holds the register's Write claim (of one of its kinds). */
  canWrite: boolean;
  runExport: (task: () => Promise<void>) => Promise<void>;
}

/**
 * What every register list adds to the shared server grid: chosen rows and the actions on them,
 * the saved views menu, and the columns the user chose and how wide.
 */
export function useRegisterTools(o: RegisterToolsOptions) {
  const userId = useSession((s) => s.me?.id ?? '');
  const { view, setView, query, defaults } = o.grid;
  const columnState = useColumnState(`${userId}:${o.register}`);
  const params = o.params;
  const filter = useCallback(() => filterOfParams(params(view)), [params, view]);
  const resetKey = useMemo(() => JSON.stringify(filter()), [filter]);
  const pageRows = useMemo(() => query.data?.items ?? [], [query.data]);
  const selection = useGridSelection<Item>(resetKey, pageRows);
  const visibleColumns = o.columns.filter((c) => !columnState.state.hidden.has(c.key));

  const exportChosen = (items: Item[] | 'all') =>
    items === 'all'
      ? o.exportAll(visibleColumns)
      : o.runExport(async () => {
          const table = exportTable(visibleColumns, items);
          await downloadXlsx(table.columns, table.rows);
        });

  const current = (): ViewSnapshot => {
    const f = filter();
    delete f.dateField;
    return { filter: f, sort: view.sort as never, dir: view.dir, columns: viewColumnsOf(columnState.state) };
  };
  const filterNames = useMemo(() => Object.keys(defaults.filters), [defaults]);
  const setColumns = columnState.set;
  const apply = useCallback(
    (v: SavedView) => {
      setView(viewPatchOf(v, filterNames));
      setColumns(columnStateOf(v.columns));
    },
    [setView, setColumns, filterNames],
  );

  const gridProps: Partial<DataGridProps<Item>> & { columns: GridColDef<Item>[] } = {
    // The selection column first, named here so it stays in view with the pinned number and name.
    columns: [GRID_CHECKBOX_SELECTION_COL_DEF as GridColDef<Item>, ...withWidths(o.colDefs, columnState.state.widths)],
    checkboxSelection: true,
    keepNonExistentRowsSelected: true,
    rowSelectionModel: selection.model,
    onRowSelectionModelChange: selection.onModelChange,
    columnVisibilityModel: columnState.visibility,
    onColumnVisibilityModelChange: columnState.onVisibilityChange,
    onColumnWidthChange: ({ colDef, width }) => columnState.onWidthChange(colDef.field, width),
  };

  const bar = (
    <ItemBulkBar
      register={o.register}
      types={o.types}
      selection={selection}
      total={query.data?.total ?? 0}
      filter={filter}
      onExport={exportChosen}
      exporting={o.exporting}
      canWrite={o.canWrite}
    />
  );
  const viewsMenu = <SavedViewsMenu register={o.register} current={current} apply={apply} plain={o.grid.openedPlain} />;
  return { gridProps, bar, viewsMenu, visibleColumns };
}
