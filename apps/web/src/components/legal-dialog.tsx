import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type Language, type LegalDocument, type LegalDocumentType, legalDocumentSchema } from '@pc/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api/api-client';
import { isApiError } from '../lib/api/api-error';
import { MarkdownContent } from './markdown-content';

export type { LegalDocumentType };

/** Spec 000 §2/§9: legal dialog 800×600 with the embedded document 430 high. */
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
  const titleId = useId();
  const language: Language = i18n.language === 'en' ? 'en' : 'de';
  const doc = useLegalDocument(document, language);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: { sx: { width: WIDTH, maxWidth: 'calc(100% - 32px)', height: HEIGHT, maxHeight: 'calc(100% - 32px)' } },
      }}
    >
      <DialogTitle id={titleId}>{t(`legal.${document}`)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex' }}>
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
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
