import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  /** Rows chosen one by one, or null when every match of the filter is chosen. */
  count: number | null;
  /** Rows the list's filter matches. */
  total: number;
  /** Every row of the page is chosen: offer the whole list's matches. */
  pageChosen: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  /** The actions on the chosen rows. */
  children: ReactNode;
}

/**
 * The bar above a list while rows are chosen: how many, "all N matches" once a whole page is
 * chosen, the actions, and a way out. A region with its own name, so screen readers find it.
 */
export function SelectionBar({ count, total, pageChosen, onSelectAll, onClear, children }: SelectionBarProps) {
  const { t } = useTranslation();
  const chosen = count ?? total;
  return (
    <Paper
      role="region"
      aria-label={t('grid.selection.region')}
      variant="outlined"
      sx={{
        mb: 1.5,
        px: { xs: 1, sm: 1.5 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        // The paper's own white keeps the actions' colours (the red delete) readable.
        bgcolor: 'background.paper',
        borderColor: 'primary.main',
        borderLeftWidth: 4,
      }}
    >
      <Tooltip title={t('grid.selection.clear')}>
        <IconButton size="small" onClick={onClear} aria-label={t('grid.selection.clear')}>
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
      <Typography variant="body2" sx={{ fontWeight: 650 }} aria-live="polite">
        {count === null ? t('grid.selection.allChosen', { count: total }) : t('grid.selection.chosen', { count: chosen })}
      </Typography>
      {count !== null && pageChosen && total > count && (
        <Button size="small" onClick={onSelectAll}>
          {t('grid.selection.selectAll', { count: total })}
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>{children}</Box>
    </Paper>
  );
}
