import Box from '@mui/material/Box';
import type { KeyboardEvent } from 'react';
import type { RowComponentProps } from 'react-window';
import { AllCompaniesTile, CompanyTile } from './company-tile';
import type { ScopeEntry } from './scope-entries';

export interface ScopeRowProps {
  entries: ScopeEntry[];
  scopeId: string | null;
  tabbableIndex: number;
  onChoose: (entry: ScopeEntry) => void;
  onTileKeyDown: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  onTileFocus: (index: number) => void;
}

/** One virtual row of the scope list (react-window renders only the visible ones). */
export function ScopeRow({ index, style, ariaAttributes, ...props }: RowComponentProps<ScopeRowProps>) {
  const entry = props.entries[index];
  if (!entry) return null;
  const tile = {
    index,
    tabbable: index === props.tabbableIndex,
    onSelect: () => props.onChoose(entry),
    onKeyDown: props.onTileKeyDown,
    onFocus: props.onTileFocus,
  };
  return (
    <Box style={style} {...ariaAttributes} sx={{ px: 2, py: 0.5 }}>
      {entry.kind === 'all' ? (
        <AllCompaniesTile {...tile} selected={props.scopeId === null} />
      ) : (
        <CompanyTile {...tile} company={entry.company} selected={entry.company.id === props.scopeId} />
      )}
    </Box>
  );
}
