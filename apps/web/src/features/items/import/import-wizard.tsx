import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ImportPreview, ImportResult, ItemTypeKey } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { visuallyHidden } from '../../../components/visually-hidden';
import { isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/messages';
import { useSession } from '../../../lib/session/session-store';
import { invalidateItems } from '../api';
import { typePlural, validationMessage } from '../labels';
import { commitImport, previewImport, remapImport } from './api';
import { FileStep } from './file-step';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { ResultStep } from './result-step';

const steps = ['file', 'mapping', 'preview', 'result'] as const;
type StepName = (typeof steps)[number];

/** Visually hidden from the small breakpoint up (the stepper says it there), still read and focusable. */
const onlyOnPhones = Object.fromEntries(Object.entries(visuallyHidden).map(([k, v]) => [k, { sm: v }]));

const sameMapping = (a: (string | null)[], b: (string | null)[]) => a.length === b.length && a.every((f, i) => f === b[i]);

/**
 * The import of a register: file → column mapping → preview with row errors → commit → result.
 * Nothing is written before the commit; the server checks every row again when it writes.
 */
export function ImportWizard({ type, onClose }: { type: ItemTypeKey; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scope = useSession((s) => s.me?.scopeCompany ?? null);
  const scopeCompanyId = scope?.type === 'Company' ? scope.id : null;
  const [step, setStep] = useState<StepName>('file');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** Rows written so far while the commit runs, as the server reports them. */
  const [written, setWritten] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step is announced and keyboard focus starts at its heading.
  useEffect(() => {
    if (step !== 'file') heading.current?.focus();
  }, [step]);

  /**
   * A request of the wizard: busy meanwhile, its failure said under the step. A problem of the
   * file (unreadable, too large) in its own words; at the commit a 422 only says that the import
   * failed (the preview showed the rows' problems).
   */
  async function attempt(task: () => Promise<void>, fallback: string, commit = false) {
    setProblem(null);
    setBusy(true);
    try {
      await task();
    } catch (error) {
      if (commit && isApiError(error) && error.status === 422) setProblem(fallback);
      else if (isApiError(error) && error.fields?.file?.[0]) setProblem(validationMessage(t, error.fields.file[0]));
      else if (isApiError(error) && error.status === 413) setProblem(t('errors.code.payload_too_large'));
      else setProblem(errorText(t, error, fallback));
    } finally {
      setBusy(false);
    }
  }

  async function read(file: File) {
    setProgress(0);
    await attempt(async () => {
      const p = await previewImport(type, file, scopeCompanyId ? null : companyId, (f) => setProgress(Math.min(f, 1)));
      setPreview(p);
      setMapping(p.mapping.map((m) => m.field));
      setStep('mapping');
    }, t('import.file.failed'));
    setProgress(null);
  }

  async function toPreview() {
    if (!preview) return;
    if (
      sameMapping(
        mapping,
        preview.mapping.map((m) => m.field),
      )
    ) {
      setProblem(null);
      setStep('preview');
      return;
    }
    await attempt(async () => {
      setPreview(await remapImport(preview.importId, mapping));
      setStep('preview');
    }, t('common.unexpectedError'));
  }

  async function commit() {
    if (!preview) return;
    await attempt(
      async () => {
        setWritten(null);
        setResult(await commitImport(preview.importId, (done, total) => setWritten({ done, total })));
        invalidateItems(client, type);
        setStep('result');
      },
      t('import.preview.failed'),
      true,
    );
  }

  function restart() {
    setPreview(null);
    setResult(null);
    setProblem(null);
    setStep('file');
  }

  const index = steps.indexOf(step);
  const writable = preview ? preview.counts.new + preview.counts.updated : 0;
  const back = (to: StepName) => (
    <Button
      onClick={() => {
        setProblem(null);
        setStep(to);
      }}
      disabled={busy}
    >
      {t('import.back')}
    </Button>
  );
  const actions = {
    file: <Button onClick={onClose}>{t('common.cancel')}</Button>,
    mapping: (
      <>
        {back('file')}
        <Button variant="contained" onClick={() => void toPreview()} loading={busy}>
          {t('import.next')}
        </Button>
      </>
    ),
    preview: (
      <>
        {back('mapping')}
        <Button
          variant="contained"
          onClick={() => void commit()}
          loading={busy}
          disabled={!preview || preview.counts.errors > 0 || writable === 0}
        >
          {t('import.preview.commit', { count: writable })}
        </Button>
      </>
    ),
    result: (
      <>
        <Button onClick={restart}>{t('import.another')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('import.close')}
        </Button>
      </>
    ),
  }[step];

  return (
    <DialogFrame
      title={t('import.title', { type: typePlural(t, type) })}
      onClose={onClose}
      busy={busy || progress !== null}
      width={960}
      header={
        <Stepper activeStep={index} sx={{ px: 3, pb: 2, display: { xs: 'none', sm: 'flex' } }} aria-hidden>
          {steps.map((s) => (
            <Step key={s} completed={index > steps.indexOf(s) || step === 'result'}>
              <StepLabel>{t(`import.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      }
      actions={actions}
    >
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="subtitle1"
        component="h3"
        // Seen on a phone, where the stepper has no room; read by screen readers everywhere.
        sx={{ mb: 1.5, fontWeight: 600, outline: 'none', ...onlyOnPhones }}
      >
        {t('import.stepOf', { step: index + 1, count: steps.length, name: t(`import.steps.${step}`) })}
      </Typography>
      {step === 'file' && (
        <FileStep
          type={type}
          scopeCompanyId={scopeCompanyId}
          groupScopeId={scopeCompanyId ? null : (scope?.id ?? null)}
          companyId={companyId}
          onCompany={setCompanyId}
          progress={progress}
          problem={problem}
          onFile={(f) => void read(f)}
        />
      )}
      {step === 'mapping' && preview && <MappingStep type={type} preview={preview} mapping={mapping} onMapping={setMapping} />}
      {step === 'preview' && preview && <PreviewStep preview={preview} writing={busy} written={written} />}
      {step === 'result' && result && <ResultStep result={result} />}
      {problem && step !== 'file' && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
    </DialogFrame>
  );
}
