import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '@pc/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '../../../components/simple-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { actionsFor, fullName, isExpired, isLocked, type UserAction } from './user-logic';

export interface UserRowsProps {
  users: AdminUser[];
  now: Date;
  labelId: string;
  roleNames: (user: AdminUser) => string[];
  companyNames: (user: AdminUser) => string[];
  onAction: (user: AdminUser, action: UserAction) => void;
}

function ActionsMenu({ user, now, onAction }: { user: AdminUser; now: Date; onAction: UserRowsProps['onAction'] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = actionsFor(user, now);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        aria-label={t('usersAdmin.actionsFor', { name: fullName(user) })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(user, action);
            }}
            sx={action === 'deactivate' || action === 'revoke' ? { color: 'error.main' } : undefined}
          >
            {t(`usersAdmin.action.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function NameCell({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {fullName(user)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
      {user.external && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('usersAdmin.external.from', { company: user.external.homeCompanyName })}
          {' · '}
          {user.external.lastSignInAt
            ? t('usersAdmin.external.lastSignIn', { time: formatDateTime(user.external.lastSignInAt) })
            : t('usersAdmin.external.neverSignedIn')}
        </Typography>
      )}
    </>
  );
}

/** Outlined chips in the dark shade: the main shades are below AA as text on white. */
const outlinedDark = (tone: 'info' | 'warning') => ({ color: `${tone}.dark`, borderColor: `${tone}.dark` });

function ActiveChips({ user, now }: { user: AdminUser; now: Date }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {user.external && <Chip size="small" variant="outlined" label={t('usersAdmin.state.external')} sx={outlinedDark('info')} />}
      {user.external?.grants.some((g) => g.suspendedAt) && (
        <Chip
          size="small"
          color="warning"
          label={t('usersAdmin.state.grantSuspended')}
          sx={{ bgcolor: 'warning.dark', color: 'common.white' }}
        />
      )}
      {user.pendingEmail && (
        <Chip
          size="small"
          variant="outlined"
          label={t('usersAdmin.state.pendingEmail', { email: user.pendingEmail })}
          sx={outlinedDark('warning')}
        />
      )}
      {user.isActive ? (
        <Chip size="small" color="success" label={t('usersAdmin.state.active')} sx={{ bgcolor: 'success.dark' }} />
      ) : (
        <Chip size="small" variant="outlined" label={t('usersAdmin.state.inactive')} />
      )}
      {isExpired(user, now) && <Chip size="small" color="error" label={t('usersAdmin.state.expired')} />}
      {!user.hasPassword && (
        <Chip size="small" variant="outlined" label={t('usersAdmin.state.invited')} sx={outlinedDark('info')} />
      )}
      {user.mustChangePassword && (
        <Chip size="small" variant="outlined" label={t('usersAdmin.state.mustChangePassword')} sx={outlinedDark('warning')} />
      )}
      {user.twoFactorEnabled && <Chip size="small" variant="outlined" label={t('usersAdmin.state.twoFactor')} />}
    </Stack>
  );
}

function LockedCell({ user, now }: { user: AdminUser; now: Date }) {
  const { t } = useTranslation();
  if (!isLocked(user, now)) return <>{t('usersAdmin.state.notLocked')}</>;
  return (
    <Chip
      size="small"
      color="warning"
      sx={{ bgcolor: 'warning.dark', color: 'common.white' }}
      label={t('usersAdmin.state.lockedUntil', { time: formatDateTime(user.lockedUntil) })}
    />
  );
}

const list = (items: string[]) => (items.length ? items.join(', ') : '–');

export function UserTable({ users, now, labelId, roleNames, companyNames, onAction }: UserRowsProps) {
  const { t } = useTranslation();
  return (
    <SimpleTable
      labelledBy={labelId}
      inset={[3, 2]}
      topAligned
      columns={[
        t('usersAdmin.column.name'),
        t('usersAdmin.column.roles'),
        t('usersAdmin.column.companies'),
        t('usersAdmin.column.active'),
        t('usersAdmin.column.locked'),
        { label: t('usersAdmin.column.validUntil'), sx: { whiteSpace: 'nowrap' } },
        { label: t('usersAdmin.column.actions'), align: 'right', hidden: true },
      ]}
    >
      {users.map((user) => (
        <TableRow key={user.id} hover data-user={user.email}>
          <TableCell sx={{ minWidth: 200 }}>
            <NameCell user={user} />
          </TableCell>
          <TableCell>{list(roleNames(user))}</TableCell>
          <TableCell sx={{ maxWidth: 260 }}>{list(companyNames(user))}</TableCell>
          <TableCell sx={{ minWidth: 120 }}>
            <ActiveChips user={user} now={now} />
          </TableCell>
          <TableCell>
            <LockedCell user={user} now={now} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.validUntil ? formatDate(user.validUntil) : '–'}</TableCell>
          <TableCell align="right" sx={{ py: '2px !important' }}>
            <ActionsMenu user={user} now={now} onAction={onAction} />
          </TableCell>
        </TableRow>
      ))}
    </SimpleTable>
  );
}

/** Phones: one block per user instead of a seven-column table. */
export function UserList({ users, now, labelId, roleNames, companyNames, onAction }: UserRowsProps) {
  const { t } = useTranslation();
  const pair = (label: string, value: ReactNode) => (
    <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
  return (
    <Box component="ul" aria-labelledby={labelId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {users.map((user) => (
        <Box
          component="li"
          key={user.id}
          data-user={user.email}
          sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
        >
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <NameCell user={user} />
            </Box>
            <Box sx={{ mt: -0.5, mr: -1 }}>
              <ActionsMenu user={user} now={now} onAction={onAction} />
            </Box>
          </Stack>
          <Box sx={{ mt: 0.75 }}>
            <ActiveChips user={user} now={now} />
          </Box>
          {pair(t('usersAdmin.column.roles'), list(roleNames(user)))}
          {pair(t('usersAdmin.column.companies'), list(companyNames(user)))}
          {isLocked(user, now) && (
            <Box sx={{ mt: 0.75 }}>
              <LockedCell user={user} now={now} />
            </Box>
          )}
          {user.validUntil && pair(t('usersAdmin.column.validUntil'), formatDate(user.validUntil))}
        </Box>
      ))}
    </Box>
  );
}
