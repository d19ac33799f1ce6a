import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type PdcaCycleData, type PdcaPhase, pdcaOverdue } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format';

const phases = ['plan', 'do', 'check', 'act'] as const;
const endKey = { plan: 'planEnd', do: 'doEnd', check: 'checkEnd', act: 'actEnd' } as const;

/** Plan – Do – Check – Act as a stepper: done phases, the current one with its end date, overdue or on schedule. */
export function PdcaPanel({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation();
  const phase = (typeof data.phase === 'string' ? data.phase : 'plan') as PdcaPhase;
  const cycle: PdcaCycleData = {
    phase,
    planEnd: (data.planEnd as string | null) ?? null,
    doEnd: (data.doEnd as string | null) ?? null,
    checkEnd: (data.checkEnd as string | null) ?? null,
    actEnd: (data.actEnd as string | null) ?? null,
  };
  const active = phase === 'finished' ? phases.length : phases.indexOf(phase as (typeof phases)[number]);
  const overdue = pdcaOverdue(cycle);
  return (
    <Box
      component="section"
      aria-labelledby="pdca-progress-title"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="pdca-progress-title" variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('items.pdca.progress')}
        </Typography>
        {phase === 'finished' ? (
          <Chip label={t('items.pdca.finished')} sx={{ bgcolor: '#e3f1e4', color: '#1b5e20', fontWeight: 700 }} />
        ) : overdue ? (
          <Chip label={t('items.pdca.overdue')} sx={{ bgcolor: '#c62828', color: '#fff', fontWeight: 700 }} />
        ) : (
          <Chip
            label={t('items.pdca.onSchedule')}
            variant="outlined"
            sx={{ color: '#1b5e20', borderColor: '#2e7d32', fontWeight: 700 }}
          />
        )}
      </Box>
      <Stepper activeStep={active} alternativeLabel sx={{ '& .MuiStepLabel-label': { mt: 0.5 } }}>
        {phases.map((p, i) => {
          const end = cycle[endKey[p]];
          return (
            <Step key={p} completed={i < active}>
              <StepLabel
                error={i === active && overdue}
                optional={
                  <Typography variant="caption" color={i === active && overdue ? 'error' : 'text.secondary'}>
                    {end ? t('items.pdca.until', { date: formatDate(end) }) : '–'}
                  </Typography>
                }
              >
                {t(`items.option.pdcaPhase.${p}`)}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}
