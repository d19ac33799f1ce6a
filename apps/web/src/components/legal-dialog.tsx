import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type Language, type LegalDocument, type LegalDocumentType, legalDocumentSchema } from '@pc/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api/api-client';
import { isApiError } from '../lib/api/api-error';
import { DialogFrame } from './dialog-frame';
import { MarkdownContent } from './markdown-content';

export type { LegalDocumentType };

/** The legal dialog is 800×600 with the embedded document 430 high. */
const WIDTH = 800;
const HEIGHT = 600;
const DOCUMENT_HEIGHT = 430;

type LoadState = { status: 'loading' } | { status: 'done'; doc: LegalDocument } | { status: 'failed'; error: unknown };

/**
 * Plain fetch, not React Query: the dialog also opens on the login page, which runs without a
 * query client to keep its bundle small.
 */
function useLegalDocument(type: LegalDocumentType, language: Language): LoadState {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiRequest(`/legal/${type}/${language}`, { schema: legalDocumentSchema, signal: controller.signal, auth: false }).then(
      (doc) => setState({ status: 'done', doc }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [type, language]);
  return state;
}

interface LegalDialogProps {
  document: LegalDocumentType;
  open: boolean;
  onClose: () => void;
}

/** Imprint, privacy statement or terms of use as the operator configured them, in the UI language. */
export function LegalDialog({ document, open, onClose }: LegalDialogProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'de';
  const doc = useLegalDocument(document, language);
  return (
    <DialogFrame
      open={open}
      title={t(`legal.${document}`)}
      onClose={onClose}
      width={WIDTH}
      height={HEIGHT}
      contentProps={{ dividers: true, sx: { p: 0, display: 'flex' } }}
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      }
    >
      <Box
        data-testid="legal-document"
        tabIndex={0}
        aria-label={t(`legal.${document}`)}
        lang={doc.status === 'done' ? doc.doc.language : undefined}
        sx={{ flex: 1, height: { sm: DOCUMENT_HEIGHT }, overflowY: 'auto', px: 3, py: 2 }}
      >
        {doc.status === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
        {doc.status === 'failed' &&
          (isApiError(doc.error) && doc.error.status === 404 ? (
            <Alert severity="info">{t('legal.notConfigured')}</Alert>
          ) : (
            <Alert severity="error">{doc.error instanceof Error ? doc.error.message : t('common.unexpectedError')}</Alert>
          ))}
        {doc.status === 'done' && <MarkdownContent>{doc.doc.content}</MarkdownContent>}
      </Box>
    </DialogFrame>
  );
}
