import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type Item, itemStatuses } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip, StatusDot, statusLabel, urgencyOf } from '../../../components/status-chip';

/**
 * A row's status, changeable in place where the server's rights on the item allow it: the chip
 * opens a menu of the statuses. Clicks and keys stay in the cell (the row would open the item).
 */
export function StatusCell({ item, onStatus }: { item: Item; onStatus?: (item: Item, status: number) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!onStatus || !item.rights.write) return <StatusChip status={item.status} urgency={urgencyOf(item)} />;
  const label = t('items.list.changeStatus', { status: statusLabel(t, item.status, urgencyOf(item)), name: item.name });
  return (
    <>
      <Tooltip title={t('items.list.changeStatusTip')}>
        <ButtonBase
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => {
            e.stopPropagation();
            setAnchor(e.currentTarget);
          }}
          onKeyDown={(e) => e.stopPropagation()}
          sx={{ borderRadius: 4, maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        >
          <StatusChip status={item.status} urgency={urgencyOf(item)} />
          <ArrowDropDown fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        </ButtonBase>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      >
        {itemStatuses.map((s) => (
          <MenuItem
            key={s.code}
            selected={s.code === item.status}
            onClick={() => {
              setAnchor(null);
              if (s.code !== item.status) onStatus(item, s.code);
            }}
          >
            <StatusDot status={s.code} />
            <ListItemText primary={t(`status.${s.name}`)} sx={{ ml: 1 }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
