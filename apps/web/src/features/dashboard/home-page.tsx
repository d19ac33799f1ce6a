import AccountTree from '@mui/icons-material/AccountTree';
import AssignmentLate from '@mui/icons-material/AssignmentLate';
import Close from '@mui/icons-material/Close';
import Handshake from '@mui/icons-material/Handshake';
import History from '@mui/icons-material/History';
import Loop from '@mui/icons-material/Loop';
import Mail from '@mui/icons-material/Mail';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import NewReleases from '@mui/icons-material/NewReleases';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Security from '@mui/icons-material/Security';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Timer from '@mui/icons-material/Timer';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { CheckMark } from '../../components/check-mark';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { MenuItemLink } from '../../components/menu-item-link';
import { PageHeader } from '../../components/page-header';
import { WhenNearViewport } from '../../components/when-near-viewport';
import { useConfig } from '../../lib/config';
import { useInvitations } from '../../lib/invitations';
import {
  canRead,
  progressTypes,
  type StatusCategory,
  showsStatistics,
  useItemStatistics,
  visibleServiceAgreementTypes,
} from '../../lib/item-statistics';
import { notify } from '../../lib/notify';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useChecklist, useDashboardSettings, useDismissChecklist, useSaveDashboardSettings } from './api';
import { ChecklistTile } from './checklist-tile';
import { InitiationTileBody } from './initiation-tile';
import { InvitationBanner, InvitationTileBody, incomingPending } from './invitation-tiles';
import { type DashboardTileKey, toggleHidden } from './logic';
import { MyDpoTileBody } from './my-dpo-tile';
import { Tile } from './tile';
import {
  ChangeLogTileBody,
  DueIssuesTileBody,
  PdcaTileBody,
  ProgressTileBody,
  ServiceAgreementTileBody,
  TimelineTileBody,
} from './tiles';
import { TimeTileBody } from './time-tile';
import { TrialTile } from './trial-tile';

interface TileEntry {
  key: DashboardTileKey;
  title: string;
  icon?: ReactNode;
  wide?: boolean | 'full';
  body: ReactNode;
}

// ELK and React Flow load only when the tile is shown, not with the dashboard.
const OrganisationChart = lazy(() =>
  import('../../components/organisation-chart/organisation-chart').then((m) => ({ default: m.OrganisationChart })),
);

function TwoFactorBanner({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        icon={<Security />}
        data-tile="twoFactor"
        sx={{ gridColumn: '1 / -1', alignItems: 'center' }}
        action={
          <Tooltip title={t('dashboard.hide.button')}>
            <IconButton
              color="inherit"
              size="small"
              onClick={onHide}
              aria-label={t('dashboard.hide.buttonFor', { name: t('dashboard.tile.twoFactor') })}
            >
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 2, rowGap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span">
            <strong>{t('dashboard.twoFactor.title')}</strong> {t('dashboard.twoFactor.text')}
          </Box>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('dashboard.twoFactor.more')}
          </Button>
        </Box>
      </Alert>
      <DialogFrame
        open={open}
        title={t('dashboard.twoFactor.helpTitle')}
        description={
          <>
            <p>{t('dashboard.twoFactor.helpIntro')}</p>
            <ol>
              <li>{t('dashboard.twoFactor.helpStep1')}</li>
              <li>{t('dashboard.twoFactor.helpStep2')}</li>
              <li>{t('dashboard.twoFactor.helpStep3')}</li>
              <li>{t('dashboard.twoFactor.helpStep4')}</li>
            </ol>
          </>
        }
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <ButtonLink to="/profile" variant="contained" onClick={() => setOpen(false)}>
              {t('dashboard.twoFactor.toProfile')}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}

/** The home dashboard. */
export function HomePage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const { browserWarning } = useConfig();
  const statisticsAllowed = showsStatistics(me);
  const statistics = useItemStatistics(statisticsAllowed);
  const settings = useDashboardSettings();
  const save = useSaveDashboardSettings();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<{ key: DashboardTileKey; title: string } | null>(null);
  const menuId = useId();
  const menuButtonId = useId();
  const invitations = useInvitations(!!me);
  const invitationList = invitations.data ?? [];
  const incoming = incomingPending(invitationList);

  const hidden = settings.data?.hiddenTiles ?? [];
  const checklist = useChecklist(!!me);
  const restoreChecklist = useDismissChecklist();
  const showChecklist = checklist.data?.show === true;
  // A checklist dismissed with steps left can be brought back from the tiles menu.
  const checklistRestorable =
    !!checklist.data?.companyId && checklist.data.dismissed && checklist.data.steps.some((s) => !s.done);
  const byType = new Map<string, StatusCategory>((statistics.data ?? []).map((c) => [c.itemType, c]));

  const tiles: TileEntry[] = [];
  if (statisticsAllowed) {
    for (const key of progressTypes) {
      const category = byType.get(key);
      if (!canRead(me, key) || (!category && !statistics.isPending)) continue;
      // While the checklist leads a new company, a register without any entry has no tile of its own.
      if (showChecklist && category?.total === 0) continue;
      tiles.push({
        key,
        title: t(`section.${key}`),
        icon: <TaskAlt />,
        body: category ? <ProgressTileBody category={category} /> : <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />,
      });
    }
    const agreements = visibleServiceAgreementTypes(me);
    if (agreements.length > 0) {
      const categories = agreements.flatMap((k) => byType.get(k) ?? []);
      tiles.push({
        key: 'ServiceAgreement',
        title: t('dashboard.tile.ServiceAgreement'),
        icon: <Handshake />,
        body: statistics.isPending ? (
          <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />
        ) : (
          <ServiceAgreementTileBody categories={categories} />
        ),
      });
    }
    if (hasClaim(me, 'PdcaCycle.Read')) {
      tiles.push({ key: 'PdcaCycle', title: t('dashboard.tile.PdcaCycle'), icon: <Loop />, body: <PdcaTileBody /> });
    }
  }
  if (hasClaim(me, 'Issue.Read')) {
    tiles.push({
      key: 'Issue',
      title: t('dashboard.tile.Issue'),
      icon: <AssignmentLate />,
      wide: true,
      body: <DueIssuesTileBody showCompany={!me?.scopeCompany} />,
    });
  }
  if (hasClaim(me, 'TimeRecords.Read') || hasClaim(me, 'TimeRecords.ReadAll')) {
    tiles.push({ key: 'TimeRecord', title: t('dashboard.tile.TimeRecord'), icon: <Timer />, body: <TimeTileBody /> });
  }
  const scope = me?.scopeCompany;
  tiles.push({
    key: 'Timeline',
    title: t('dashboard.tile.Timeline'),
    icon: <History />,
    body: <TimelineTileBody showCompany={!me?.scopeCompany} />,
  });
  if (scope?.isResponsibleParty) {
    tiles.push({
      key: 'myDpo',
      title: t('dashboard.tile.myDpo'),
      icon: <ManageAccounts />,
      body: <MyDpoTileBody companyId={scope.id} />,
    });
  }
  // Only with an account, and only for a user who may invite clients or has pending invitations.
  const anyPending = invitationList.some((i) => i.status === 'Pending');
  if (me?.hasAccount && (me.canInviteClient || anyPending)) {
    tiles.push({
      key: 'invitation',
      title: t('dashboard.tile.invitation'),
      icon: <Mail />,
      body: (
        <InvitationTileBody invitations={invitationList} canInviteDpo={me.canInviteDpo} canInviteClient={me.canInviteClient} />
      ),
    });
  }
  tiles.push({
    key: 'changeLog',
    title: t('dashboard.tile.changeLog'),
    icon: <NewReleases />,
    body: <ChangeLogTileBody />,
  });
  // The chart of the scope company (the user's own without a scope), the viewport high minus 170 px.
  const chartCompany = scope ?? (me ? { id: me.companyId, name: me.company } : null);
  if (chartCompany && hasClaim(me, 'Diagram.Read')) {
    tiles.push({
      key: 'diagram',
      title: t('dashboard.tile.diagram'),
      icon: <AccountTree />,
      wide: 'full',
      // Below the other tiles: its code (ELK) and layout load only when it is scrolled near.
      body: (
        <WhenNearViewport height="calc(100vh - 170px)">
          <Suspense fallback={<Skeleton variant="rectangular" height="calc(100vh - 170px)" sx={{ m: 2 }} />}>
            <OrganisationChart
              key={chartCompany.id}
              companyId={chartCompany.id}
              companyName={chartCompany.name}
              height="calc(100vh - 170px)"
            />
          </Suspense>
        </WhenNearViewport>
      ),
    });
  }

  // The wizard works on the scope company, or the user's own without one (as /api/user/me decides).
  const initiationCompanyId = me?.supportsInitiation && me.canContinueInitiation ? (scope?.id ?? me.companyId) : null;
  const twoFactorApplies = me ? !me.twoFactorEnabled : false;
  const menuEntries: { key: DashboardTileKey; title: string }[] = [
    ...(twoFactorApplies ? [{ key: 'twoFactor' as const, title: t('dashboard.tile.twoFactor') }] : []),
    ...tiles.map(({ key, title }) => ({ key, title })),
  ];
  const visibleTiles = tiles.filter((tile) => !hidden.includes(tile.key));
  const showTwoFactor = twoFactorApplies && !hidden.includes('twoFactor');

  const store = (next: DashboardTileKey[]) => save.mutate(next, { onError: () => notify(t('dashboard.saveError'), 'error') });

  return (
    <>
      <PageHeader
        title={t('home.heading')}
        actions={
          <Button
            id={menuButtonId}
            variant="outlined"
            startIcon={<Tune />}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
            aria-haspopup="true"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={!!menuAnchor}
            disabled={settings.isPending}
          >
            {t('dashboard.options.button')}
          </Button>
        }
      />
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: 480 } }, list: { 'aria-labelledby': menuButtonId } }}
      >
        {initiationCompanyId && (
          <MenuItemLink to="/initiation" onClick={() => setMenuAnchor(null)}>
            <ListItemIcon>
              <PlayArrow fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('dashboard.initiation.continue')}</ListItemText>
          </MenuItemLink>
        )}
        {initiationCompanyId && <Divider component="li" />}
        {/* A caption for the eye: a menu holds only menu items and separators, and is named by its button. */}
        <Typography variant="overline" color="text.secondary" component="li" role="presentation" sx={{ px: 2, display: 'block' }}>
          {t('dashboard.options.title')}
        </Typography>
        {checklistRestorable && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={false}
            onClick={() => restoreChecklist.mutate(false, { onError: () => notify(t('dashboard.saveError'), 'error') })}
            dense
          >
            <ListItemIcon>
              <CheckMark checked={false} />
            </ListItemIcon>
            <ListItemText>{t('dashboard.checklist.menu')}</ListItemText>
          </MenuItem>
        )}
        {menuEntries.map((entry) => {
          const shown = !hidden.includes(entry.key);
          return (
            <MenuItem
              key={entry.key}
              role="menuitemcheckbox"
              aria-checked={shown}
              onClick={() => store(toggleHidden(hidden, entry.key))}
              dense
            >
              <ListItemIcon>
                <CheckMark checked={shown} />
              </ListItemIcon>
              <ListItemText>{entry.title}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>

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
