import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Notification } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  linkOf,
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotificationCount,
} from './api';
import { notificationLine } from './notification-text';

/** The toolbar's bell: unread count, and a panel with the latest notifications. */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useUnreadNotificationCount(enabled).data ?? 0;
  const latest = useLatestNotifications(enabled && anchor !== null);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  // The server counts up to 100: the badge then reads 99+, the label "more than 99".
  const label =
    count > 99 ? t('notification.bellUnreadMany') : count ? t('notification.bellUnread', { count }) : t('notification.title');

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    const href = linkOf(n);
    setAnchor(null);
    if (href) void navigate({ href });
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={count || undefined} color="secondary" invisible={!count} max={99}>
            <NotificationsNone />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' }, role: 'dialog', 'aria-label': t('notification.title') },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {t('notification.title')}
          </Typography>
          <Button size="small" disabled={!count || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notification.markAllRead')}
          </Button>
        </Box>
        <Divider />
        {latest.data && latest.data.items.length === 0 && (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            {t('notification.empty')}
          </Typography>
        )}
        <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {latest.data?.items.map((n) => (
            // A list holds list items only: the button sits inside one.
            <ListItem key={n.id} disablePadding>
              <ListItemButton
                onClick={() => open(n)}
                sx={{ alignItems: 'flex-start', bgcolor: n.read ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={t(`notification.kind.${n.kind}`)}
                  secondary={`${notificationLine(n)}${n.companyName} · ${new Date(n.createdAt).toLocaleString(i18n.language)}`}
                  slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <Box sx={{ px: 1, py: 0.5, display: 'flex', justifyContent: 'center' }}>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              void navigate({ to: '/notification' });
            }}
          >
            {t('notification.showAll')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
