import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ItemTypeKey, PreviousQuarter } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { type StatusCategory, typeDef, useItemStatistics } from '../../lib/item-statistics';
import { useSession } from '../../lib/session/session-store';
import { usePreviousQuarter } from './api';
import {
  activeSteps,
  categorySector,
  categorySegments,
  INNER_RADIUS,
  isStepActive,
  labelPosition,
  previousMark,
  progressTone,
  RADAR_DEFAULT_SIZE,
  RADAR_VIEW_BOX,
} from './geometry';
import { radarTypes, showsRadar } from './radar-types';

/** Old browsers without SVG get the bar chart. */
export function supportsSvg(): boolean {
  return (
    typeof SVGElement !== 'undefined' &&
    typeof document !== 'undefined' &&
    typeof document.createElementNS === 'function' &&
    typeof (document.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement).createSVGRect === 'function'
  );
}

/** A register's share now, and at the end of the previous quarter where that is known (the dark mark's text). */
function categoryTitle(t: TFunction, c: RadarCategory, until: string | null) {
  const now = { name: c.name, percent: Math.round(c.progress) };
  return c.previous === null || until === null
    ? t('radar.category', now)
    : t('radar.categoryWithPrevious', { ...now, previous: Math.round(c.previous), date: formatDate(until) });
}

interface RadarCategory {
  key: ItemTypeKey;
  code: string;
  route: string;
  name: string;
  progress: number;
  /** The closed share at the end of the previous quarter, once known. */
  previous: number | null;
}

/** A register's closed share at the end of the previous quarter; none when it had no items then. */
function previousShare(previous: PreviousQuarter | undefined, key: ItemTypeKey): number | null {
  const then = previous?.types.find((p) => p.itemType === key);
  return then && then.total > 0 ? then.closedPercent : null;
}

function useRadarCategories(statistics: StatusCategory[] | undefined, previous: PreviousQuarter | undefined): RadarCategory[] {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  if (!statistics) return [];
  return radarTypes(me)
    .map((key) => typeDef(key))
    .flatMap((type) => {
      const category = statistics.find((c) => c.itemType === type.key);
      if (!category) return [];
      return [
        {
          key: type.key,
          code: type.code.toUpperCase(),
          route: type.route,
          name: t(`section.${type.key}`),
          progress: category.closedPercent,
          previous: previousShare(previous, type.key),
        },
      ];
    });
}

function RadarSvg({ categories, size, until }: { categories: RadarCategory[]; size: number; until: string | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const [hover, setHover] = useState<ItemTypeKey | null>(null);
  const count = categories.length;
  const centre = RADAR_VIEW_BOX / 2;
  const average = count ? Math.round(categories.reduce((sum, c) => sum + c.progress, 0) / count) : 0;
  const go = (href: string) => void navigate({ href });

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${RADAR_VIEW_BOX} ${RADAR_VIEW_BOX}`}
      width={size}
      height={size}
      role="group"
      aria-label={t('radar.label')}
      data-radar="svg"
      sx={{ display: 'block', mx: 'auto', overflow: 'visible', '& a:focus-visible path:first-of-type': { fill: 'currentColor' } }}
    >
      {categories.map((category, index) => {
        const tone = theme.palette[progressTone(category.progress)].main;
        const active = hover === category.key;
        const label = labelPosition(index, count);
        const title = categoryTitle(t, category, until);
        return (
          <Tooltip key={category.key} title={title} placement="right" followCursor>
            <a
              href={category.route}
              aria-label={`${category.code} – ${title}`}
              data-category={category.key}
              data-active-steps={activeSteps(category.progress)}
              onClick={(e) => {
                e.preventDefault();
                go(category.route);
              }}
              onMouseEnter={() => setHover(category.key)}
              onMouseLeave={() => setHover(null)}
              onFocus={() => setHover(category.key)}
              onBlur={() => setHover(null)}
              style={{ cursor: 'pointer' }}
            >
              <path
                d={categorySector(index, count)}
                fill={active ? theme.palette.primary.main : 'transparent'}
                fillOpacity={active ? 0.08 : 0}
              />
              {categorySegments(index, count).map((segment) => {
                const on = isStepActive(category.progress, segment.step);
                return (
                  <path
                    key={segment.step}
                    d={segment.d}
                    data-step={segment.step}
                    data-active={on}
                    fill={on ? tone : theme.palette.grey[active ? 300 : 200]}
                    fillOpacity={on && !active ? 0.85 : 1}
                  />
                );
              })}
              {category.previous !== null && (
                <path
                  d={previousMark(index, count, category.previous)}
                  data-previous={category.previous}
                  fill={theme.palette.text.primary}
                />
              )}
              <text
                x={label.x}
                y={label.y}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={active ? 118 : 104}
                fontWeight={active ? 800 : 700}
                fill={active ? theme.palette.primary.dark : theme.palette.text.secondary}
                style={{ pointerEvents: 'none', fontFamily: theme.typography.fontFamily }}
                aria-hidden
              >
                {category.code}
              </text>
            </a>
          </Tooltip>
        );
      })}
      <Tooltip title={t('radar.home', { percent: average })} placement="right">
        <a
          href="/home"
          aria-label={t('radar.home', { percent: average })}
          data-radar-centre
          onClick={(e) => {
            e.preventDefault();
            go('/home');
          }}
          style={{ cursor: 'pointer' }}
        >
          <circle cx={centre} cy={centre} r={INNER_RADIUS - 16} fill={theme.palette.primary.main} />
          <text
            x={centre}
            y={centre}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize={150}
            fontWeight={700}
            fill={theme.palette.primary.contrastText}
            style={{ pointerEvents: 'none', fontFamily: theme.typography.fontFamily }}
            aria-hidden
          >
            {`${average} %`}
          </text>
        </a>
      </Tooltip>
    </Box>
  );
}

/** Bar chart variant: 200 px high, bars from 0 to 100 %. */
export function RadarBars({ categories, until }: { categories: RadarCategory[]; until: string | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  return (
    <Box role="group" aria-label={t('radar.label')} data-radar="bars" sx={{ px: 1 }}>
      <Box
        sx={{
          height: 200,
          display: 'flex',
          alignItems: 'flex-end',
          gap: '3px',
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        {categories.map((c) => {
          const title = categoryTitle(t, c, until);
          return (
            <Tooltip key={c.key} title={title}>
              <Box
                component="button"
                type="button"
                aria-label={title}
                data-category={c.key}
                onClick={() => void navigate({ href: c.route })}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  height: `${Math.max(0, Math.min(100, c.progress))}%`,
                  minHeight: 2,
                  border: 0,
                  p: 0,
                  cursor: 'pointer',
                  borderRadius: '2px 2px 0 0',
                  bgcolor: theme.palette[progressTone(c.progress)].main,
                  '&:hover, &:focus-visible': { opacity: 0.75 },
                }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: '3px', mt: 0.5 }}>
        {categories.map((c) => (
          <Typography
            key={c.key}
            aria-hidden
            sx={{
              flex: 1,
              minWidth: 0,
              fontSize: 10,
              lineHeight: 1,
              fontWeight: 600,
              color: 'text.secondary',
              writingMode: 'vertical-rl',
              transform: 'rotate(180deg)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-start',
              height: 28,
            }}
          >
            {c.code}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The privacy status radar for the sidebar. */
export function PrivacyRadar({ size = RADAR_DEFAULT_SIZE }: { size?: number }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const allowed = showsRadar(me);
  const statistics = useItemStatistics(allowed);
  const previous = usePreviousQuarter(allowed);
  const categories = useRadarCategories(statistics.data, previous.data);
  const until = previous.data?.until ?? null;
  const [svg] = useState(supportsSvg);

  if (!allowed) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 1.5 }} data-radar="prompt">
        {t('radar.chooseTenant')}
      </Typography>
    );
  }
  if (statistics.isPending) {
    return <Skeleton variant="circular" width={size} height={size} sx={{ mx: 'auto', my: 1 }} />;
  }
  if (statistics.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ px: 2.5, py: 1.5 }}>
        {t('radar.loadError')}
      </Typography>
    );
  }
  return (
    <Box sx={{ py: 1.5 }}>
      {svg ? <RadarSvg categories={categories} size={size} until={until} /> : <RadarBars categories={categories} until={until} />}
    </Box>
  );
}
