import {
  type Answers,
  publicQuestionnaireSchema,
  type QuestionnaireFile,
  type QuestionnaireSendInput,
  questionnaireDetailSchema,
  questionnaireSummarySchema,
  questionnaireTemplateSchema,
} from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type DownloadedFile } from '../../../lib/api/api-client';
import { uploadFile } from '../../../lib/api/upload';
import { useSession } from '../../../lib/session/session-store';

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: (scopeId: string | null, itemId?: string) => ['questionnaires', 'list', scopeId, itemId ?? null] as const,
  one: (id: string) => ['questionnaires', 'one', id] as const,
  templates: ['questionnaires', 'templates'] as const,
};

/** Sent questionnaires of the scope; with `itemId` those of one audit or agreement. */
export function useQuestionnaires(itemId?: string) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: questionnaireKeys.list(scopeId, itemId),
    queryFn: ({ signal }) =>
      apiRequest(itemId ? `/questionnaire?itemId=${encodeURIComponent(itemId)}` : '/questionnaire', {
        schema: z.array(questionnaireSummarySchema),
        signal,
      }),
  });
}

export function useQuestionnaire(id: string, enabled = true) {
  return useQuery({
    queryKey: questionnaireKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/questionnaire/${encodeURIComponent(id)}`, { schema: questionnaireDetailSchema, signal }),
    enabled,
    retry: false,
  });
}

export function useQuestionnaireTemplates(enabled = true) {
  return useQuery({
    queryKey: questionnaireKeys.templates,
    queryFn: ({ signal }) => apiRequest('/questionnaire/template', { schema: z.array(questionnaireTemplateSchema), signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

export function useSendQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionnaireSendInput) =>
      apiRequest('/questionnaire', { method: 'POST', json: input, schema: questionnaireDetailSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}

export function downloadQuestionnaireFile(id: string) {
  return apiRequest<DownloadedFile>(`/questionnaire/file/${encodeURIComponent(id)}/download`, { responseType: 'file' });
}

// The public fill link: no login, the key in the address is the credential.
const fillPath = (key: string) => `/questionnaire/fill/${encodeURIComponent(key)}`;

/** The public page's data; a plain request: full-page public routes have no query client. */
export const loadPublicQuestionnaire = (key: string, signal?: AbortSignal) =>
  apiRequest(fillPath(key), { schema: publicQuestionnaireSchema, signal, auth: false });

export const publicLogoUrl = (key: string) => `/api${fillPath(key)}/logo?width=240&height=80`;

export const saveDraft = (key: string, answers: Answers) =>
  apiRequest(fillPath(key), { method: 'PUT', json: { answers }, schema: z.object({ savedAt: z.string() }), auth: false });

export const submitAnswers = (key: string, answers: Answers) =>
  apiRequest(`${fillPath(key)}/submit`, {
    method: 'POST',
    json: { answers },
    schema: z.object({ submittedAt: z.string() }),
    auth: false,
  });

export const uploadAnswerFile = (key: string, questionId: string, file: File, onProgress: (f: number) => void) =>
  uploadFile<QuestionnaireFile>(`${fillPath(key)}/file?questionId=${encodeURIComponent(questionId)}`, file, onProgress);
