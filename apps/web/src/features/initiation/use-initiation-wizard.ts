import {
  type CompanyDetail,
  type CompanyInput,
  companyFormSchema,
  companyInputSchema,
  type Initiation,
  type InitiationInput,
  type InitiationStepKey,
  initiationInputSchema,
  initiationStepsFor,
} from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { applyFieldErrors, errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import {
  addMissingMeasures,
  companyDetailKey,
  finishInitiation,
  inputOf,
  refreshStatus,
  saveCompany,
  saveInitiation,
} from './api';

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

const toggled = <T>(set: Set<T>, item: T, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
};

/**
 * The wizard's state and its moves: the draft, the open step, the steps visited and failed, the
 * server's field messages. Moving on saves: the company on leaving its two steps, the draft (with
 * the step reached) on every move, missing measures when asked for.
 */
export function useInitiationWizard(initiation: Initiation, company: CompanyDetail) {
  const { t } = useTranslation();
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
  const markFailed = (key: InitiationStepKey, on: boolean) => setFailed((f) => toggled(f, key, on));

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
      queryClient.setQueryData(companyDetailKey(company.id), saved);
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

  /** Whatever leaving the step saves; answers whether the move may happen. */
  const saveStep = async (key: InitiationStepKey, next: number): Promise<boolean> => {
    if ((key === 'company' || key === 'dpo') && !(await leaveCompanyStep(key))) return false;
    if (
      key === 'dpo' &&
      !initiationInputSchema.shape.dataProtectionOfficerEmail.safeParse(draft.dataProtectionOfficerEmail).success
    ) {
      setFieldErrors((e) => ({ ...e, dataProtectionOfficerEmail: 'validation.email' }));
      markFailed('dpo', true);
      return false;
    }
    try {
      if (key === 'measures' && draft.autoGenerateMeasures) {
        await addMissingMeasures(company.id);
        notify(t('initiation.measuresUpdated'), 'info');
      }
    } catch (error) {
      notify(errorText(t, error), 'error');
      return false;
    }
    // The step index is saved on every change.
    try {
      const saved = await saveInitiation({ ...draft, step: next });
      // Saving an external DPO's new address sends the invitation (the server decides).
      const sent = saved.dpoInvitation;
      if (sent?.status === 'Pending' && (sent.recipient !== invited?.recipient || sent.sentDate !== invited?.sentDate))
        notify(t('initiation.step.dpo.invitationSent', { email: sent.recipient }), 'success');
      setInvited(sent);
      return true;
    } catch (error) {
      if (!showFieldErrors(error)) notify(errorText(t, error), 'error');
      return false;
    }
  };

  const goTo = async (next: number) => {
    if (busy || next === active || next < 0 || next >= steps.length) return;
    const key = steps[active]!;
    setBusy(true);
    try {
      if (!readOnly && !(await saveStep(key, next))) return;
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
      if (!showFieldErrors(error)) notify(errorText(t, error), 'error');
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

  return {
    steps,
    isAgency: initiation.isAgency,
    draft,
    set,
    active,
    visited,
    failed,
    fieldErrors,
    busy,
    invited,
    companyForm,
    readOnly,
    goTo,
    finish,
  };
}

export type InitiationWizard = ReturnType<typeof useInitiationWizard>;
