import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { NOTIFICATION_KINDS, type Notification } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGrid } from '../../components/data-grid/use-server-grid';
import { ListFilter, ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  linkOf,
  notificationDefaults,
  notificationPageQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotificationCount,
} from './api';

/** /notification: every notification of the user, paged on the server; filter, mark read, open. */
export function NotificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const grid = useServerGrid({ query: notificationPageQuery, defaults: notificationDefaults });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = useUnreadNotificationCount(true).data ?? 0;

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) void navigate({ href: linkOf(n)! });
  };

  const columns = useMemo<GridColDef<Notification>[]>(
    () => [
      {
        field: 'kind',
        headerName: t('notification.kindFilter'),
        flex: 1.2,
        minWidth: 300,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography
            variant="body2"
            component="span"
            sx={{ fontWeight: row.read ? 400 : 700, display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}
          >
            {!row.read && (
              <Box
                component="span"
                aria-label={t('notification.unread')}
                role="img"
                sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'secondary.main', flexShrink: 0 }}
              />
            )}
            {t(`notification.kind.${row.kind}`)}
          </Typography>
        ),
      },
      {
        field: 'about',
        headerName: t('notification.about'),
        flex: 1.4,
        minWidth: 220,
        sortable: false,
        valueGetter: (_v, row) => (row.item ? `${row.item.numberLabel} ${row.item.name}` : (row.subject ?? '')),
      },
      { field: 'companyName', headerName: t('notification.company'), flex: 1, minWidth: 160, sortable: false },
      {
        field: 'createdAt',
        headerName: t('notification.received'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      {
        field: 'actions',
        headerName: '',
        width: 64,
        sortable: false,
        renderCell: ({ row }) =>
          row.read ? null : (
            <Tooltip title={t('notification.markRead')}>
              <IconButton
                size="small"
                aria-label={t('notification.markRead')}
                onClick={(e) => {
                  e.stopPropagation();
                  markRead.mutate(row.id);
                }}
              >
                <MarkEmailRead fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [t, markRead],
  );

  return (
    <>
      <PageHeader
        title={t('section.notification')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAll />}
            disabled={!unread || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onSuccess: () => notify(t('notification.allMarked'), 'success') })}
          >
            {t('notification.markAllRead')}
          </Button>
        }
      />
      <ListToolbar grid={grid} searchLabel={t('notification.search')}>
        <ListFilter
          grid={grid}
          name="show"
          label={t('notification.show')}
          width={180}
          all={t('notification.showEverything')}
          allShown
          options={[['unread', t('notification.showUnread')]]}
        />
        <ListFilter
          grid={grid}
          name="kind"
          label={t('notification.kindFilter')}
          width={280}
          all={t('notification.allKinds')}
          allShown
          options={NOTIFICATION_KINDS.map((kind) => [kind, t(`notification.kind.${kind}`)] as const)}
        />
      </ListToolbar>
      <ServerDataGrid<Notification>
        grid={grid}
        label={t('section.notification')}
        columns={columns}
        pinnedColumns={1}
        onRowClick={({ row }) => open(row)}
        localeText={{ noRowsLabel: t('notification.empty') }}
      />
    </>
  );
}
