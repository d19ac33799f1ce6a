import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { itemTypes } from '@pc/shared';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadProblem } from '../../../components/load-problem';
import { PageLoader } from '../../../components/page-loader';
import { TextLink } from '../../../components/text-link';
import { formatDate, formatDateTime } from '../../../lib/format';
import { AnswersView } from './answers-view';
import { useQuestionnaire } from './api';
import { QuestionnaireStateChip } from './questionnaire-list-page';

/** /questionnaire/$id: who was asked what, until when, and — once submitted — the answers. */
export function QuestionnaireDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const query = useQuestionnaire(id);
  const back = (
    <ButtonLink to="/questionnaire" startIcon={<ArrowBack />}>
      {t('questionnaire.backToList')}
    </ButtonLink>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadProblem
        title={t('section.questionnaire')}
        error={query.error}
        notFound={t('questionnaire.notFound')}
        loadFailed={t('questionnaire.loadFailed')}
        back={back}
      />
    );
  const q = query.data;
  const route = itemTypes.find((x) => x.key === q.itemType)?.route;
  const facts: [string, React.ReactNode][] = [
    [t('questionnaire.field.recipient'), q.recipientEmail],
    [t('items.field.company'), q.companyName],
    [
      t('questionnaire.field.item'),
      route && q.itemId ? (
        <TextLink key="item" to={`${route}/${q.itemId}`}>{`${q.itemNumber} · ${q.itemName}`}</TextLink>
      ) : (
        t('questionnaire.itemDeleted')
      ),
    ],
    [t('questionnaire.field.sentAt'), formatDateTime(q.sentAt)],
    [t('questionnaire.field.dueDate'), formatDate(q.dueDate)],
    // The link's last valid day: the seventh after the due date (expiresAt is the instant after it, UTC).
    [
      t('questionnaire.field.expiresAt'),
      formatDate(new Date(Date.parse(`${q.dueDate}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)),
    ],
    [t('questionnaire.field.submittedAt'), q.submittedAt ? formatDateTime(q.submittedAt) : '—'],
  ];
  return (
    <Stack spacing={2}>
      <Box>{back}</Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          {q.title}
        </Typography>
        <QuestionnaireStateChip state={q.state} />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('questionnaire.answers')}
        </Typography>
        {q.state === 'submitted' ? (
          <AnswersView questionnaire={q} />
        ) : (
          <Typography color="text.secondary">
            {q.state === 'open' ? t('questionnaire.notYetSubmitted') : t('questionnaire.expiredUnanswered')}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
