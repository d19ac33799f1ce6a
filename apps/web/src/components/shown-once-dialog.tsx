import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text';
import { DialogFrame } from './dialog-frame';

interface ShownOnceDialogProps {
  value: string;
  onClose: () => void;
  title: string;
  /** The warning that this is the only time the value can be read. */
  warning: string;
  width: number;
  testId: string;
}

/**
 * A secret the server keeps only as a hash (an API token, a webhook's signing secret): shown once,
 * with a copy button that says whether the copy worked.
 */
export function ShownOnceDialog({ value, onClose, title, warning, width, testId }: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <DialogFrame
      open
      title={title}
      onClose={onClose}
      width={width}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('shownOnce.done')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity="warning">{warning}</Alert>
        <Box
          component="code"
          data-testid={testId}
          sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {value}
        </Box>
        <Box>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={async () => setCopied(await copyText(value))}>
            {t('shownOnce.copy')}
          </Button>
        </Box>
        {copied !== null && (
          <Typography role="status" color={copied ? 'success.main' : 'error'}>
            {t(copied ? 'shownOnce.copied' : 'shownOnce.copyFailed')}
          </Typography>
        )}
      </Stack>
    </DialogFrame>
  );
}

/**
 * Creating something whose secret is shown once: the create dialog is open, then (when it made
 * one) the value is shown and the list refreshed.
 */
export function useCreateShownOnce(refresh: () => unknown) {
  const [creating, setCreating] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  return {
    creating,
    value,
    start: () => setCreating(true),
    /** The create dialog closed, with the new secret or without one (cancelled). */
    created: (secret: string | null) => {
      setCreating(false);
      if (secret) {
        setValue(secret);
        void refresh();
      }
    },
    dismiss: () => setValue(null),
  };
}
