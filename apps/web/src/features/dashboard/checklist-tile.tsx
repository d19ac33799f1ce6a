import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Checklist, ChecklistStep } from '@pc/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useDismissChecklist } from './api';

/** The register where a step is done; the company's own data (and its officer) on its page. */
const registerOf = {
  activities: '/process',
  processors: '/service-agreement-with-provider',
  measures: '/measure',
  colleagues: '/administration/users',
} as const;

/** Where each step is done; shown only when the server says the user may do it. */
function StepAction({ step, companyId }: { step: ChecklistStep; companyId: string }) {
  const { t } = useTranslation();
  if (step.done || !step.canAct) return null;
  const label = t(`dashboard.checklist.step.${step.key}.action`);
  const common = { size: 'small', variant: 'outlined', sx: { alignSelf: 'flex-start', mt: 0.75 } } as const;
  if (step.key === 'companyData' || step.key === 'dpo')
    return (
      <ButtonLink {...common} to="/administration/companies/$id" params={{ id: companyId }}>
        {label}
      </ButtonLink>
    );
  return (
    <ButtonLink {...common} to={registerOf[step.key]}>
      {label}
    </ButtonLink>
  );
}

/**
 * A new customer's first steps, in place of a row of empty register tiles: each step ticked off
 * from the company's real data by the server, with a link to where it is done, until all are
 * done or the user hides it (per user and company; the tiles menu brings it back).
 */
export function ChecklistTile({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation();
  const dismiss = useDismissChecklist();
  const headingId = useId();
  const done = checklist.steps.filter((s) => s.done).length;
  const total = checklist.steps.length;
  const progress = t('dashboard.checklist.progress', { done, total });
  return (
    <Card component="section" aria-labelledby={headingId} data-tile="checklist" sx={{ gridColumn: '1 / -1', p: 2, pt: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 650, lineHeight: 1.3 }}>
            {t('dashboard.checklist.title', { company: checklist.companyName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.checklist.intro')}
          </Typography>
        </Box>
        <Tooltip title={t('dashboard.checklist.dismiss')}>
          <IconButton
            size="small"
            aria-label={t('dashboard.checklist.dismiss')}
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(true, {
                onSuccess: () => notify(t('dashboard.checklist.dismissed'), 'info'),
                onError: (error) => notify(errorText(t, error), 'error'),
              })
            }
          >
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={(done / Math.max(total, 1)) * 100}
          aria-label={progress}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="checklist-progress">
          {progress}
        </Typography>
      </Box>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {checklist.steps.map((step) => (
          <Box
            component="li"
            key={step.key}
            data-step={step.key}
            data-done={step.done}
            sx={{
              display: 'flex',
              gap: 1.25,
              p: 1.5,
              borderRadius: 1,
              border: '1px solid',
              borderColor: 'divider',
              bgcolor: step.done ? 'action.hover' : undefined,
            }}
          >
            {step.done ? (
              <CheckCircle color="success" sx={{ mt: 0.25 }} aria-hidden />
            ) : (
              <RadioButtonUnchecked color="disabled" sx={{ mt: 0.25 }} aria-hidden />
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`dashboard.checklist.step.${step.key}.title`)}
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {` · ${step.done ? t('dashboard.checklist.done') : t('dashboard.checklist.open')}`}
                </Box>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`dashboard.checklist.step.${step.key}.text`)}
              </Typography>
              {checklist.companyId && <StepAction step={step} companyId={checklist.companyId} />}
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
