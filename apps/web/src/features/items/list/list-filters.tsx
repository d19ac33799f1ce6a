import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { itemStatuses } from '@pc/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckMark } from '../../../components/check-mark';
import type { ServerGrid } from '../../../components/data-grid/use-server-grid';
import { ListToolbar } from '../../../components/list-toolbar';
import { StatusDot } from '../../../components/status-chip';
import { statusesOf } from './list-state';

/** The status filter of a list over items: any number of statuses, none meaning all. */
function StatusSelect({ statuses, onStatuses }: { statuses: readonly number[]; onStatuses: (statuses: number[]) => void }) {
  const { t } = useTranslation();
  const statusLabelId = useId();
  return (
    <FormControl size="small" sx={{ width: { xs: '100%', sm: 210 } }}>
      <InputLabel id={statusLabelId}>{t('items.field.status')}</InputLabel>
      <Select
        labelId={statusLabelId}
        multiple
        value={[...statuses]}
        onChange={(e) => onStatuses(typeof e.target.value === 'string' ? [] : e.target.value)}
        renderValue={(selected) =>
          selected.length === 0
            ? t('items.list.allStatuses')
            : selected.map((code) => t(`status.${itemStatuses.find((s) => s.code === code)?.name}`)).join(', ')
        }
      >
        {itemStatuses.map((s) => (
          <MenuItem key={s.code} value={s.code} dense>
            <Box component="span" sx={{ display: 'flex', p: 0.5, mr: 1 }}>
              <CheckMark checked={statuses.includes(s.code)} />
            </Box>
            <StatusDot status={s.code} />
            <ListItemText primary={t(`status.${s.name}`)} sx={{ ml: 1 }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Quick search, status filter and the due-date range of a register, over its server grid's view. */
export function RegisterFilters({ grid, children }: { grid: ServerGrid<unknown>; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListToolbar
      grid={grid}
      searchLabel={t('items.list.search')}
      range={{ label: t('items.field.dueDate'), fromLabel: t('items.list.dueFrom'), untilLabel: t('items.list.dueUntil') }}
    >
      <StatusSelect
        statuses={statusesOf(grid.view)}
        onStatuses={(codes) => grid.setView({ filters: { status: [...codes].sort((a, b) => a - b).join(',') } })}
      />
      {children}
    </ListToolbar>
  );
}
