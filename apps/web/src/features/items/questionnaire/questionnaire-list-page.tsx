import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { QuestionnaireState, QuestionnaireSummary } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { readStorage, writeStorage } from '../../../lib/storage';
import { useQuestionnaires } from './api';
import { SendQuestionnaireDialog, useSendableLinkTypes } from './send-dialog';

const stateColor: Record<QuestionnaireState, 'success' | 'default' | 'info'> = {
  submitted: 'success',
  expired: 'default',
  open: 'info',
};

export function QuestionnaireStateChip({ state }: { state: QuestionnaireState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={stateColor[state]} label={t(`questionnaire.state.${state}`)} />;
}

/**
 * Answers that came in since the user last looked at this list (kept per user in this browser):
 * the sender is told in the app that a questionnaire was answered, by a snackbar on the next
 * visit and a badge on each such row, until a mail notification exists.
 */
function useNewAnswers(rows: readonly QuestionnaireSummary[] | undefined) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.me?.id ?? '');
  const key = `pc.questionnaires.answersSeen.${userId}`;
  // The last visit as it was when the page opened: the badges stay for this visit.
  const [since] = useState(() => readStorage(key));
  const fresh = useMemo(
    () =>
      new Set(
        (rows ?? []).filter((r) => r.submittedAt && since && Date.parse(r.submittedAt) > Date.parse(since)).map((r) => r.id),
      ),
    [rows, since],
  );
  const told = useRef(false);
  useEffect(() => {
    if (!rows || told.current) return;
    told.current = true;
    if (fresh.size > 0) notify(t('questionnaire.answeredSince', { count: fresh.size }), 'info');
    writeStorage(key, new Date().toISOString());
  }, [rows, fresh, key, t]);
  return fresh;
}

/** /questionnaire: the questionnaires sent in the scope, newest first; sending one. */
export function QuestionnaireListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuestionnaires();
  const canSend = useSendableLinkTypes().length > 0;
  const [sending, setSending] = useState(false);
  const fresh = useNewAnswers(query.data);

  const columns = useMemo<GridColDef<QuestionnaireSummary>[]>(
    () => [
      { field: 'title', headerName: t('questionnaire.field.template'), flex: 1, minWidth: 220 },
      { field: 'recipientEmail', headerName: t('questionnaire.field.recipient'), width: 230 },
      {
        field: 'state',
        headerName: t('questionnaire.field.state'),
        width: 260,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%' }}>
            <QuestionnaireStateChip state={row.state} />
            {fresh.has(row.id) && (
              <Chip size="small" color="primary" label={t('questionnaire.newAnswer')} data-testid="new-answer" />
            )}
          </Stack>
        ),
      },
      {
        field: 'dueDate',
        headerName: t('questionnaire.field.dueDate'),
        width: 130,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'item',
        headerName: t('questionnaire.field.item'),
        width: 240,
        valueGetter: (_v, row) => (row.itemNumber ? `${row.itemNumber} · ${row.itemName}` : t('questionnaire.itemDeleted')),
      },
      { field: 'companyName', headerName: t('items.field.company'), width: 190 },
      {
        field: 'sentAt',
        headerName: t('questionnaire.field.sentAt'),
        width: 170,
        valueFormatter: (v: string) => formatDateTime(v),
      },
    ],
    [t, fresh],
  );

  const title = t('section.questionnaire');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          canSend && (
            <Button variant="contained" startIcon={<Send />} onClick={() => setSending(true)}>
              {t('questionnaire.send.open')}
            </Button>
          )
        }
      />
      <RetryAlert query={query}>{t('questionnaire.loadFailed')}</RetryAlert>
      <AppDataGrid<QuestionnaireSummary>
        label={title}
        rows={query.data ?? []}
        columns={columns}
        loading={query.isFetching}
        onRowClick={({ row }) => void navigate({ to: `/questionnaire/${row.id}` })}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        slots={{
          noRowsOverlay: () => (
            <Typography color="text.secondary" sx={{ p: 3 }}>
              {t('questionnaire.empty')}
            </Typography>
          ),
        }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      />
      {sending && <SendQuestionnaireDialog onClose={() => setSending(false)} />}
    </>
  );
}
