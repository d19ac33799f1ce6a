import PlayArrow from '@mui/icons-material/PlayArrow';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckMark } from '../../components/check-mark';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MenuItemLink } from '../../components/menu-item-link';
import { PageHeader } from '../../components/page-header';
import { useConfig } from '../../lib/config';
import { useInvitations } from '../../lib/invitations';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useChecklist, useDashboardSettings, useDismissChecklist, useSaveDashboardSettings } from './api';
import { ChecklistTile } from './checklist-tile';
import { useHomeTiles } from './home-tiles';
import { InitiationTileBody } from './initiation-tile';
import { InvitationBanner, incomingPending } from './invitation-tiles';
import { type DashboardTileKey, toggleHidden } from './logic';
import { Tile } from './tile';
import { TrialTile } from './trial-tile';
import { TwoFactorBanner } from './two-factor-banner';

/** The home dashboard. */
export function HomePage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const { browserWarning } = useConfig();
  const settings = useDashboardSettings();
  const save = useSaveDashboardSettings();
  const [confirm, setConfirm] = useState<{ key: DashboardTileKey; title: string } | null>(null);
  const invitations = useInvitations(!!me);
  const invitationList = invitations.data ?? [];
  const incoming = incomingPending(invitationList);

  const hidden = settings.data?.hiddenTiles ?? [];
  const checklist = useChecklist(!!me);
  const showChecklist = checklist.data?.show === true;
  // A checklist dismissed with steps left can be brought back from the tiles menu.
  const checklistRestorable =
    !!checklist.data?.companyId && checklist.data.dismissed && checklist.data.steps.some((s) => !s.done);
  const { tiles, statistics, statisticsAllowed } = useHomeTiles(showChecklist);

  const scope = me?.scopeCompany;
  // The wizard works on the scope company, or the user's own without one (as /api/user/me decides).
  const initiationCompanyId = me?.supportsInitiation && me.canContinueInitiation ? (scope?.id ?? me.companyId) : null;
  const twoFactorApplies = me ? !me.twoFactorEnabled : false;
  const menuEntries: { key: DashboardTileKey; title: string }[] = [
    ...(twoFactorApplies ? [{ key: 'twoFactor' as const, title: t('dashboard.tile.twoFactor') }] : []),
    ...tiles.map(({ key, title }) => ({ key, title })),
  ];
  const visibleTiles = tiles.filter((tile) => !hidden.includes(tile.key));
  const showTwoFactor = twoFactorApplies && !hidden.includes('twoFactor');

  const store = (next: DashboardTileKey[]) => save.mutate(next, { onError: (error) => notify(errorText(t, error), 'error') });

  return (
    <>
      <PageHeader
        title={t('home.heading')}
        actions={
          <TilesMenu
            entries={menuEntries}
            hidden={hidden}
            disabled={settings.isPending}
            onToggle={(key) => store(toggleHidden(hidden, key))}
            initiation={!!initiationCompanyId}
            checklistRestorable={checklistRestorable}
          />
        }
      />

      {browserWarning && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('dashboard.browserWarning')}
        </Alert>
      )}
      {!statisticsAllowed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('radar.chooseTenant')}
        </Alert>
      )}
      {statistics.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('dashboard.loadError')}
        </Alert>
      )}

      {settings.isPending ? (
        <Skeleton variant="rectangular" height={240} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' },
            alignItems: 'stretch',
          }}
        >
          <TrialTile />
          {incoming.length > 0 && <InvitationBanner invitations={incoming} />}
          {showTwoFactor && (
            <TwoFactorBanner onHide={() => setConfirm({ key: 'twoFactor', title: t('dashboard.tile.twoFactor') })} />
          )}
          {showChecklist && checklist.data && <ChecklistTile checklist={checklist.data} />}
          {initiationCompanyId && (
            <Tile testId="initiation" title={t('dashboard.tile.initiation')} icon={<PlayArrow />}>
              <InitiationTileBody companyId={initiationCompanyId} />
            </Tile>
          )}
          {visibleTiles.map((tile) => (
            <Tile
              key={tile.key}
              testId={tile.key}
              title={tile.title}
              icon={tile.icon}
              wide={tile.wide}
              onHide={() => setConfirm({ key: tile.key, title: tile.title })}
            >
              {tile.body}
            </Tile>
          ))}
          {visibleTiles.length === 0 && !showTwoFactor && (
            <Typography color="text.secondary" sx={{ gridColumn: '1 / -1', py: 4, textAlign: 'center' }}>
              {t('dashboard.noTiles')}
            </Typography>
          )}
        </Box>
      )}

      <ConfirmDialog
        open={!!confirm}
        title={t('dashboard.hide.title')}
        text={t('dashboard.hide.text', { name: confirm?.title ?? '' })}
        confirmLabel={t('dashboard.hide.confirm')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) store(toggleHidden(hidden, confirm.key));
          setConfirm(null);
        }}
      />
    </>
  );
}

/** The dashboard's options: continue the wizard, bring the checklist back, show or hide each tile. */
function TilesMenu({
  entries,
  hidden,
  disabled,
  onToggle,
  initiation,
  checklistRestorable,
}: {
  entries: { key: DashboardTileKey; title: string }[];
  hidden: readonly DashboardTileKey[];
  disabled: boolean;
  onToggle: (key: DashboardTileKey) => void;
  /** The wizard may be continued. */
  initiation: boolean;
  /** A checklist dismissed with steps left can be brought back. */
  checklistRestorable: boolean;
}) {
  const { t } = useTranslation();
  const restoreChecklist = useDismissChecklist();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const menuButtonId = useId();
  return (
    <>
      <Button
        id={menuButtonId}
        variant="outlined"
        startIcon={<Tune />}
        onClick={(e) => setMenuAnchor(e.currentTarget)}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={!!menuAnchor}
        disabled={disabled}
      >
        {t('dashboard.options.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: 480 } }, list: { 'aria-labelledby': menuButtonId } }}
      >
        {initiation && (
          <MenuItemLink to="/initiation" onClick={() => setMenuAnchor(null)}>
            <ListItemIcon>
              <PlayArrow fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('dashboard.initiation.continue')}</ListItemText>
          </MenuItemLink>
        )}
        {initiation && <Divider component="li" />}
        {/* A caption for the eye: a menu holds only menu items and separators, and is named by its button. */}
        <Typography variant="overline" color="text.secondary" component="li" role="presentation" sx={{ px: 2, display: 'block' }}>
          {t('dashboard.options.title')}
        </Typography>
        {checklistRestorable && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={false}
            onClick={() => restoreChecklist.mutate(false, { onError: (error) => notify(errorText(t, error), 'error') })}
            dense
          >
            <ListItemIcon>
              <CheckMark checked={false} />
            </ListItemIcon>
            <ListItemText>{t('dashboard.checklist.menu')}</ListItemText>
          </MenuItem>
        )}
        {entries.map((entry) => {
          const shown = !hidden.includes(entry.key);
          return (
            <MenuItem key={entry.key} role="menuitemcheckbox" aria-checked={shown} onClick={() => onToggle(entry.key)} dense>
              <ListItemIcon>
                <CheckMark checked={shown} />
              </ListItemIcon>
              <ListItemText>{entry.title}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
