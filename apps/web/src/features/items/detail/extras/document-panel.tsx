import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type DocumentPlaceholderKey,
  documentPlaceholderKeys,
  fillPlaceholders,
  isPlaceholderKey,
  placeholdersIn,
  placeholderToken,
} from '@pc/shared';
import { useEffect, useRef } from 'react';
import { type Control, useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import { useTask } from '../../../../lib/use-task';
import { downloadDocumentPdf, useDocumentPlaceholderValues } from '../../api';
import { useItemType } from '../../use-item-type';
import type { ItemFormValues } from '../form-values';
import { PanelFrame } from './panel-frame';
import { useFormItem } from './use-form-item';

const TEMPLATE = 'data.template';
const templateSelector = `textarea[name="${TEMPLATE}"]:not([aria-hidden])`;

/** Dynamic document: placeholders to insert, a live preview with the company's data, and the PDF. */
export function DocumentPanel({ control }: { control: Control<ItemFormValues> }) {
  const { t } = useTranslation();
  const { canWrite } = useItemType();
  const { item } = useFormItem('dynamic-document', control);
  const { field } = useController({ control, name: TEMPLATE });
  const { isDirty } = useFormState({ control });
  const template = typeof field.value === 'string' ? field.value : '';
  const { busy: downloading, run } = useTask();
  const values = useDocumentPlaceholderValues(item?.id ?? null);

  // A textarea that was never focused reports its caret at 0; only a caret the author placed counts.
  const caretPlaced = useRef(false);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Element && e.target.matches(templateSelector)) caretPlaced.current = true;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  const label = (key: DocumentPlaceholderKey) => t(`items.dynamicDocument.placeholder.${key}`);

  function insert(token: string) {
    const el = document.querySelector<HTMLTextAreaElement>(templateSelector);
    const start = el && caretPlaced.current ? el.selectionStart : template.length;
    const end = el && caretPlaced.current ? el.selectionEnd : template.length;
    field.onChange(template.slice(0, start) + token + template.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      notify(t('items.dynamicDocument.copied', { token }), 'success');
    } catch {
      notify(t('items.dynamicDocument.copyFailed'), 'error');
    }
  }

  const download = async () => {
    if (item) await run(() => downloadDocumentPdf(item));
  };

  const used = placeholdersIn(template);
  const unknown = used.filter((k) => !isPlaceholderKey(k));
  const empty = values.data ? used.filter(isPlaceholderKey).filter((k) => !values.data[k]) : [];

  return (
    <PanelFrame
      icon={Description}
      title={t('items.dynamicDocument.title')}
      intro={canWrite ? t('items.dynamicDocument.placeholdersHint') : t('items.dynamicDocument.placeholdersHintReadOnly')}
      action={
        <Button
          variant="contained"
          startIcon={<PictureAsPdf />}
          onClick={() => void download()}
          disabled={!item || downloading}
          sx={{ flexShrink: 0 }}
        >
          {downloading ? t('items.dynamicDocument.downloading') : t('items.dynamicDocument.download')}
        </Button>
      }
    >
      {!item && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('items.dynamicDocument.needsSave')}
        </Typography>
      )}
      {item && isDirty && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('items.dynamicDocument.unsaved')}
        </Alert>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {documentPlaceholderKeys.map((key) => {
          const token = placeholderToken(key);
          return (
            <Tooltip key={key} title={token}>
              <Chip
                label={label(key)}
                size="small"
                variant="outlined"
                onClick={() => (canWrite ? insert(token) : void copy(token))}
                aria-label={t(canWrite ? 'items.dynamicDocument.insert' : 'items.dynamicDocument.copy', { label: label(key) })}
              />
            </Tooltip>
          );
        })}
      </Box>

      {unknown.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('items.dynamicDocument.unknown', { list: unknown.map((k) => `{{${k}}}`).join(', ') })}
        </Alert>
      )}
      {empty.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('items.dynamicDocument.empty', { list: empty.map(label).join(', ') })}
        </Alert>
      )}

      <Typography variant="body2" component="h4" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
        {t('items.dynamicDocument.preview')}
      </Typography>
      {values.data ? (
        <Paper
          variant="outlined"
          data-testid="document-preview"
          sx={{ p: 2, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2' }}
        >
          {fillPlaceholders(template, values.data)}
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {!item
            ? t('items.dynamicDocument.previewAfterSave')
            : values.isError
              ? t('common.unexpectedError')
              : t('common.loading')}
        </Typography>
      )}
    </PanelFrame>
  );
}
