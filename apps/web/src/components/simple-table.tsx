import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

export interface TableColumn {
  label: string;
  /** Named for screen readers only: a column of buttons needs no visible heading. */
  hidden?: boolean;
  align?: 'right';
  padding?: 'checkbox';
  sx?: SxProps<Theme>;
}

interface SimpleTableProps {
  /** The header row: a plain string is a plain column. */
  columns: readonly (string | TableColumn)[];
  /** The body rows. */
  children: ReactNode;
  label?: string;
  labelledBy?: string;
  /** Padding of the first and last column (theme spacing), where the table meets a card's edge. */
  inset?: readonly [start: number, end: number];
  /** Rows of several lines: cells start at the top, with a little more room. */
  topAligned?: boolean;
  minWidth?: number;
  /** Every cell on one line: the table keeps its columns' widths and a narrow screen scrolls it sideways. */
  noWrap?: boolean;
  /** A table in a box of its own height: the header stays, the box scrolls and is reachable by keyboard. */
  maxHeight?: number;
}

/**
 * A small read-only table that is no DataGrid: header row, rows, a scrolling container. The
 * container is positioned, so a visually hidden heading scrolls with the table instead of widening the page.
 */
export function SimpleTable({
  columns,
  children,
  label,
  labelledBy,
  inset,
  topAligned,
  minWidth,
  noWrap,
  maxHeight,
}: SimpleTableProps) {
  const scrolls = maxHeight !== undefined;
  return (
    <TableContainer
      {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': label })}
      sx={{ position: 'relative', ...(scrolls && { maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }) }}
    >
      <Table
        size="small"
        stickyHeader={scrolls}
        aria-label={label}
        aria-labelledby={labelledBy}
        sx={{
          minWidth,
          ...(inset && {
            '& th:first-of-type, & td:first-of-type': { pl: inset[0] },
            '& th:last-of-type, & td:last-of-type': { pr: inset[1] },
          }),
          ...(topAligned && { '& td': { verticalAlign: 'top', py: 1.25 } }),
          ...(noWrap && { '& td, & th': { whiteSpace: 'nowrap' } }),
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const c = typeof column === 'string' ? { label: column } : column;
              return (
                <TableCell key={c.label} align={c.align} padding={c.padding} sx={c.sx}>
                  {c.hidden ? (
                    <Box component="span" sx={visuallyHidden}>
                      {c.label}
                    </Box>
                  ) : (
                    c.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
