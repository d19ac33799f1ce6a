import Assessment from '@mui/icons-material/Assessment';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { managementReportQuerySchema } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { Cell, DateInput, FormGrid, SelectInput } from '../../components/form-inputs';
import { PickersProvider } from '../../components/pickers-provider';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { useCompanyOptions } from '../../lib/company-options';
import { toDay } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { documentKeys } from './api';

type Preset = 'lastQuarter' | 'thisQuarter' | 'lastYear' | 'thisYear';
const presets: Preset[] = ['lastQuarter', 'thisQuarter', 'lastYear', 'thisYear'];

/** The first and last day of a preset period, from today's local date. */
export function presetPeriod(preset: Preset, today = new Date()): { from: string; until: string } {
  const y = today.getFullYear();
  const q = Math.floor(today.getMonth() / 3);
  const range = (from: Date, until: Date) => ({ from: toDay(from), until: toDay(until) });
  switch (preset) {
    case 'thisQuarter':
      return range(new Date(y, q * 3, 1), new Date(y, q * 3 + 3, 0));
    case 'lastQuarter':
      return range(new Date(y, q * 3 - 3, 1), new Date(y, q * 3, 0));
    case 'lastYear':
      return range(new Date(y - 1, 0, 1), new Date(y - 1, 11, 31));
    case 'thisYear':
      return range(new Date(y, 0, 1), new Date(y, 11, 31));
  }
}

/**
 * "Management report": the PDF a DPO hands to management, for one company and a period the user
 * chooses (presets for quarters and years); the server keeps it under Documents.
 */
export function ManagementReportButton() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const [open, setOpen] = useState(false);
  if (!me?.claims.includes('Summary.Read')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<Assessment />} onClick={() => setOpen(true)}>
        {t('managementReport.button')}
      </Button>
      {open && (
        <PickersProvider>
          <ManagementReportDialog onClose={() => setOpen(false)} />
        </PickersProvider>
      )}
    </>
  );
}

function ManagementReportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const companies = useCompanyOptions(true);
  const client = useQueryClient();
  const [companyId, setCompanyId] = useState<string | null>(scope?.id ?? null);
  const [period, setPeriod] = useState(() => presetPeriod('lastQuarter'));
  const [busy, setBusy] = useState(false);
  const options = (companies.data ?? [])
    .filter((c) => !scope || c.id === scope.id || c.parentCompanyId === scope.id)
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map((c) => ({ value: c.id, label: c.name }));
  const parsed = managementReportQuerySchema.safeParse({ companyId, ...period });
  const errorOf = (field: string) => {
    if (parsed.success) return undefined;
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    return issue && (field !== 'companyId' || companyId) ? t([`items.${issue.message}`, issue.message]) : undefined;
  };

  async function create() {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const params = new URLSearchParams({
        companyId: parsed.data.companyId,
        from: parsed.data.from,
        until: parsed.data.until,
        format: 'pdf',
      });
      const file = await apiRequest<DownloadedFile>(`/report/management?${params}`, { responseType: 'file' });
      saveFile(file, `${t('managementReport.fileName')} ${parsed.data.from} – ${parsed.data.until}.pdf`);
      notify(t('managementReport.kept'), 'success');
      await client.invalidateQueries({ queryKey: documentKeys.all });
      onClose();
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame
      title={t('managementReport.title')}
      description={t('managementReport.description')}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!parsed.success || busy} onClick={() => void create()}>
            {busy ? t('managementReport.busy') : t('managementReport.create')}
          </Button>
        </>
      }
    >
      <FormGrid>
        <Cell wide>
          <SelectInput<string>
            label={t('managementReport.company')}
            name="companyId"
            value={companyId}
            onChange={setCompanyId}
            required
            options={options}
          />
        </Cell>
        <Cell wide>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            role="group"
            aria-label={t('managementReport.preset.label')}
          >
            {presets.map((p) => {
              const range = presetPeriod(p);
              const selected = range.from === period.from && range.until === period.until;
              return (
                <Chip
                  key={p}
                  label={t(`managementReport.preset.${p}`)}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  aria-pressed={selected}
                  onClick={() => setPeriod(range)}
                />
              );
            })}
          </Stack>
        </Cell>
        {(['from', 'until'] as const).map((end) => (
          <Cell key={end}>
            <DateInput
              label={end === 'from' ? t('managementReport.from') : t('managementReport.until')}
              name={end}
              required
              value={period[end]}
              onChange={(v) => setPeriod((p) => ({ ...p, [end]: v ?? '' }))}
              error={errorOf(end)}
            />
          </Cell>
        ))}
      </FormGrid>
    </DialogFrame>
  );
}
