import Inventory2 from '@mui/icons-material/Inventory2';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createContext, use } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateInfo {
  filtered: boolean;
  onReset: () => void;
  onCreate?: () => void;
  typeName: string;
}

export const EmptyStateContext = createContext<EmptyStateInfo | null>(null);

/** The grid's "no rows" overlay: says whether filters hide rows or the register is empty. */
export function EmptyState() {
  const { t } = useTranslation();
  const info = use(EmptyStateContext);
  if (!info) return null;
  return (
    <Stack spacing={1.5} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }}>
      <Inventory2 sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="subtitle1" component="p">
        {info.filtered ? t('items.list.emptyFiltered') : t('items.list.empty', { type: info.typeName })}
      </Typography>
      {/* The overlay sits below the grid's pointer layer; buttons need their own events. */}
      <Stack direction="row" spacing={1} sx={{ pointerEvents: 'auto' }}>
        {info.filtered && (
          <Button variant="outlined" onClick={info.onReset}>
            {t('items.list.resetFilters')}
          </Button>
        )}
        {!info.filtered && info.onCreate && (
          <Button variant="contained" onClick={info.onCreate}>
            {t('items.list.createFirst')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
