import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { GRID_CHECKBOX_SELECTION_COL_DEF, type GridColDef } from '@mui/x-data-grid';
import type { Item, ItemTypeKey, SavedView } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ComponentProps, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAll, useExporting } from '../../../components/data-grid/export-all';
import { SavedViewsMenu, type ViewSnapshot } from '../../../components/data-grid/saved-views-menu';
import type { ServerDataGrid } from '../../../components/data-grid/server-data-grid';
import { columnStateOf, useColumnState, viewColumnsOf, withWidths } from '../../../components/data-grid/use-column-state';
import { useGridSelection } from '../../../components/data-grid/use-grid-selection';
import { EXPORT_PAGE_SIZE, type GridView, type ServerGrid, type ServerPage } from '../../../components/data-grid/use-server-grid';
import { downloadXlsx } from '../../../components/data-grid/xlsx-export';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { type BulkRegister, invalidateRegister, runBulk } from '../api';
import { bulkResultText, ItemBulkBar } from './bulk-bar';
import { EmptyState } from './empty-state';
import { exportColumns, exportTable } from './export-rows';
import { gridColumns } from './grid-columns';
import type { ItemColumn } from './item-columns';
import { columnOfSort, type SortField, sortFieldOf } from './list-state';

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
  /** The list's route, or the route of each row's own type (a list over several types). */
  route: string | ((item: Item) => string);
  /** The list's query string for a view; `page`/`pageSize` overridden for the export. */
  params: (view: GridView, override?: { page?: number; pageSize?: number }) => URLSearchParams;
  /** One page of the list for a query string (the export of every match reads them all). */
  fetchPage: (params: URLSearchParams) => Promise<ServerPage<Item>>;
  /** The user holds the register's Write claim (of one of its kinds). */
  canWrite: boolean;
}

/**
 * What every register list adds to the shared server grid: chosen rows and the actions on them,
 * the saved views menu, the columns the user chose and how wide, the Excel export, and a row
 * that opens its item.
 */
export function useRegisterTools(o: RegisterToolsOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((s) => s.me?.id ?? '');
  const { view, setView, query, defaults } = o.grid;
  const columnState = useColumnState(`${userId}:${o.register}`);
  const params = o.params;
  const filter = useCallback(() => filterOfParams(params(view)), [params, view]);
  const resetKey = useMemo(() => JSON.stringify(filter()), [filter]);
  const pageRows = useMemo(() => query.data?.items ?? [], [query.data]);
  const selection = useGridSelection<Item>(resetKey, pageRows);
  const visibleColumns = o.columns.filter((c) => !columnState.state.hidden.has(c.key));
  const onStatus = useInlineStatus(o.register);
  const { columns, route } = o;
  const colDefs = useMemo(() => gridColumns(columns, route, onStatus), [columns, route, onStatus]);
  const { exporting, run } = useExporting();

  const exportMatches = (visible: readonly ItemColumn[]) =>
    run(() =>
      exportAll(
        (page) => o.fetchPage(params(view, { page, pageSize: EXPORT_PAGE_SIZE })),
        (item) => visible.map((c) => c.value(item)),
        exportColumns(visible),
      ),
    );
  const exportChosen = (items: Item[] | 'all') =>
    items === 'all'
      ? exportMatches(visibleColumns)
      : run(async () => {
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
  const hrefOf = (row: Item) => `${typeof route === 'string' ? route : route(row)}/${row.id}`;

  const gridProps = {
    // The selection column first, named here so it stays in view with the pinned number and name.
    columns: [GRID_CHECKBOX_SELECTION_COL_DEF as GridColDef<Item>, ...withWidths(colDefs, columnState.state.widths)],
    checkboxSelection: true,
    keepNonExistentRowsSelected: true,
    rowSelectionModel: selection.model,
    onRowSelectionModelChange: selection.onModelChange,
    columnVisibilityModel: columnState.visibility,
    onColumnVisibilityModelChange: columnState.onVisibilityChange,
    onColumnWidthChange: ({ colDef, width }) => columnState.onWidthChange(colDef.field, width),
    pinnedColumns: 3,
    sortFieldOf: (c: string) => sortFieldOf[c],
    columnOfSort: (s: string) => columnOfSort(s as SortField),
    onRowClick: ({ row }) => void navigate({ to: hrefOf(row) }),
    slots: { noRowsOverlay: EmptyState },
  } satisfies Partial<ComponentProps<typeof ServerDataGrid<Item>>>;

  const bar = (
    <ItemBulkBar
      register={o.register}
      types={o.types}
      selection={selection}
      total={query.data?.total ?? 0}
      filter={filter}
      onExport={exportChosen}
      exporting={exporting}
      canWrite={o.canWrite}
    />
  );
  const viewsMenu = <SavedViewsMenu register={o.register} current={current} apply={apply} plain={o.grid.openedPlain} />;
  const exportButton = (
    <Button
      variant="outlined"
      startIcon={<FileDownload />}
      onClick={() => void exportMatches(visibleColumns)}
      disabled={exporting || !query.data?.total}
    >
      {exporting ? t('grid.exporting') : t('grid.export')}
    </Button>
  );
  return { gridProps, bar, viewsMenu, exportButton };
}
