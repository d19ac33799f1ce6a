import ExpandMore from '@mui/icons-material/ExpandMore';
import Send from '@mui/icons-material/Send';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Item, type QuestionnaireSummary, questionnaireLinkTypes } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/text-link';
import { formatDate, formatDateTime } from '../../../lib/format';
import { FindingActions, useFindingKinds } from '../detail/finding-actions';
import { AnswersView, pick } from './answers-view';
import { useQuestionnaire, useQuestionnaires } from './api';
import { QuestionnaireStateChip } from './questionnaire-list-page';
import { SendQuestionnaireDialog } from './send-dialog';

export const takesQuestionnaires = (type: string) => (questionnaireLinkTypes as readonly string[]).includes(type);

/**
 * On an audit or service agreement: the questionnaires sent for it, sending another (with the
 * right to change the item), and each submitted response's answers, every one of which can
 * become an issue or measure under this item.
 */
export function ItemQuestionnaires({ item }: { item: Item }) {
  const { t } = useTranslation();
  const query = useQuestionnaires(item.id);
  const [sending, setSending] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="item-questionnaires" sx={{ p: { xs: 1.5, sm: 2 }, mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="item-questionnaires" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('questionnaire.onItem.title')}
        </Typography>
        {item.rights.write && (
          <Button variant="outlined" startIcon={<Send />} onClick={() => setSending(true)}>
            {t('questionnaire.send.open')}
          </Button>
        )}
      </Box>
      {query.isPending && <CircularProgress size={24} aria-label={t('questionnaire.loading')} />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('questionnaire.loadFailed')}
        </Alert>
      )}
      {query.data?.length === 0 && <Typography color="text.secondary">{t('questionnaire.onItem.empty')}</Typography>}
      <Stack spacing={1}>
        {query.data?.map((q) => (
          <ResponseRow key={q.id} item={item} q={q} />
        ))}
      </Stack>
      {sending && <SendQuestionnaireDialog item={item} onClose={() => setSending(false)} />}
    </Paper>
  );
}

function ResponseRow({ item, q }: { item: Item; q: QuestionnaireSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submitted = q.state === 'submitted';
  return (
    <Accordion disableGutters variant="outlined" expanded={open} onChange={(_e, v) => setOpen(v)} disabled={!submitted}>
      <AccordionSummary expandIcon={submitted ? <ExpandMore /> : undefined}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%' }}>
          <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {q.title} · {q.recipientEmail}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {submitted && q.submittedAt
              ? t('questionnaire.onItem.submittedAt', { time: formatDateTime(q.submittedAt) })
              : t('questionnaire.onItem.due', { date: formatDate(q.dueDate) })}
          </Typography>
          <QuestionnaireStateChip state={q.state} />
        </Box>
      </AccordionSummary>
      {open && (
        <AccordionDetails>
          <ResponseAnswers item={item} id={q.id} />
        </AccordionDetails>
      )}
    </Accordion>
  );
}

function ResponseAnswers({ item, id }: { item: Item; id: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuestionnaire(id);
  const kinds = useFindingKinds();
  if (query.isPending) return <CircularProgress size={24} aria-label={t('questionnaire.loading')} />;
  if (query.isError) return <Alert severity="error">{t('questionnaire.loadFailed')}</Alert>;
  return (
    <Stack spacing={2}>
      <AnswersView
        questionnaire={query.data}
        actions={
          kinds.length > 0
            ? (question, text) => (
                <FindingActions audit={item} kinds={kinds} small text={`${pick(question.label, i18n.language)}: ${text}`} />
              )
            : undefined
        }
      />
      <Box>
        <TextLink to={`/questionnaire/${id}`}>{t('questionnaire.onItem.open')}</TextLink>
      </Box>
    </Stack>
  );
}
