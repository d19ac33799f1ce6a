import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Role } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { deleteRole, type RoleInput, saveRole, useRoles } from './api';
import { RoleDialog } from './role-dialog';

const roleName = (t: TFunction, role: Role) => (role.key ? t([`rolesAdmin.builtIn.${role.key}`, role.name]) : role.name);

interface RoleListProps {
  roles: Role[];
  title: string;
  caption: string;
  empty?: string;
  onOpen: (role: Role) => void;
  onDelete: (role: Role) => void;
}

function RoleList({ roles, title, caption, empty, onOpen, onDelete }: RoleListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {caption}
        </Typography>
      </Box>
      {roles.length === 0 && empty && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 3, borderTop: '1px solid', borderColor: 'divider' }}>
          {empty}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {roles.map((role) => {
          const name = roleName(t, role);
          return (
            <Box
              component="li"
              key={role.id}
              data-role={role.name}
              sx={{
                px: { xs: 2, sm: 3 },
                py: 1.5,
                borderTop: '1px solid',
                borderColor: 'divider',
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                rowGap: 1,
              }}
            >
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  <Chip size="small" variant="outlined" label={t('rolesAdmin.claimCount', { count: role.claims.length })} />
                  <Chip size="small" variant="outlined" label={t('rolesAdmin.userCount', { count: role.userCount })} />
                </Stack>
              </Box>
              <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => onOpen(role)}
                  aria-label={`${role.rights.write ? t('rolesAdmin.edit') : t('rolesAdmin.view')}: ${name}`}
                >
                  {role.rights.write ? t('rolesAdmin.edit') : t('rolesAdmin.view')}
                </Button>
                {role.rights.delete && (
                  <Button
                    variant="outlined"
                    size="small"
                    color="error"
                    onClick={() => onDelete(role)}
                    aria-label={`${t('rolesAdmin.delete')}: ${name}`}
                  >
                    {t('rolesAdmin.delete')}
                  </Button>
                )}
              </Stack>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}

/** /administration/roles: built-in roles (read-only) and the tenant's own roles built from claims. */
export function RolesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useRoles();
  const claims = useSession((s) => s.me?.claims);
  const held = useMemo(() => new Set(claims ?? []), [claims]);
  const [open, setOpen] = useState<{ role: Role | null } | null>(null);
  const [toDelete, setToDelete] = useState<Role | null>(null);
  const lastDelete = useRef<Role | null>(null);
  if (toDelete) lastDelete.current = toDelete;
  const asked = toDelete ?? lastDelete.current;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const builtIn = (roles.data ?? []).filter((r) => r.builtIn);
  const custom = (roles.data ?? []).filter((r) => !r.builtIn);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const save = async (role: Role | null, values: RoleInput, ifMatch?: number) => {
    const saved = await saveRole(role?.id ?? null, values, ifMatch);
    notify(t('rolesAdmin.saved', { name: values.name }), 'success');
    await refresh();
    return saved;
  };

  const remove = async (role: Role) => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteRole(role.id);
      notify(t('rolesAdmin.deleted', { name: role.name }), 'success');
      await refresh();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('section.roles')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setOpen({ role: null })}
            // Creating is decided by the route's claim rule; existing roles carry their rights.
            disabled={!roles.data || !held.has('Role.Write')}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('rolesAdmin.create')}
          </Button>
        }
      />
      <Box sx={{ height: 4, mb: 1 }}>{roles.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {roles.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(t, roles.error)}
        </Alert>
      )}
      {roles.data && (
        <>
          <RoleList
            roles={custom}
            title={t('rolesAdmin.customTitle')}
            caption={t('rolesAdmin.customCaption')}
            empty={t('rolesAdmin.customEmpty')}
            onOpen={(role) => setOpen({ role })}
            onDelete={setToDelete}
          />
          <RoleList
            roles={builtIn}
            title={t('rolesAdmin.builtInTitle')}
            caption={t('rolesAdmin.builtInCaption')}
            onOpen={(role) => setOpen({ role })}
            onDelete={setToDelete}
          />
        </>
      )}
      {open && (
        <RoleDialog
          role={open.role}
          title={
            open.role
              ? open.role.rights.write
                ? t('rolesAdmin.editTitle')
                : t('rolesAdmin.viewTitle', { name: roleName(t, open.role) })
              : t('rolesAdmin.createTitle')
          }
          held={held}
          onSave={(values, ifMatch) => save(open.role, values, ifMatch)}
          onClose={() => setOpen(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        busy={busy}
        danger
        title={t('rolesAdmin.deleteTitle')}
        text={asked ? t('rolesAdmin.deleteText', { name: asked.name, count: asked.userCount }) : ''}
        confirmLabel={t('rolesAdmin.delete')}
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
