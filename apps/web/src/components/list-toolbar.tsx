import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import type { GridView } from './data-grid/use-server-grid';
import type { DateRange } from './date-range';
import { DateRangeFilter } from './date-range-filter';
import { SearchField } from './search-field';

interface ListToolbarProps {
  grid: {
    view: GridView;
    setView: (patch: Partial<GridView>) => void;
    searchText: string;
    setSearchText: (text: string) => void;
  };
  /** The quick search's label; lists whose endpoint has no text search have no field. */
  searchLabel?: string;
  /** The page's own filters, after the search field. */
  children?: ReactNode;
  /** A date-range filter at the end, for lists that have one. */
  range?: { label?: string; fromLabel?: string; untilLabel?: string };
}

/** The bar above a server-paged list: quick search (debounced by the grid), the page's filters, a date range. */
export function ListToolbar({ grid, searchLabel, children, range }: ListToolbarProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      {searchLabel && (
        <SearchField
          label={searchLabel}
          value={grid.searchText}
          onChange={(e) => grid.setSearchText(e.target.value)}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
      )}
      {children}
      {range && (
        <>
          <Box sx={{ flexGrow: 1, display: { xs: 'none', lg: 'block' } }} />
          <DateRangeFilter
            value={grid.view.range}
            onChange={(value: DateRange) => grid.setView({ range: value })}
            label={range.label}
            fromLabel={range.fromLabel}
            untilLabel={range.untilLabel}
          />
        </>
      )}
    </Paper>
  );
}
