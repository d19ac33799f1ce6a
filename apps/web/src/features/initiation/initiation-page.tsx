import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton, { type StepButtonProps } from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CompanyDetail,
  type CompanyInput,
  companyFormSchema,
  companyInputSchema,
  dpoTypes,
  type Initiation,
  type InitiationInput,
  type InitiationStepKey,
  initiationInputSchema,
  initiationStepsFor,
} from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { isApiError } from '../../lib/api/api-error';
import { formatDate } from '../../lib/format';
import { applyFieldErrors, errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import {
  addMissingMeasures,
  finishInitiation,
  inputOf,
  refreshStatus,
  saveCompany,
  saveInitiation,
  useCompany,
  useInitiation,
} from './api';
import { CompanyFields } from './company-fields';
import { TagListInput } from './tag-list-input';
import { TemplateGrid } from './template-grid';

const companyFields = Object.keys(companyInputSchema.shape) as (keyof CompanyInput)[];
const companyInputOf = (detail: CompanyDetail): CompanyInput =>
  Object.fromEntries(companyFields.map((k) => [k, detail[k as keyof CompanyDetail]])) as CompanyInput;

/** Which step shows a server field error (`processes.3` → processes). */
const stepOfField: Record<string, InitiationStepKey> = {
  dataProtectionOfficerType: 'dpo',
  dataProtectionOfficerEmail: 'dpo',
  processTemplateIds: 'processes',
  processes: 'processes',
  serviceAgreements: 'processors',
  websites: 'websites',
  autoGenerateMeasures: 'measures',
  clients: 'clients',
  createDemo: 'clients',
};

type ListKey = 'processes' | 'serviceAgreements' | 'websites' | 'clients';

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
  const queryClient = useQueryClient();
  const steps = initiationStepsFor(initiation.isAgency);
  const [draft, setDraft] = useState<InitiationInput>(() => inputOf(initiation));
  const [active, setActive] = useState(Math.min(initiation.step, steps.length - 1));
  const [visited, setVisited] = useState(() => new Set(steps.filter((_s, n) => n < initiation.step)));
  const [failed, setFailed] = useState<Set<InitiationStepKey>>(new Set());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [invited, setInvited] = useState(initiation.dpoInvitation);
  const [companyVersion, setCompanyVersion] = useState(company.version);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const companyForm = useZodForm<CompanyInput>(companyFormSchema, {
    defaultValues: companyInputOf(company),
    onSubmit: () => undefined,
  });
  const readOnly = !initiation.rights.write;

  const set = <K extends keyof InitiationInput>(key: K, value: InitiationInput[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFieldErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(next)) if (k === key || k.startsWith(`${String(key)}.`)) delete next[k];
      return next;
    });
  };
  const markFailed = (key: InitiationStepKey, on: boolean) =>
    setFailed((f) => {
      const next = new Set(f);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  /** Server field errors onto their steps; answers whether any step took one. */
  const showFieldErrors = (error: unknown): boolean => {
    if (!isApiError(error) || error.status !== 422 || !error.fields) return false;
    const byField: Record<string, string> = {};
    const bad = new Set<InitiationStepKey>();
    for (const [path, messages] of Object.entries(error.fields)) {
      const base = path.split('.')[0]!;
      byField[base] ??= messages[0] ?? 'validation.invalid';
      bad.add(stepOfField[base] ?? steps[active]!);
    }
    setFieldErrors(byField);
    setFailed((f) => new Set([...f, ...bad]));
    return true;
  };

  /** Leaving step 0 or 1 saves the company. */
  const leaveCompanyStep = async (key: InitiationStepKey): Promise<boolean> => {
    const valid = await companyForm.trigger();
    if (!valid) {
      markFailed(key === 'dpo' ? 'company' : key, true);
      notify(t('initiation.checkFields'), 'error');
      return false;
    }
    try {
      const saved = await saveCompany(company.id, companyForm.getValues(), companyVersion);
      setCompanyVersion(saved.version);
      companyForm.reset(companyInputOf(saved));
      queryClient.setQueryData(['company', 'detail', company.id], saved);
      markFailed('company', false);
      notify(t('initiation.companyUpdated'), 'info');
      return true;
    } catch (error) {
      if (applyFieldErrors(error, companyForm.setError, (path) => companyFields.find((f) => f === path.split('.')[0]))) {
        markFailed('company', true);
        notify(t('initiation.checkFields'), 'error');
      } else notify(errorText(t, error), 'error');
      return false;
    }
  };

  const goTo = async (next: number) => {
    if (busy || next === active || next < 0 || next >= steps.length) return;
    const key = steps[active]!;
    setBusy(true);
    try {
      if (!readOnly) {
        if ((key === 'company' || key === 'dpo') && !(await leaveCompanyStep(key))) return;
        if (
          key === 'dpo' &&
          !initiationInputSchema.shape.dataProtectionOfficerEmail.safeParse(draft.dataProtectionOfficerEmail).success
        ) {
          setFieldErrors((e) => ({ ...e, dataProtectionOfficerEmail: 'validation.email' }));
          markFailed('dpo', true);
          return;
        }
        if (key === 'measures' && draft.autoGenerateMeasures) {
          try {
            await addMissingMeasures(company.id);
            notify(t('initiation.measuresUpdated'), 'info');
          } catch (error) {
            notify(errorText(t, error), 'error');
            return;
          }
        }
        // The step index is saved on every change.
        try {
          const saved = await saveInitiation({ ...draft, step: next });
          // Saving an external DPO's new address sends the invitation (the server decides; see its service).
          const sent = saved.dpoInvitation;
          if (sent?.status === 'Pending' && (sent.recipient !== invited?.recipient || sent.sentDate !== invited?.sentDate))
            notify(t('initiation.step.dpo.invitationSent', { email: sent.recipient }), 'success');
          setInvited(sent);
        } catch (error) {
          if (!showFieldErrors(error)) notify(errorText(t, error), 'error');
          return;
        }
      }
      markFailed(key, false);
      setVisited((v) => new Set([...v, key]));
      setDraft((d) => ({ ...d, step: next }));
      setActive(next);
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    try {
      const created = await finishInitiation({ ...draft, step: active });
      notify(t('initiation.finish.done', created), 'success');
      await queryClient.invalidateQueries();
    } catch (error) {
      // A 422 shows on its steps without a message.
      if (isApiError(error) && error.status === 422) showFieldErrors(error);
      else notify(t('initiation.finish.error'), 'error');
    } finally {
      setBusy(false);
    }
    // The status comes from the server; once finished, the page sends the user home.
    try {
      await refreshStatus();
    } catch {
      // The next call refreshes it.
    }
  };

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const content = (key: InitiationStepKey): ReactNode => {
    switch (key) {
      case 'company':
        return <CompanyFields form={companyForm} disabled={readOnly || busy} />;
      case 'dpo':
        return (
          <DpoStep
            draft={draft}
            set={set}
            invited={invited}
            error={fieldErrors.dataProtectionOfficerEmail}
            disabled={readOnly || busy}
          />
        );
      case 'processes':
        return (
          <Stack spacing={2.5}>
            <Typography color="text.secondary">{t('initiation.step.processes.intro')}</Typography>
            <TemplateGrid
              selected={draft.processTemplateIds}
              onChange={(ids) => set('processTemplateIds', ids)}
              disabled={readOnly || busy}
            />
            {fieldErrors.processTemplateIds && <Alert severity="error">{messageText(t, fieldErrors.processTemplateIds)}</Alert>}
            {list('processes')}
          </Stack>
        );
      case 'processors':
        return list('serviceAgreements');
      case 'websites':
        return list('websites');
      case 'measures':
        return (
          <Stack spacing={1}>
            <Typography color="text.secondary">{t('initiation.step.measures.intro')}</Typography>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.autoGenerateMeasures}
                  onChange={(e) => set('autoGenerateMeasures', e.target.checked)}
                  disabled={readOnly || busy}
                />
              }
              label={t('initiation.step.measures.auto')}
            />
          </Stack>
        );
      case 'clients':
        return (
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('initiation.step.clients.intro')}</Typography>
            {list('clients')}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.createDemo}
                  onChange={(e) => set('createDemo', e.target.checked)}
                  disabled={readOnly || busy}
                />
              }
              label={t('initiation.step.clients.createDemo')}
            />
          </Stack>
        );
      case 'finish':
        return <Summary draft={draft} isAgency={initiation.isAgency} />;
    }
  };

  const list = (key: ListKey) => (
    <TagListInput
      label={t(`initiation.list.${key}.label`)}
      helperText={t('initiation.list.hint')}
      value={draft[key]}
      onChange={(v) => set(key, v)}
      error={messageText(t, fieldErrors[key])}
      disabled={readOnly || busy}
    />
  );

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
                    <Box sx={{ pt: 1, pb: 1, minWidth: 0 }}>{content(key)}</Box>
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

function DpoStep({
  draft,
  set,
  invited,
  error,
  disabled,
}: {
  draft: InitiationInput;
  set: <K extends keyof InitiationInput>(key: K, value: InitiationInput[K]) => void;
  invited: Initiation['dpoInvitation'];
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const withEmail = draft.dataProtectionOfficerType === 'External' || draft.dataProtectionOfficerType === 'Internal';
  // Only while the address on screen is the one invited: a changed one is invited on "Next".
  const shownInvitation =
    draft.dataProtectionOfficerType === 'External' &&
    invited &&
    invited.status !== 'Withdrawn' &&
    invited.recipient.toLowerCase() === draft.dataProtectionOfficerEmail.toLowerCase()
      ? invited
      : null;
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={labelId}>{t('initiation.step.dpo.question')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={draft.dataProtectionOfficerType ?? ''}
          onChange={(e) => set('dataProtectionOfficerType', e.target.value as (typeof dpoTypes)[number])}
        >
          {dpoTypes.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio />}
              disabled={disabled}
              label={t(`initiation.step.dpo.type.${type}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {withEmail && (
        <TextField
          type="email"
          label={t('initiation.step.dpo.email')}
          value={draft.dataProtectionOfficerEmail}
          onChange={(e) => set('dataProtectionOfficerEmail', e.target.value.trim())}
          error={!!error}
          helperText={
            messageText(t, error) ??
            (shownInvitation ? undefined : t(`initiation.step.dpo.emailHint.${draft.dataProtectionOfficerType}`))
          }
          disabled={disabled}
          sx={{ maxWidth: 480 }}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
      )}
      {shownInvitation && (
        <Alert
          severity={shownInvitation.status === 'Declined' ? 'warning' : 'success'}
          sx={{ maxWidth: 640 }}
          data-testid="dpo-invitation"
        >
          {t(`initiation.step.dpo.invitation.${shownInvitation.status}`, {
            email: shownInvitation.recipient,
            date: formatDate(shownInvitation.sentDate),
          })}
        </Alert>
      )}
    </Stack>
  );
}

function Summary({ draft, isAgency }: { draft: InitiationInput; isAgency: boolean }) {
  const { t } = useTranslation();
  const lines = isAgency
    ? [
        t('initiation.summary.clients', { count: draft.clients.length }),
        ...(draft.createDemo ? [t('initiation.summary.demo')] : []),
      ]
    : [
        t('initiation.summary.processes', { count: draft.processTemplateIds.length + draft.processes.length }),
        t('initiation.summary.processors', { count: draft.serviceAgreements.length }),
        t('initiation.summary.websites', { count: draft.websites.length }),
        ...(draft.autoGenerateMeasures ? [t('initiation.summary.measures')] : []),
      ];
  return (
    <Stack spacing={1}>
      <Typography>{t('initiation.summary.intro')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {lines.map((line) => (
          <li key={line}>
            <Typography>{line}</Typography>
          </li>
        ))}
      </Box>
      {!isAgency && draft.processTemplateIds.length + draft.processes.length > 0 && (
        <Typography data-testid="initiation-links">{t('initiation.summary.links')}</Typography>
      )}
    </Stack>
  );
}
