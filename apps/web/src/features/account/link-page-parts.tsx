import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/messages';
import type { ZodForm } from '../../lib/use-zod-form';

/** The pages of a mailed link (password reset, invitation) first check the link: a sentence and a bar. */
export function LinkChecking({ text }: { text: string }) {
  return (
    <Box sx={{ py: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <LinearProgress aria-label={text} />
    </Box>
  );
}

/** A link that cannot be used: why, and OK to go on (to the login or the app). */
export function LinkProblem({ severity, children, onOk }: { severity: AlertColor; children: ReactNode; onOk: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Alert severity={severity}>{children}</Alert>
      <Button variant="contained" onClick={onOk} sx={{ alignSelf: 'flex-end', minWidth: 120 }}>
        {t('common.ok')}
      </Button>
    </Stack>
  );
}

/** The end of a link page's form: a failure no field took, then the full-width submit. */
export function LinkFormSubmit({ form, label }: { form: Pick<ZodForm<never>, 'failure' | 'canSubmit' | 'busy'>; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      {form.failure ? <Alert severity="error">{errorText(t, form.failure)}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={!form.canSubmit} loading={form.busy} fullWidth>
        {label}
      </Button>
    </>
  );
}
