import Assessment from '@mui/icons-material/Assessment';
import PostAdd from '@mui/icons-material/PostAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SummaryReport } from '@pc/shared';
import { useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { SimpleTable } from '../../../../components/simple-table';
import { StatusChip } from '../../../../components/status-chip';
import { formatDate, formatDateTime, parseDay, toDay } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useTask } from '../../../../lib/use-task';
import { fetchSummaryReport } from '../../api';
import { optionLabel, typePlural } from '../../labels';
import { useItemType } from '../../use-item-type';
import type { ItemFormValues } from '../form-values';
import { PanelFrame } from './panel-frame';
import { activeRows, breachNotification, requestAnswer, summaryReportText } from './summary-report-text';
import { useFormItem } from './use-form-item';

const day = (v: unknown) => (typeof v === 'string' && parseDay(v) ? v : null);
const counts = ['created', 'closed', 'openAtEnd', 'overdue'] as const;

/** Summary (activity report): counts the period's items on the server and copies the result into `report`. */
export function SummaryPanel({ control }: { control: Control<ItemFormValues> }) {
  const { t } = useTranslation();
  const { canWrite } = useItemType();
  const { companyId } = useFormItem('summary', control);
  const from = day(useWatch({ control, name: 'data.periodFrom' }));
  const until = day(useWatch({ control, name: 'data.periodUntil' }));
  const { field: reportField } = useController({ control, name: 'data.report' });
  const [report, setReport] = useState<SummaryReport | null>(null);
  const { busy, run } = useTask();
  const [confirmReplace, setConfirmReplace] = useState(false);

  const problem = !from || !until ? 'needsPeriod' : from > until ? 'periodOrder' : null;
  // A report of another period than the form shows must not end up in the field.
  const current = report && report.from === from && report.until === until ? report : null;

  const generate = async () => {
    if (from && until) await run(async () => setReport(await fetchSummaryReport(from, until, companyId)));
  };

  function apply() {
    if (!current) return;
    reportField.onChange(summaryReportText(t, current));
    setConfirmReplace(false);
    notify(t('items.summaryReport.applied'), 'success');
  }

  return (
    <PanelFrame
      icon={Assessment}
      title={t('items.summaryReport.title')}
      intro={t('items.summaryReport.intro')}
      action={
        <Button variant="outlined" onClick={() => void generate()} disabled={busy || problem !== null} sx={{ flexShrink: 0 }}>
          {busy ? t('items.summaryReport.generating') : t('items.summaryReport.generate')}
        </Button>
      }
    >
      {problem && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t(`items.summaryReport.${problem}`)}
        </Typography>
      )}
      {report && !current && !problem && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('items.summaryReport.stale')}
        </Alert>
      )}
      {current && (
        <Stack spacing={2} sx={{ mt: 2 }} data-testid="summary-report">
          <ReportTables report={current} />
          {canWrite && (
            <Box>
              <Button
                variant="contained"
                startIcon={<PostAdd />}
                onClick={() => (String(reportField.value ?? '').trim() ? setConfirmReplace(true) : apply())}
              >
                {t('items.summaryReport.apply')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirmReplace}
        title={t('items.summaryReport.replaceTitle')}
        text={t('items.summaryReport.replaceText')}
        confirmLabel={t('items.summaryReport.replace')}
        onConfirm={apply}
        onClose={() => setConfirmReplace(false)}
      />
    </PanelFrame>
  );
}

function ReportTables({ report }: { report: SummaryReport }) {
  const { t } = useTranslation();
  const rows = activeRows(report);
  const now = new Date(report.generatedAt);
  const today = toDay(now);
  const col = (key: string) => t(`items.summaryReport.column.${key}`);
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('items.summaryReport.period', { from: formatDate(report.from), until: formatDate(report.until) })}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{t('items.summaryReport.noActivity')}</Typography>
      ) : (
        <SimpleTable
          label={t('items.summaryReport.title')}
          columns={[col('type'), ...counts.map((c) => ({ label: col(c), align: 'right' as const }))]}
        >
          {rows.map((r) => (
            <TableRow key={r.type}>
              <TableCell component="th" scope="row">
                {typePlural(t, r.type)}
              </TableCell>
              {counts.map((c) => (
                <TableCell
                  key={c}
                  align="right"
                  sx={{
                    fontVariantNumeric: 'tabular-nums',
                    ...(c === 'overdue' && r.overdue > 0 ? { color: 'error.main', fontWeight: 700 } : {}),
                  }}
                >
                  {r[c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </SimpleTable>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('items.summaryReport.asOfNote')}
      </Typography>

      {report.dataBreaches && (
        <ItemList
          title={t('items.summaryReport.breaches', { type: typePlural(t, 'data-breach'), count: report.dataBreaches.length })}
          columns={[col('item'), col('discovered'), col('notification'), col('status')]}
          rows={report.dataBreaches.map((b) => ({
            id: b.id,
            status: b.status,
            cells: [`${b.number} ${b.name}`, formatDateTime(b.discoveredAt), breachNotification(t, b, now)],
          }))}
        />
      )}
      {report.privacyRequests && (
        <ItemList
          title={t('items.summaryReport.requests', {
            type: typePlural(t, 'privacy-request'),
            count: report.privacyRequests.length,
          })}
          columns={[col('item'), col('received'), col('answer'), col('status')]}
          rows={report.privacyRequests.map((r) => ({
            id: r.id,
            status: r.status,
            cells: [
              r.requestType ? `${r.number} ${r.name} (${optionLabel(t, 'requestType', r.requestType)})` : `${r.number} ${r.name}`,
              formatDate(r.receivedDate),
              requestAnswer(t, r, today),
            ],
          }))}
        />
      )}
    </>
  );
}

function ItemList({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: string[];
  rows: { id: string; status: number; cells: string[] }[];
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{t('items.summaryReport.none')}</Typography>
      ) : (
        <SimpleTable label={title} columns={columns}>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                <TableCell key={i}>{c}</TableCell>
              ))}
              <TableCell>
                <StatusChip status={r.status} />
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Box>
  );
}
