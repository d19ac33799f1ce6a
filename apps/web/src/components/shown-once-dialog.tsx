import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyText } from '../lib/copy-text';
import { DialogFrame } from './dialog-frame';

interface ShownOnceDialogProps {
  value: string;
  onClose: () => void;
  /** The dialog's words: title, the warning that this is the only time, and the buttons' and copy result's texts. */
  text: { title: string; warning: string; copy: string; copied: string; copyFailed: string; done: string };
  width: number;
  testId: string;
}

/**
 * A secret the server keeps only as a hash (an API token, a webhook's signing secret): shown once,
 * with a copy button that says whether the copy worked.
 */
export function ShownOnceDialog({ value, onClose, text, width, testId }: ShownOnceDialogProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <DialogFrame
      open
      title={text.title}
      onClose={onClose}
      width={width}
      actions={
        <Button variant="contained" onClick={onClose}>
          {text.done}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity="warning">{text.warning}</Alert>
        <Box
          component="code"
          data-testid={testId}
          sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {value}
        </Box>
        <Box>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={async () => setCopied(await copyText(value))}>
            {text.copy}
          </Button>
        </Box>
        {copied !== null && (
          <Typography role="status" color={copied ? 'success.main' : 'error'}>
            {copied ? text.copied : text.copyFailed}
          </Typography>
        )}
      </Stack>
    </DialogFrame>
  );
}
