import AccountTree from '@mui/icons-material/AccountTree';
import AssignmentLate from '@mui/icons-material/AssignmentLate';
import Handshake from '@mui/icons-material/Handshake';
import History from '@mui/icons-material/History';
import Loop from '@mui/icons-material/Loop';
import Mail from '@mui/icons-material/Mail';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import NewReleases from '@mui/icons-material/NewReleases';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Timer from '@mui/icons-material/Timer';
import Skeleton from '@mui/material/Skeleton';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenNearViewport } from '../../components/when-near-viewport';
import { useInvitations } from '../../lib/invitations';
import {
  canRead,
  progressTypes,
  type StatusCategory,
  showsStatistics,
  useItemStatistics,
  visibleServiceAgreementTypes,
} from '../../lib/item-statistics';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useItemTrend } from './api';
import { InvitationTileBody } from './invitation-tiles';
import type { DashboardTileKey } from './logic';
import { MyDpoTileBody } from './my-dpo-tile';
import {
  ChangeLogTileBody,
  DueIssuesTileBody,
  PdcaTileBody,
  ProgressTileBody,
  ServiceAgreementTileBody,
  TimelineTileBody,
} from './tiles';
import { TimeTileBody } from './time-tile';

export interface TileEntry {
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

/**
 * The tiles the user may have, in the dashboard's order: a register's progress for each register
 * they read (none for an empty one while the checklist leads a new company), then issues, time,
 * timeline, their DPO, invitations, what is new and the organisation chart.
 */
export function useHomeTiles(showChecklist: boolean) {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const statisticsAllowed = showsStatistics(me);
  const statistics = useItemStatistics(statisticsAllowed);
  const invitationList = useInvitations(!!me).data ?? [];
  const byType = new Map<string, StatusCategory>((statistics.data ?? []).map((c) => [c.itemType, c]));
  const trend = useItemTrend(statisticsAllowed);
  const trendOf = new Map((trend.data ?? []).map((x) => [x.itemType, x.weeks]));

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
        body: category ? (
          <ProgressTileBody category={category} trend={trendOf.get(key)} />
        ) : (
          <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />
        ),
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

  return { tiles, statistics, statisticsAllowed };
}
