import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import type { GridView } from './data-grid/use-server-grid';
import type { DateRange } from './date-range';
import { DateRangeFilter } from './date-range-filter';
import { SearchField } from './search-field';

interface ViewState {
  view: GridView;
  setView: (patch: Partial<GridView>) => void;
}

interface ListToolbarProps {
  grid: ViewState & {
    searchText: string;
    setSearchText: (text: string) => void;
  };
  /** The quick search's label; lists whose endpoint has no text search have no field. */
  searchLabel?: string;
  /** The page's own filters, after the search field. */
  children?: ReactNode;
  /** A date-range filter at the end, for lists that have one. */
  range?: { label?: string; fromLabel?: string; untilLabel?: string };
  /**
   * On a phone, the page's filters and the date range wait behind a button (its label names how
   * many are set) beside the quick search, so that the list starts near the top of the screen.
   */
  phoneButton?: { label: string; active: number };
}

/** The bar above a server-paged list: quick search (debounced by the grid), the page's filters, a date range. */
export function ListToolbar({ grid, searchLabel, children, range, phoneButton }: ListToolbarProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const behindButton = phone && phoneButton !== undefined;
  const filters = (
    <>
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
    </>
  );
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
          sx={behindButton ? { flex: 1, minWidth: 0 } : { width: { xs: '100%', sm: 260 } }}
        />
      )}
      {behindButton ? (
        <>
          <Button
            variant={phoneButton.active > 0 ? 'contained' : 'outlined'}
            startIcon={<FilterList />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            sx={{ alignSelf: 'stretch', flexShrink: 0 }}
          >
            {phoneButton.label}
          </Button>
          <Collapse in={open} id={panelId} sx={{ width: '100%' }} unmountOnExit>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>{filters}</Box>
          </Collapse>
        </>
      ) : (
        filters
      )}
    </Paper>
  );
}

/**
 * One of a list's own filters in its toolbar: a choice kept as one URL parameter of the view.
 * Choosing may change other filters too (a company drops a project of another company).
 */
export function ListFilter({
  grid,
  name,
  label,
  width,
  options,
  all,
  allShown = false,
  onPick = (value) => ({ [name]: value }),
}: {
  grid: ViewState;
  name: string;
  label: string;
  width: number;
  options: readonly (readonly [value: string, label: string])[];
  /** The "no filter" entry (value ''); none for a filter that always holds a value (a grouping). */
  all?: string;
  /** The "no filter" entry shows as the field's value, rather than an empty field with its label inside. */
  allShown?: boolean;
  onPick?: (value: string) => Record<string, string>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={grid.view.filters[name] ?? ''}
      onChange={(e) => grid.setView({ filters: onPick(e.target.value) })}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={allShown ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {all !== undefined && <MenuItem value="">{all}</MenuItem>}
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
