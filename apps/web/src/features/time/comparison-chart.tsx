import BarChartIcon from '@mui/icons-material/BarChart';
import TableRows from '@mui/icons-material/TableRows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TimeComparisonChart } from '@pc/shared';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../lib/format';
import { type ChartKind, chartModel, kindAlpha, withAlpha } from './comparison-chart-model';

/**
 * Booked, planned and budget hours per period above the comparison's grid: per period one bar per
 * kind, each stacked by company or person (the grouping's). Its text equivalents: a summary
 * sentence (the figure's description) and a table the user can switch to.
 */
export function ComparisonChart(props: {
  chart: TimeComparisonChart;
  periodLabel: (p: TimeComparisonChart['periods'][number]) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [asTable, setAsTable] = useState(false);
  const summaryId = useId();
  const model = useMemo(
    () =>
      chartModel(props.chart, props.periodLabel, {
        all: t('time.comparison.chart.all'),
        others: t('time.comparison.chart.others'),
        unnamed: t('time.comparison.chart.unnamed'),
      }),
    [props.chart, props.periodLabel, t],
  );
  const h = (v: number | null) => (v == null ? '–' : formatHours(v, lang));
  const kindName = (k: ChartKind) => t(`time.comparison.chart.kind.${k}`);
  const title = t('time.comparison.chart.title');
  // Whole hours on the axis: its ticks are round numbers, the decimals are in the tooltip and the table.
  const axisFormat = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 0 });

  const percent = (a: number, b: number | null) =>
    b
      ? `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 0 }).format((100 * a) / b)} %`
      : null;
  const summary = [
    t('time.comparison.chart.summaryBooked', { count: model.periods.length, booked: h(model.totals.booked) }),
    model.totals.planned != null &&
      t('time.comparison.chart.summaryPlanned', {
        planned: h(model.totals.planned),
        percent: percent(model.totals.booked, model.totals.planned) ?? '–',
      }),
    model.totals.budget != null && t('time.comparison.chart.summaryBudget', { budget: h(model.totals.budget) }),
    model.top && t('time.comparison.chart.summaryTop', { name: model.top.name, booked: h(model.top.booked) }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Paper variant="outlined" sx={{ mb: 2, p: { xs: 1, sm: 2 } }} data-testid="comparison-chart">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, flexGrow: 1 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={asTable ? <BarChartIcon /> : <TableRows />}
          onClick={() => setAsTable((v) => !v)}
          aria-pressed={asTable}
        >
          {asTable ? t('time.comparison.chart.asChart') : t('time.comparison.chart.asTable')}
        </Button>
      </Box>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="comparison-chart-summary">
        {summary}
      </Typography>
      {asTable ? (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table
            size="small"
            stickyHeader
            aria-label={title}
            aria-describedby={summaryId}
            sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('time.comparison.field.period')}</TableCell>
                <TableCell>{t(`time.comparison.chart.stackedBy.${props.chart.stackedBy}`)}</TableCell>
                {model.kinds.map((k) => (
                  <TableCell key={k} align="right">
                    {kindName(k)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {model.rows.map((r) => (
                <TableRow key={`${r.period}|${r.group}`}>
                  <TableCell>{r.period}</TableCell>
                  <TableCell>{r.group}</TableCell>
                  {model.kinds.map((k) => (
                    <TableCell key={k} align="right">
                      {h(r[k])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Box role="img" aria-label={title} aria-describedby={summaryId}>
          <Box aria-hidden>
            <BarChart
              height={240}
              hideLegend
              skipAnimation
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              xAxis={[{ scaleType: 'band', data: model.periods, categoryGapRatio: 0.3, barGapRatio: 0.15 }]}
              yAxis={[{ valueFormatter: (v: number) => axisFormat.format(v), width: 40 }]}
              series={model.series.map((s) => ({
                id: s.id,
                data: s.data,
                stack: s.kind,
                label: `${s.group.name} · ${kindName(s.kind)}`,
                color: withAlpha(s.group.colour, kindAlpha[s.kind]),
                valueFormatter: (v: number | null) => (v == null ? null : `${formatHours(v, lang)} h`),
              }))}
              slotProps={{ tooltip: { trigger: 'item' } }}
            />
          </Box>
          <ChartLegend groups={model.groups} kinds={model.kinds} kindName={kindName} />
        </Box>
      )}
    </Paper>
  );
}

/** Which colour is which company or person, and which shade which kind of hours (bars left to right). */
function ChartLegend(props: {
  groups: { name: string; colour: string }[];
  kinds: ChartKind[];
  kindName: (k: ChartKind) => string;
}) {
  const { t } = useTranslation();
  const swatch = (colour: string) => (
    <Box
      component="span"
      sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: colour, flexShrink: 0, display: 'inline-block' }}
    />
  );
  const item = { display: 'inline-flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1, fontSize: '0.8125rem' }} aria-hidden>
      {props.groups.length > 1 &&
        props.groups.map((g) => (
          <Box key={g.name} component="span" sx={item}>
            {swatch(g.colour)}
            {g.name}
          </Box>
        ))}
      <Box component="span" sx={{ ...item, color: 'text.secondary' }}>
        {t('time.comparison.chart.barsPerPeriod')}
      </Box>
      {props.kinds.map((k) => (
        <Box key={k} component="span" sx={item}>
          {swatch(withAlpha(props.groups.length > 1 ? '#455a64' : (props.groups[0]?.colour ?? '#0d5673'), kindAlpha[k]))}
          {props.kindName(k)}
        </Box>
      ))}
    </Box>
  );
}
