import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepButton, { type StepButtonProps } from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { CompanyDetail, Initiation } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { errorText } from '../../lib/messages';
import { useSession } from '../../lib/session/session-store';
import { useCompany, useInitiation } from './api';
import { StepBody } from './initiation-steps';
import { useInitiationWizard } from './use-initiation-wizard';

/** /initiation: the first-run wizard of the current company. */
export function InitiationPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const navigate = useNavigate();
  const companyId = me ? (me.scopeCompany?.id ?? me.companyId) : null;
  const continuable = !!me?.canContinueInitiation;
  // A wizard that can no longer be continued is left for the dashboard.
  useEffect(() => {
    if (me && !continuable) void navigate({ to: '/home', replace: true });
  }, [me, continuable, navigate]);
  const initiation = useInitiation(companyId, continuable);
  const company = useCompany(companyId ?? '', continuable);

  if (!continuable) return <PageLoader />;
  if (initiation.isError || company.isError) {
    return (
      <>
        <PageHeader title={t('initiation.title')} />
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void initiation.refetch();
                void company.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {errorText(t, initiation.error ?? company.error)}
        </Alert>
      </>
    );
  }
  if (!initiation.data || !company.data) return <PageLoader />;
  return <Wizard initiation={initiation.data} company={company.data} />;
}

function Wizard({ initiation, company }: { initiation: Initiation; company: CompanyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wizard = useInitiationWizard(initiation, company);
  const { steps, active, visited, failed, busy, readOnly, goTo, finish } = wizard;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
          {t('initiation.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t(initiation.isAgency ? 'initiation.introAgency' : 'initiation.intro', { company: initiation.companyName })}
        </Typography>
      </Box>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('initiation.readOnly')}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 1, sm: 3 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } }}>
          <Stepper activeStep={active} orientation="vertical" nonLinear aria-busy={busy}>
            {steps.map((key, index) => {
              const error = failed.has(key);
              const done = visited.has(key) && !error && index !== active;
              return (
                <Step key={key} completed={done} data-step={key}>
                  <StepHeader
                    onClick={() => void goTo(index)}
                    disabled={busy}
                    aria-current={index === active ? 'step' : undefined}
                    icon={index === active && !error ? <Edit color="primary" aria-hidden /> : undefined}
                    optional={
                      error ? (
                        <Typography variant="caption" color="error">
                          {t('initiation.stepError')}
                        </Typography>
                      ) : key !== 'company' && key !== 'finish' ? (
                        <Typography variant="caption">{t('initiation.optional')}</Typography>
                      ) : undefined
                    }
                  >
                    <StepLabel error={error} sx={{ p: 0 }}>
                      {t(`initiation.step.${key}.title`)}
                    </StepLabel>
                  </StepHeader>
                  <StepContent sx={{ pl: { xs: 1.5, sm: 2.5 }, pr: 0, ml: { xs: 1.25, sm: 1.5 } }}>
                    <Box sx={{ pt: 1, pb: 1, minWidth: 0 }}>
                      <StepBody step={key} wizard={wizard} />
                    </Box>
                    <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
                      {index > 0 && (
                        <Button onClick={() => void goTo(index - 1)} disabled={busy}>
                          {t('initiation.back')}
                        </Button>
                      )}
                      {key === 'finish' ? (
                        <Button
                          variant="contained"
                          onClick={() => void finish()}
                          disabled={busy || readOnly}
                          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                        >
                          {t('initiation.finish.button')}
                        </Button>
                      ) : (
                        <Button
                          variant="contained"
                          onClick={() => void goTo(index + 1)}
                          disabled={busy}
                          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                        >
                          {t('initiation.next')}
                        </Button>
                      )}
                      <Button onClick={() => void navigate({ to: '/home' })} disabled={busy} sx={{ ml: { sm: 'auto' } }}>
                        {t('initiation.later')}
                      </Button>
                    </Box>
                  </StepContent>
                </Step>
              );
            })}
          </Stepper>
        </CardContent>
      </Card>
    </>
  );
}

/**
 * A step header as a plain button in an ordered list. MUI turns a stepper whose steps hold a
 * StepButton directly into a tablist with roving focus; with each step's content (a whole form)
 * inside the list that is no tab pattern (axe: aria-required-children), and every header should
 * be reachable with Tab. Wrapped, the stepper stays a list; the step is a plain button again.
 */
const noTab = { 'aria-selected': undefined, 'aria-posinset': undefined, 'aria-setsize': undefined };
function StepHeader(props: StepButtonProps) {
  return <StepButton {...props} role="button" tabIndex={0} {...noTab} />;
}
