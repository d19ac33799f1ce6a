import Add from '@mui/icons-material/Add';
import CallMade from '@mui/icons-material/CallMade';
import CallReceived from '@mui/icons-material/CallReceived';
import Delete from '@mui/icons-material/Delete';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import type { Invitation, InvitationPurpose } from '@pc/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { DialogFrame } from '../../components/dialog-frame';
import { InvitationAnswers } from '../../components/invitation-answers';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate } from '../../lib/format';
import { type InvitationAction, useInvitationActions, useInvitations } from '../../lib/invitations';
import { useSession } from '../../lib/session/session-store';
import { InvitationDialog } from './invitation-dialog';
import { statusText } from './logic';

type T = ReturnType<typeof useTranslation>['t'];

/** Sender: the recipient's address; recipient: the sending company and person. */
const counterpart = (row: Invitation) => (row.role === 'Sender' ? row.recipient : `${row.companyName} (${row.sender})`);

function SenderMenu({ row, t, onAction }: { row: Invitation; t: T; onAction: (a: InvitationAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is disabled for the recipient.
  const disabled = row.role !== 'Sender' || !(row.rights.resend || row.rights.withdraw);
  return (
    <>
      <Tooltip title={t('invitation.menu')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled}
            aria-label={t('invitation.menuFor', { name: counterpart(row) })}
            aria-haspopup="menu"
            onClick={(e) => {
              e.stopPropagation();
              setAnchor(e.currentTarget);
            }}
          >
            <MoreVert fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {(['resend', 'withdraw'] as const).map((action) => (
          <MenuItem
            key={action}
            disabled={!row.rights[action]}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            <ListItemText>{action === 'resend' ? t('invitation.resend.action') : t('invitation.withdraw.action')}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** /invitation: the user's incoming and outgoing invitations, 15 per page. */
export function InvitationPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  // On a phone the recipient or sender comes right after the purpose; direction and dates are in
  // the detail dialog a tap away.
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const me = useSession((s) => s.me);
  const navigate = useNavigate();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const list = useInvitations();
  const { run, busy } = useInvitationActions();
  const [confirm, setConfirm] = useState<{ row: Invitation; action: 'withdraw' | 'remove' } | null>(null);
  const [shown, setShown] = useState<Invitation | null>(null);
  const rights = { canInviteDpo: !!me?.canInviteDpo, canInviteClient: !!me?.canInviteClient };
  const mayInvite = rights.canInviteDpo || rights.canInviteClient;
  // The dashboard's invite buttons open the dialog through ?new=AsDpo|AsClient.
  const requested = search.new === 'AsDpo' || search.new === 'AsClient' ? (search.new as InvitationPurpose) : null;
  const allowed = requested && (requested === 'AsDpo' ? rights.canInviteDpo : rights.canInviteClient) ? requested : null;
  const [creating, setCreating] = useState<InvitationPurpose | 'default' | null>(allowed);
  const closeDialog = () => {
    setCreating(null);
    if (requested) void navigate({ to: '/invitation', search: {}, replace: true });
  };

  const columns = useMemo<GridColDef<Invitation>[]>(
    () => [
      {
        field: 'role',
        headerName: t('invitation.column.direction'),
        width: 100,
        sortable: false,
        renderCell: ({ row }) => {
          const label = t(`invitation.direction.${row.role}`);
          return (
            <Tooltip title={label}>
              <Box component="span" role="img" aria-label={label} sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                {row.role === 'Recipient' ? <CallReceived color="primary" /> : <CallMade color="action" />}
              </Box>
            </Tooltip>
          );
        },
      },
      {
        field: 'purpose',
        headerName: t('invitation.column.purpose'),
        minWidth: phone ? 130 : 215,
        flex: 1,
        valueGetter: (_v, row) => t(`invitation.purpose.${row.purpose}`),
      },
      {
        field: 'counterpart',
        headerName: t('invitation.column.counterpart'),
        minWidth: phone ? 210 : 250,
        flex: 1.4,
        // A DPO or an agency sends for several companies: a sent row names the one it was sent for.
        valueGetter: (_v, row) =>
          row.role === 'Sender'
            ? `${row.recipient} (${t('invitation.sentForCompany', { company: row.companyName })})`
            : counterpart(row),
        renderCell: ({ row, value }) =>
          row.role === 'Sender' ? (
            <Box sx={{ py: 1, lineHeight: 1.4 }}>
              <Box component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
                {row.recipient}
              </Box>
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                {t('invitation.sentForCompany', { company: row.companyName })}
              </Box>
            </Box>
          ) : (
            value
          ),
      },
      {
        field: 'creationDate',
        headerName: t('invitation.column.created'),
        width: 110,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'sentDate',
        headerName: t('invitation.column.sent'),
        width: 115,
        valueGetter: (_v, row) => (row.sentDate ? formatDate(row.sentDate) : t('invitation.unsent')),
      },
      {
        field: 'status',
        headerName: t('invitation.column.status'),
        minWidth: 150,
        flex: 0.8,
        valueGetter: (_v, row) => statusText(t, row),
      },
      {
        field: 'actions',
        headerName: t('invitation.column.actions'),
        width: 275,
        sortable: false,
        renderCell: ({ row }) => {
          const working = busy?.id === row.id;
          return (
            <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
              <InvitationAnswers invitation={row} actions={{ run, busy }} />
              {row.rights.delete && (
                <Tooltip title={t('invitation.delete.action')}>
                  <IconButton
                    size="small"
                    aria-label={t('invitation.delete.actionFor', { name: counterpart(row) })}
                    disabled={working}
                    onClick={() => setConfirm({ row, action: 'remove' })}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <SenderMenu
                row={row}
                t={t}
                onAction={(a) => (a === 'withdraw' ? setConfirm({ row, action: 'withdraw' }) : void run(row, a))}
              />
            </Stack>
          );
        },
      },
    ],
    [t, busy, run, phone],
  );

  return (
    <>
      <PageHeader
        title={t('section.invitation')}
        actions={
          mayInvite && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating('default')}>
              {t('invitation.add')}
            </Button>
          )
        }
      />
      <RetryAlert query={list}>{t('invitation.loadFailed')}</RetryAlert>
      <AppDataGrid<Invitation>
        label={t('section.invitation')}
        rows={list.data ?? []}
        columns={columns}
        loading={list.isLoading}
        pageSizeOptions={[15, 25, 50]}
        initialState={{ pagination: { paginationModel: { pageSize: 15 } } }}
        columnVisibilityModel={phone ? { role: false, creationDate: false, sentDate: false } : {}}
        autoHeight
        // German purposes and company names are long: they wrap onto a second line instead of an ellipsis.
        getRowHeight={() => 'auto'}
        sx={{
          '& .MuiDataGrid-cell': { whiteSpace: 'normal', lineHeight: 1.35, display: 'flex', alignItems: 'center', py: 1 },
          '& .MuiDataGrid-row': { minHeight: '56px !important', cursor: 'pointer' },
        }}
        onRowClick={({ row }) => setShown(row)}
        localeText={{ noRowsLabel: t('invitation.empty') }}
      />
      {creating && (
        <InvitationDialog rights={rights} purpose={creating === 'default' ? undefined : creating} onClose={closeDialog} />
      )}
      {shown && (
        <DialogFrame
          title={t(`invitation.purpose.${shown.purpose}`)}
          onClose={() => setShown(null)}
          actions={<Button onClick={() => setShown(null)}>{t('common.close')}</Button>}
        >
          <Stack spacing={1.5}>
            <Typography>
              <strong>{t('invitation.detail.from')}:</strong> {shown.companyName} ({shown.sender})
            </Typography>
            <Typography>
              <strong>{t('invitation.detail.to')}:</strong> {shown.recipient}
            </Typography>
            <Typography>
              <strong>{t('invitation.column.status')}:</strong> {statusText(t, shown)}
            </Typography>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}>
              {shown.message || t('invitation.detail.noMessage')}
            </Typography>
          </Stack>
        </DialogFrame>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'withdraw' ? t('invitation.withdraw.title') : t('invitation.delete.title')}
        text={
          confirm?.action === 'withdraw'
            ? t('invitation.withdraw.text', { recipient: confirm.row.recipient })
            : t('invitation.delete.text', { name: confirm ? counterpart(confirm.row) : '' })
        }
        confirmLabel={confirm?.action === 'withdraw' ? t('invitation.withdraw.action') : t('invitation.delete.action')}
        danger
        busy={busy !== null}
        onConfirm={() => {
          if (!confirm) return;
          void run(confirm.row, confirm.action).then(() => setConfirm(null));
        }}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
