import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnswerValue, Language, Question, QuestionnaireDetail } from '@pc/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/api-client';
import { formatBytes, formatDate } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { downloadQuestionnaireFile } from './api';

/** A text in the user's language (the template carries both). */
export const pick = (text: Record<Language, string>, language: string) => (language === 'en' ? text.en : text.de);

/** An answer as plain text (never HTML): yes/no, option labels, dates; files are listed apart. */
export function answerText(t: TFunction, q: Question, value: AnswerValue | undefined, language: string): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '') return '';
  switch (q.type) {
    case 'yesNo':
      return value === true ? t('questionnaire.yes') : t('questionnaire.no');
    case 'singleChoice':
    case 'multipleChoice': {
      const keys = Array.isArray(value) ? value : [String(value)];
      return keys.map((k) => pick(q.options?.find((o) => o.key === k)?.label ?? { de: k, en: k }, language)).join(', ');
    }
    case 'date':
      return formatDate(String(value));
    case 'file':
      return '';
    default:
      return String(value);
  }
}

/**
 * A submitted questionnaire's answers by section. Everything is rendered as text, so script
 * tags in an answer show as what they are. `actions` adds controls per answered question.
 */
export function AnswersView({
  questionnaire,
  actions,
}: {
  questionnaire: Pick<QuestionnaireDetail, 'template' | 'answers' | 'files'>;
  actions?: (question: Question, text: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const download = async (id: string, name: string) => {
    try {
      saveFile(await downloadQuestionnaireFile(id), name);
    } catch (error) {
      notify(errorText(t, error), 'error');
    }
  };
  return (
    <Stack spacing={3}>
      {questionnaire.template.sections.map((section) => (
        <Box key={section.id} component="section">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {pick(section.title, language)}
          </Typography>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            {section.questions.map((q) => {
              const text = answerText(t, q, questionnaire.answers[q.id], language);
              const files = questionnaireFiles(questionnaire, q);
              const answered = text !== '' || files.length > 0;
              return (
                <Box key={q.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {pick(q.label, language)}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    {text !== '' && (
                      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {text}
                      </Typography>
                    )}
                    {files.map((f) => (
                      <Button
                        key={f.id}
                        size="small"
                        startIcon={<AttachFile />}
                        onClick={() => void download(f.id, f.fileName)}
                        sx={{ textTransform: 'none' }}
                      >
                        {f.fileName} ({formatBytes(f.size, language)})
                      </Button>
                    ))}
                    {!answered && (
                      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                        {t('questionnaire.noAnswer')}
                      </Typography>
                    )}
                    {answered && actions?.(q, text || files.map((f) => f.fileName).join(', '))}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

const questionnaireFiles = (r: Pick<QuestionnaireDetail, 'answers' | 'files'>, q: Question) => {
  const ids = r.answers[q.id];
  return Array.isArray(ids) && q.type === 'file' ? r.files.filter((f) => ids.includes(f.id)) : [];
};
