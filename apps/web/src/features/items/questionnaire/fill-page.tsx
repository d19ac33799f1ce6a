import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import HourglassDisabled from '@mui/icons-material/HourglassDisabled';
import LinkOff from '@mui/icons-material/LinkOff';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANSWER_TEXT_MAX,
  type Answers,
  type AnswerValue,
  allowedAttachmentMimeTypes,
  checkAnswers,
  type PublicQuestionnaire,
  type Question,
  type QuestionnaireFile,
} from '@pc/shared';
import { useParams } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLayout } from '../../../components/centered-layout';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api/api-error';
import { formatBytes, formatDate, formatDateTime } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { validationMessage } from '../labels';
import { pick } from './answers-view';
import { loadPublicQuestionnaire, publicLogoUrl, saveDraft, submitAnswers, uploadAnswerFile } from './api';

const LegalDialog = lazy(() => import('../../../components/legal-dialog').then((m) => ({ default: m.LegalDialog })));

/**
 * The page collects personal data of someone who has no account here: the operator's imprint and
 * privacy notice (their configured legal documents) are one click away on every state of it.
 */
function LegalLinks({ t }: { t: TFunction }) {
  const [open, setOpen] = useState<'imprint' | 'privacy-statement' | null>(null);
  return (
    <>
      <Stack
        component="nav"
        aria-label={t('legal.links')}
        direction="row"
        sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, mt: 2 }}
      >
        {(['imprint', 'privacy-statement'] as const).map((type) => (
          <Button key={type} size="small" onClick={() => setOpen(type)} sx={{ color: 'text.secondary' }}>
            {t(`legal.${type}`)}
          </Button>
        ))}
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <LegalDialog document={open} open onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * /questionnaire/fill/$responseKey: the public page a recipient opens from the mail,
 * without login, in the questionnaire's language. Drafts are kept on the server; submitting
 * checks required answers (the same rules as the server) and is possible once.
 */
export function QuestionnaireFillPage() {
  const { i18n } = useTranslation();
  const { responseKey = '' } = useParams({ strict: false }) as { responseKey?: string };
  const query = usePublicQuestionnaire(responseKey);
  const [submitted, setSubmitted] = useState(false);
  const language = query.data?.language ?? (i18n.language === 'en' ? 'en' : 'de');
  // The page speaks the questionnaire's language, whatever the visitor's app language is.
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void i18n.loadLanguages(language).then(() => !cancelled && setLoaded(language));
    return () => {
      cancelled = true;
    };
  }, [i18n, language]);
  const t = i18n.getFixedT(language);

  if (query.isPending || loaded !== language) return <PageLoader />;
  if (query.isError) {
    const unknown = isApiError(query.error) && (query.error.status === 404 || query.error.status === 422);
    return (
      <StatusCard
        t={t}
        icon={<LinkOff color="warning" sx={{ fontSize: 48 }} />}
        title={t(unknown ? 'questionnaire.fill.unknownTitle' : 'questionnaire.fill.loadFailed')}
      >
        {unknown ? t('questionnaire.fill.unknownText') : errorText(t, query.error)}
      </StatusCard>
    );
  }
  const q = query.data;
  if (submitted || q.state === 'submitted') {
    return (
      <StatusCard
        t={t}
        icon={<CheckCircle color="success" sx={{ fontSize: 48 }} />}
        title={t(submitted ? 'questionnaire.fill.thanksTitle' : 'questionnaire.fill.submittedTitle')}
      >
        {t(submitted ? 'questionnaire.fill.thanksText' : 'questionnaire.fill.submittedText', { company: q.companyName })}
      </StatusCard>
    );
  }
  if (q.state === 'expired' || !q.template) {
    return (
      <StatusCard
        t={t}
        icon={<HourglassDisabled color="warning" sx={{ fontSize: 48 }} />}
        title={t('questionnaire.fill.expiredTitle')}
      >
        {t('questionnaire.fill.expiredText', { company: q.companyName })}
      </StatusCard>
    );
  }
  return <FillForm t={t} language={language} responseKey={responseKey} q={q} onSubmitted={() => setSubmitted(true)} />;
}

type Loaded =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: false; data: PublicQuestionnaire; error: null }
  | { isPending: false; isError: true; data: undefined; error: unknown };

function usePublicQuestionnaire(key: string): Loaded {
  const [state, setState] = useState<Loaded>({ isPending: true, isError: false, data: undefined, error: null });
  useEffect(() => {
    const abort = new AbortController();
    loadPublicQuestionnaire(key, abort.signal).then(
      (data) => setState({ isPending: false, isError: false, data, error: null }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ isPending: false, isError: true, data: undefined, error });
      },
    );
    return () => abort.abort();
  }, [key]);
  return state;
}

function StatusCard({ icon, title, children, t }: { icon: ReactNode; title: string; children: ReactNode; t: TFunction }) {
  return (
    <CenteredLayout>
      <Box sx={{ width: '100%', maxWidth: 520 }}>
        <Card sx={{ width: '100%', maxWidth: 520, borderRadius: 4 }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            {icon}
            <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
              {title}
            </Typography>
            <Typography color="text.secondary">{children}</Typography>
          </CardContent>
        </Card>
        <LegalLinks t={t} />
      </Box>
    </CenteredLayout>
  );
}

type Errors = Record<string, string>;

function FillForm({
  t,
  language,
  responseKey,
  q,
  onSubmitted,
}: {
  t: TFunction;
  language: 'de' | 'en';
  responseKey: string;
  q: PublicQuestionnaire;
  onSubmitted: () => void;
}) {
  const template = q.template!;
  const [answers, setAnswers] = useState<Answers>(q.answers);
  const [files, setFiles] = useState<QuestionnaireFile[]>(q.files);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(q.savedAt);
  const [failure, setFailure] = useState<string | null>(null);
  const [logoShown, setLogoShown] = useState(q.hasLogo);

  const set = (id: string, value: AnswerValue) => {
    setAnswers((a) => ({ ...a, [id]: value }));
    setErrors(({ [id]: _drop, ...rest }) => rest);
  };
  const fieldErrors = (fields: Record<string, string[]>): Errors =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^answers\./, ''), v[0] ?? 'validation.invalid']));
  const focusFirst = (errs: Errors) => {
    const first = template.sections.flatMap((s) => s.questions).find((x) => errs[x.id]);
    if (first) document.getElementById(`question-${first.id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 422 && error.fields) {
      const errs = fieldErrors(error.fields);
      setErrors(errs);
      focusFirst(errs);
      setFailure(t('questionnaire.fill.checkAnswers'));
    } else setFailure(errorText(t, error));
  };

  const save = async () => {
    setBusy('save');
    setFailure(null);
    try {
      const res = await saveDraft(responseKey, answers);
      setSavedAt(res.savedAt);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    setFailure(null);
    const local = fieldErrors(checkAnswers(template, answers, true));
    if (Object.keys(local).length) {
      setErrors(local);
      setFailure(t('questionnaire.fill.checkAnswers'));
      focusFirst(local);
      return;
    }
    setBusy('submit');
    try {
      await submitAnswers(responseKey, answers);
      onSubmitted();
    } catch (error) {
      fail(error);
      setBusy(null);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: '#f3f5f8', py: { xs: 2, sm: 5 }, px: { xs: 1, sm: 2 } }}>
      <Card sx={{ maxWidth: 820, mx: 'auto', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
            {logoShown && (
              <Box
                component="img"
                src={publicLogoUrl(responseKey)}
                alt={t('questionnaire.fill.logoAlt', { company: q.companyName })}
                onError={() => setLogoShown(false)}
                sx={{ maxWidth: 240, maxHeight: 80, objectFit: 'contain', alignSelf: { xs: 'flex-start', sm: 'center' } }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {t('questionnaire.fill.from', { company: q.companyName })}
              </Typography>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
                {q.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('questionnaire.fill.due', { date: formatDate(q.dueDate) })}
              </Typography>
            </Box>
          </Stack>
          <Typography sx={{ mb: 3 }}>{pick(template.description, language)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('questionnaire.fill.requiredHint')}
          </Typography>
          <Stack
            spacing={4}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {template.sections.map((section, i) => (
              <Box key={section.id} component="section">
                {i > 0 && <Divider sx={{ mb: 3 }} />}
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  {pick(section.title, language)}
                </Typography>
                <Stack spacing={3}>
                  {section.questions.map((question) => (
                    <QuestionInput
                      key={question.id}
                      t={t}
                      language={language}
                      question={question}
                      value={answers[question.id] ?? null}
                      error={errors[question.id] ? validationMessage(t, errors[question.id]) : undefined}
                      onChange={(v) => set(question.id, v)}
                      files={files}
                      upload={async (file, onProgress) => {
                        const f = await uploadAnswerFile(responseKey, question.id, file, onProgress);
                        setFiles((all) => [...all, f]);
                        const current = answers[question.id];
                        set(question.id, [...(Array.isArray(current) ? current : []), f.id]);
                      }}
                    />
                  ))}
                </Stack>
              </Box>
            ))}
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} role="status">
                {savedAt ? t('questionnaire.fill.savedAt', { time: formatDateTime(savedAt) }) : ''}
              </Typography>
              <Button variant="outlined" onClick={() => void save()} disabled={busy !== null}>
                {busy === 'save' ? t('questionnaire.fill.saving') : t('questionnaire.fill.saveDraft')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy !== null}>
                {busy === 'submit' ? t('questionnaire.fill.submitting') : t('questionnaire.fill.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <LegalLinks t={t} />
    </Box>
  );
}

function QuestionInput({
  t,
  language,
  question,
  value,
  error,
  onChange,
  files,
  upload,
}: {
  t: TFunction;
  language: 'de' | 'en';
  question: Question;
  value: AnswerValue;
  error?: string;
  onChange: (v: AnswerValue) => void;
  files: QuestionnaireFile[];
  upload: (file: File, onProgress: (f: number) => void) => Promise<void>;
}) {
  const label = pick(question.label, language);
  const id = `question-${question.id}`;
  const options = question.options ?? [];
  switch (question.type) {
    case 'text':
    case 'date':
      // The question above the field: long questions would be cut as a floating label.
      return (
        <Box>
          <FormLabel htmlFor={id} required={question.required} error={!!error} sx={{ display: 'block', mb: 1 }}>
            {label}
          </FormLabel>
          <TextField
            id={id}
            hiddenLabel
            type={question.type === 'date' ? 'date' : 'text'}
            multiline={question.type === 'text'}
            minRows={question.type === 'text' ? 2 : undefined}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(question.type === 'date' ? e.target.value || null : e.target.value)}
            error={!!error}
            helperText={error}
            slotProps={{
              htmlInput: { maxLength: question.type === 'text' ? ANSWER_TEXT_MAX : undefined, required: question.required },
            }}
            fullWidth={question.type === 'text'}
            sx={question.type === 'date' ? { width: 220 } : undefined}
          />
        </Box>
      );
    case 'yesNo':
    case 'singleChoice': {
      const choices =
        question.type === 'yesNo'
          ? [
              { key: 'true', text: t('questionnaire.yes') },
              { key: 'false', text: t('questionnaire.no') },
            ]
          : options.map((o) => ({ key: o.key, text: pick(o.label, language) }));
      const current = value === null ? '' : String(value);
      return (
        <FormControl id={id} required={question.required} error={!!error}>
          <FormLabel id={`${id}-label`}>{label}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-label`}
            row={question.type === 'yesNo'}
            value={current}
            onChange={(e) => onChange(question.type === 'yesNo' ? e.target.value === 'true' : e.target.value)}
          >
            {choices.map((c) => (
              <FormControlLabel key={c.key} value={c.key} control={<Radio />} label={c.text} />
            ))}
          </RadioGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'multipleChoice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <FormControl id={id} required={question.required} error={!!error} component="fieldset">
          <FormLabel component="legend" id={`${id}-label`}>
            {label}
          </FormLabel>
          <FormGroup aria-labelledby={`${id}-label`}>
            {options.map((o) => (
              <FormControlLabel
                key={o.key}
                control={
                  <Checkbox
                    checked={chosen.includes(o.key)}
                    onChange={(e) => onChange(e.target.checked ? [...chosen, o.key] : chosen.filter((k) => k !== o.key))}
                  />
                }
                label={pick(o.label, language)}
              />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'file':
      return (
        <FileQuestion
          id={id}
          t={t}
          label={label}
          required={question.required}
          error={error}
          language={language}
          files={files.filter((f) => Array.isArray(value) && value.includes(f.id))}
          onRemove={(fileId) => onChange((Array.isArray(value) ? value : []).filter((x) => x !== fileId))}
          upload={upload}
        />
      );
  }
}

function FileQuestion({
  id,
  t,
  label,
  required,
  error,
  language,
  files,
  onRemove,
  upload,
}: {
  id: string;
  t: TFunction;
  label: string;
  required: boolean;
  error?: string;
  language: string;
  files: QuestionnaireFile[];
  onRemove: (id: string) => void;
  upload: (file: File, onProgress: (f: number) => void) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (e) {
      setFailure(isApiError(e) && e.status === 422 && e.fields?.file ? validationMessage(t, e.fields.file[0]) : errorText(t, e));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <FormControl id={id} required={required} error={!!error || !!failure}>
      <FormLabel htmlFor={inputId}>{label}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
        {files.map((f) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {f.fileName} ({formatBytes(f.size, language)})
            </Typography>
            <IconButton
              size="small"
              aria-label={t('questionnaire.fill.removeFile', { name: f.fileName })}
              onClick={() => onRemove(f.id)}
            >
              <Close fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFile />} disabled={progress !== null}>
          {t('questionnaire.fill.chooseFile')}
          <input
            ref={input}
            id={inputId}
            type="file"
            hidden
            accept={allowedAttachmentMimeTypes.join(',')}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ width: 240 }} />}
        <FormHelperText sx={{ m: 0 }}>{failure ?? error ?? t('questionnaire.fill.fileHint')}</FormHelperText>
      </Stack>
    </FormControl>
  );
}
