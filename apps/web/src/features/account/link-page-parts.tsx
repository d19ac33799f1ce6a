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
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

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

/**
 * The form of a link page: what it is for, its own fields, the new password with its repetition
 * and criteria, a failure no field took, then the full-width submit.
 */
export function LinkPasswordForm<T extends NewPasswordValues>({
  form,
  text,
  submitLabel,
  autoFocus,
  children,
}: {
  form: ZodForm<T>;
  text: string;
  submitLabel: string;
  /** The password field takes the focus (no fields of its own before it). */
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{text}</Typography>
        {children}
        <NewPasswordFields form={form} busy={form.busy} autoFocus={autoFocus} />
        {form.failure ? <Alert severity="error">{errorText(t, form.failure)}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={!form.canSubmit} loading={form.busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
