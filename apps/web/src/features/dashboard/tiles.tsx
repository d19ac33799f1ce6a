import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { progressTone, statusHex, type TimelineItem, type TrendPoint } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config';
import { formatDate } from '../../lib/format';
import { type StatusCategory, typeDef } from '../../lib/item-statistics';
import { useDueIssues, useLatestVersion, usePastTimeline, usePdcaProgress } from './api';
import { isOverdue, progressCaption } from './logic';
import { CardLink } from './tile';
import { Trend } from './trend';

function Count({ value, label, dot }: { value: number; label: string; dot?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="p" sx={{ fontSize: '1.35rem', fontWeight: 650, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      >
        {dot && <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: dot }} />}
        {label}
      </Typography>
    </Box>
  );
}

/**
 * A labelled progress bar. Its colour follows the status rule (progressTone): red only when
 * something is overdue, so an empty or freshly started register is not a row of red bars.
 */
export function Progress({
  value,
  label,
  tone,
}: {
  value: number;
  label: string;
  tone: 'error' | 'warning' | 'success' | 'primary';
}) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {Math.round(value)} %
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, value))}
        color={tone}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** Progress tile of one item type. */
export function ProgressTileBody({ category, trend }: { category: StatusCategory; trend?: TrendPoint[] }) {
  const { t } = useTranslation();
  const caption = progressCaption(category);
  return (
    <CardLink to={typeDef(category.itemType).route} sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}>
      <CardContent sx={{ width: '100%', pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}>
          <Count value={category.total} label={t('dashboard.progress.total')} />
          <Count value={category.open} label={t('dashboard.progress.open')} />
          <Count value={category.red} label={t('dashboard.progress.red')} dot={statusHex.red} />
          <Count value={category.yellow} label={t('dashboard.progress.yellow')} dot={statusHex.yellow} />
        </Box>
        <Progress value={category.closedPercent} label={t('dashboard.progress.closed')} tone={progressTone(category)} />
        {trend && <Trend points={trend} />}
        <Typography variant="body2" color="text.secondary" data-caption={caption}>
          {t(`dashboard.progress.caption.${caption}`, { count: category.open })}
        </Typography>
      </CardContent>
    </CardLink>
  );
}

/** Open service agreements per variant, each a link to its list. */
export function ServiceAgreementTileBody({ categories }: { categories: StatusCategory[] }) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding sx={{ pb: 1 }}>
      {categories.map((c) => (
        <ListItem key={c.itemType} disablePadding>
          <CardLink to={typeDef(c.itemType).route} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
            <Typography sx={{ fontSize: '1.35rem', fontWeight: 650, minWidth: 36 }}>{c.open}</Typography>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {t(`section.${c.itemType}`)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('dashboard.serviceAgreement.open', { count: c.open, total: c.total })}
              </Typography>
            </Box>
            <ChevronRight aria-hidden color="action" />
          </CardLink>
        </ListItem>
      ))}
    </List>
  );
}

export function PdcaTileBody() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePdcaProgress(true);
  // No link while loading: a link holding only a skeleton has no name for a screen reader.
  if (isPending) {
    return (
      <CardContent sx={{ pt: 1 }}>
        <Skeleton height={72} />
      </CardContent>
    );
  }
  return (
    <CardLink to="/pdca-list" sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}>
      <CardContent sx={{ width: '100%', pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {isError ? (
          <Typography color="error">{t('dashboard.loadError')}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
              <Count value={data.total} label={t('dashboard.pdca.total')} />
              <Count value={data.overdue} label={t('dashboard.pdca.overdue')} dot={data.overdue ? statusHex.red : undefined} />
            </Box>
            <Progress
              value={data.onSchedulePercentage}
              label={t('dashboard.pdca.onSchedule', { count: data.onSchedule })}
              tone={progressTone({ total: data.total, open: data.total, red: data.overdue, yellow: 0 })}
            />
          </>
        )}
      </CardContent>
    </CardLink>
  );
}

function relativeDate(value: string, language: string, now = Date.now()): string {
  const diff = (new Date(value).getTime() - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(diff);
  if (abs < 60) return rtf.format(Math.round(diff), 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(diff / 86400), 'day');
  if (abs < 86400 * 365) return rtf.format(Math.round(diff / (86400 * 30)), 'month');
  return rtf.format(Math.round(diff / (86400 * 365)), 'year');
}

function TimelineEntry({ item, showCompany }: { item: TimelineItem; showCompany: boolean }) {
  const { t, i18n } = useTranslation();
  const who = item.userFullName ?? item.userName;
  return (
    <ListItem sx={{ display: 'block', px: 2, py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {t([`section.${item.entity}`, 'dashboard.timeline.unknownEntity'])}
        </Box>
        <span>·</span>
        <span>{t([`dashboard.timeline.action.${item.action}`, 'dashboard.timeline.action.other'])}</span>
        <span>·</span>
        <time dateTime={item.referenceDate} title={formatDate(item.referenceDate)}>
          {relativeDate(item.referenceDate, i18n.language)}
        </time>
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Typography>
      {(who || showCompany) && (
        <Typography variant="caption" color="text.secondary" component="p">
          {[who, showCompany ? item.companyName : null].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </ListItem>
  );
}

const TIMELINE_ENTRIES = 8;

export function TimelineTileBody({ showCompany }: { showCompany: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePastTimeline(true);
  if (isPending) return <Skeleton variant="rectangular" height={160} sx={{ m: 2 }} />;
  if (isError) return <Empty>{t('dashboard.loadError')}</Empty>;
  const items = data.filter((i) => i.hasHappened).slice(0, TIMELINE_ENTRIES);
  if (items.length === 0) return <Empty>{t('dashboard.timeline.empty')}</Empty>;
  return (
    <List dense disablePadding sx={{ mt: 1 }}>
      {items.map((item) => (
        <TimelineEntry key={item.id} item={item} showCompany={showCompany} />
      ))}
    </List>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
      {children}
    </Typography>
  );
}

/** A column shown only when the tile is at least `px` wide. */
const fromWidth = (px: number) => ({ display: 'none', [`@container (min-width: ${px}px)`]: { display: 'table-cell' } });
/** Shown only while the tile is narrower than `px`. */
const untilWidth = (px: number) => ({ display: 'block', [`@container (min-width: ${px}px)`]: { display: 'none' } });

export function DueIssuesTileBody({ showCompany }: { showCompany: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useDueIssues(true);
  if (isPending) return <Skeleton variant="rectangular" height={160} sx={{ m: 2 }} />;
  if (isError) return <Empty>{t('dashboard.loadError')}</Empty>;
  if (data.length === 0) return <Empty>{t('dashboard.issues.empty')}</Empty>;
  const open = (id: string) => void navigate({ href: `/issues/${id}` });
  return (
    // Columns follow the tile's own width (a container query), not the window's: the tile spans two
    // grid columns on a wide screen and the whole width on a phone, so the window says little.
    <Box sx={{ overflowX: 'auto', maxHeight: 420, overflowY: 'auto', containerType: 'inline-size' }}>
      <Table
        size="small"
        stickyHeader
        aria-label={t('dashboard.tile.Issue')}
        // On a phone number and name share ~360 px: half the usual cell padding.
        sx={{ '@container (max-width: 439px)': { '& .MuiTableCell-root': { px: 1 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.issues.number')}</TableCell>
            <TableCell>{t('dashboard.issues.name')}</TableCell>
            <TableCell sx={fromWidth(440)}>{t('dashboard.issues.dueDate')}</TableCell>
            <TableCell sx={fromWidth(560)}>{t('dashboard.issues.priority')}</TableCell>
            <TableCell sx={fromWidth(640)}>{t('dashboard.issues.company')}</TableCell>
            <TableCell sx={fromWidth(780)}>{t('dashboard.issues.assigned')}</TableCell>
            <TableCell sx={fromWidth(920)}>{t('dashboard.issues.owner')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((issue) => {
            const due = issue.assignedDueDate ?? issue.dueDate;
            const overdue = isOverdue(due);
            const dueStyle = overdue ? { color: 'error.main', fontWeight: 600 } : {};
            return (
              <TableRow
                key={issue.id}
                hover
                tabIndex={0}
                onClick={() => open(issue.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') open(issue.id);
                }}
                sx={{ cursor: 'pointer' }}
                data-issue={issue.number}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{issue.number}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>
                  {issue.name}
                  {/* A phone has no room for the date column: the date goes under the name. */}
                  <Box component="span" sx={{ ...untilWidth(440), fontSize: '0.8125rem', color: 'text.secondary', ...dueStyle }}>
                    {t('dashboard.issues.dueOn', { date: formatDate(due) })}
                  </Box>
                  {/* Nor for the company column: across all companies, numbers repeat (each company counts its own). */}
                  {showCompany && (
                    <Box
                      component="span"
                      sx={{ ...untilWidth(640), fontSize: '0.8125rem', color: 'text.secondary' }}
                      data-company
                    >
                      {issue.companyName}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', ...dueStyle, ...fromWidth(440) }} data-overdue={overdue || undefined}>
                  {formatDate(due)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', ...fromWidth(560) }}>
                  {t(`dashboard.issues.priorities.${issue.priority}`)}
                </TableCell>
                <TableCell sx={fromWidth(640)}>{issue.companyName}</TableCell>
                <TableCell sx={fromWidth(780)}>{issue.assignedUserName ?? '–'}</TableCell>
                <TableCell sx={fromWidth(920)}>{issue.ownerName ?? '–'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ChangeLogTileBody() {
  const { t } = useTranslation();
  const { version } = useConfig();
  const { data } = useLatestVersion();
  return (
    <CardLink to="/change-log" sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}>
      <CardContent sx={{ width: '100%', pt: 1 }}>
        <Stack spacing={0.5}>
          <Typography variant="body2">
            {data
              ? t('dashboard.changeLog.latest', { version: data.version, date: formatDate(data.date) })
              : t('dashboard.changeLog.loading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.changeLog.running', { version })}
          </Typography>
          <Typography variant="body2" color="primary" sx={{ fontWeight: 500, pt: 1 }}>
            {t('dashboard.changeLog.open')}
          </Typography>
        </Stack>
      </CardContent>
    </CardLink>
  );
}

/** A tile's large figure with its caption (pending invitations, booked hours). */
export function Figure({ value, label, testId }: { value: ReactNode; label: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="p" data-testid={testId} sx={{ fontSize: '1.35rem', fontWeight: 650, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
    </Box>
  );
}
