import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminUser, Role } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { SearchField } from '../../../components/search-field';
import { useNow } from '../../../components/use-now';
import { useGrantableRoles } from '../../../lib/invitations';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import {
  revokeGrant,
  rolesKey,
  runUserCommand,
  saveGrant,
  saveUser,
  type UserInput,
  useCompanyOptions,
  useRoleOptions,
  usersKey,
  useUsers,
} from './api';
import { GrantDialog } from './grant-dialog';
import { UserDialog } from './user-dialog';
import { companyNamesOf, emptyInput, fullName, inputOf, matchesQuery, needsConfirmation, type UserAction } from './user-logic';
import { UserList, UserTable } from './user-rows';

type Editing = { user: AdminUser | null } | null;
type Pending = { user: AdminUser; action: Exclude<UserAction, 'edit' | 'grant'> } | null;
type External = AdminUser & { external: NonNullable<AdminUser['external']> };

/** Built-in roles carry a key and get a translated name; custom roles keep theirs. */
export function roleLabel(t: TFunction, role: Pick<Role, 'key' | 'name'>): string {
  return role.key ? t([`rolesAdmin.builtIn.${role.key}`, role.name]) : role.name;
}

/** /administration/users: list, create (with invitation mail), edit and the account actions. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const queryClient = useQueryClient();
  const captionId = useId();
  const now = useNow();
  const ownCompanyId = useSession((s) => s.me?.companyId ?? '');
  const users = useUsers();
  const roles = useRoleOptions();
  const companies = useCompanyOptions();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [granting, setGranting] = useState<External | null>(null);
  const grantable = useGrantableRoles(!!granting);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The confirmation keeps its text while it fades out.
  const lastPending = useRef<Pending>(null);
  if (pending) lastPending.current = pending;
  const asked = pending ?? lastPending.current;

  const companyName = useMemo(() => new Map((companies.data ?? []).map((c) => [c.id, c.name])), [companies.data]);
  const roleById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const roleNames = (user: AdminUser) =>
    (user.external ? user.external.grants.flatMap((g) => g.roleIds) : user.roleIds)
      .map((id) => roleById.get(id))
      .flatMap((r) => (r ? [roleLabel(t, r)] : []))
      .sort((a, b) => a.localeCompare(b));
  const companyNames = (user: AdminUser) => companyNamesOf(user, companyName);
  const shown = (users.data ?? []).filter((u) => matchesQuery(u, query, [...companyNames(u), ...roleNames(u)]));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: usersKey });
    void queryClient.invalidateQueries({ queryKey: rolesKey });
  };

  const run = async (user: AdminUser, action: Exclude<UserAction, 'edit' | 'grant'>) => {
    setBusy(true);
    setFailure(null);
    try {
      if (action === 'revoke') {
        for (const g of user.external?.grants ?? []) await revokeGrant(user.id, g.companyId);
      } else if (action === 'deactivate' || action === 'activate') {
        await saveUser(user.id, { ...inputOf(user), isActive: action === 'activate' });
      } else {
        await runUserCommand(user.id, action);
      }
      notify(t(`usersAdmin.done.${action}`, { name: fullName(user) }), 'success');
      refresh();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const onAction = (user: AdminUser, action: UserAction) => {
    if (action === 'edit') setEditing({ user });
    else if (action === 'grant') setGranting(user.external ? { ...user, external: user.external } : null);
    else if (needsConfirmation(action)) setPending({ user, action });
    else void run(user, action);
  };

  const save = async (user: AdminUser | null, values: UserInput, ifMatch?: number) => {
    setFailure(null);
    const saved = await saveUser(user?.id ?? null, values, ifMatch);
    notify(user ? t('usersAdmin.done.saved') : t('usersAdmin.done.created', { email: values.email }), 'success');
    refresh();
    return saved;
  };

  const loadError = users.error ?? roles.error ?? companies.error;
  const ready = users.data && roles.data && companies.data;
  const rowProps = { users: shown, now, labelId: captionId, roleNames, companyNames, onAction };

  return (
    <PickersProvider>
      <PageHeader
        title={t('section.users')}
        actions={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            <SearchField
              variant="outlined"
              label={t('usersAdmin.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
            <Button
              variant="contained"
              startIcon={<PersonAdd />}
              disabled={!ready}
              onClick={() => setEditing({ user: null })}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {t('usersAdmin.create')}
            </Button>
          </Box>
        }
      />
      <Card>
        <Box sx={{ height: 4 }}>{users.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
        <Typography id={captionId} variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
          {t('usersAdmin.caption')}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert" onClose={() => setFailure(null)} sx={{ mx: 2, mb: 2 }}>
            {failure}
          </Alert>
        )}
        {loadError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {errorText(t, loadError)}
          </Alert>
        )}
        {ready && (phone ? <UserList {...rowProps} /> : <UserTable {...rowProps} />)}
        {ready && shown.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center', borderTop: '1px solid', borderColor: 'divider' }}>
            {t('usersAdmin.empty')}
          </Typography>
        )}
      </Card>
      {editing && ready && (
        <UserDialog
          user={editing.user}
          initial={
            editing.user
              ? inputOf(editing.user)
              : emptyInput(ownCompanyId, (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de')
          }
          roles={roles.data ?? []}
          companies={companies.data ?? []}
          roleName={(r) => roleLabel(t, r)}
          onSave={(values, ifMatch) => save(editing.user, values, ifMatch)}
          onClose={() => setEditing(null)}
        />
      )}
      {granting && grantable.data && (
        <GrantDialog
          user={granting}
          roles={grantable.data}
          roleName={(r) => roleLabel(t, r)}
          onSave={async (companyId, roleIds) => {
            await saveGrant(granting.id, { companyId, roleIds });
            notify(t('usersAdmin.done.grant', { name: fullName(granting) }), 'success');
            refresh();
          }}
          onClose={() => setGranting(null)}
        />
      )}
      <ConfirmDialog
        open={!!pending}
        busy={busy}
        danger={asked?.action === 'deactivate' || asked?.action === 'reset-two-factor' || asked?.action === 'revoke'}
        title={asked ? t(`usersAdmin.confirm.${asked.action}.title`) : ''}
        text={
          asked
            ? t(`usersAdmin.confirm.${asked.action}.text`, {
                name: fullName(asked.user),
                email: asked.user.email,
                companies: asked.user.external?.grants.map((g) => g.companyName).join(', ') ?? '',
              })
            : ''
        }
        confirmLabel={asked ? t(`usersAdmin.action.${asked.action}`) : ''}
        onConfirm={() => pending && void run(pending.user, pending.action)}
        onClose={() => setPending(null)}
      />
    </PickersProvider>
  );
}
