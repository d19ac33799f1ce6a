import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { ButtonLink } from '../../components/button-link';
import { errorText } from '../../lib/messages';
import { useSession } from '../../lib/session/session-store';
import { unsubscribe } from './api';

type State = { type: 'waiting' } | { type: 'success' } | { type: 'error'; detail: string };

// StrictMode runs effects twice in development; one link is one request.
const inflight = new Map<string, Promise<void>>();

/** /unsubscribe/$email?c=<category>&s=<signature>: waiting, success or error. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { email = '' } = useParams({ strict: false }) as { email?: string };
  const search: Record<string, unknown> = useSearch({ strict: false });
  const category = typeof search.c === 'string' ? search.c : '';
  const signature = typeof search.s === 'string' ? search.s : '';
  const [state, setState] = useState<State>({ type: 'waiting' });
  const loggedIn = useSession((s) => s.status === 'authenticated');
  const categoryName = category ? t([`account.unsubscribe.category.${category}`, 'account.unsubscribe.category.other']) : '';

  useEffect(() => {
    let cancelled = false;
    if (!email || !category || !signature) {
      setState({ type: 'error', detail: t('account.unsubscribe.incomplete') });
      return;
    }
    const key = `${email}\n${category}\n${signature}`;
    let request = inflight.get(key);
    if (!request) {
      request = unsubscribe({ email, category, signature });
      inflight.set(key, request);
    }
    request.then(
      () => !cancelled && setState({ type: 'success' }),
      (error: unknown) => {
        inflight.delete(key);
        if (!cancelled) setState({ type: 'error', detail: errorText(t, error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [email, category, signature, t]);

  return (
    <AuthCard title={t('account.unsubscribe.title')}>
      <Stack spacing={3}>
        {state.type === 'waiting' && (
          <Box>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('account.unsubscribe.waiting')}
            </Typography>
            <LinearProgress aria-label={t('account.unsubscribe.waiting')} />
          </Box>
        )}
        {state.type === 'success' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <CheckCircle color="success" aria-hidden sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="p" role="status">
                {t('account.unsubscribe.success')}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('account.unsubscribe.successText', { email, category: categoryName })}
              </Typography>
            </Box>
          </Stack>
        )}
        {state.type === 'error' && (
          <Alert severity="error">
            <AlertTitle>{t('account.unsubscribe.error')}</AlertTitle>
            {state.detail}
          </Alert>
        )}
        <ButtonLink to={loggedIn ? '/home' : '/login'} variant="contained" sx={{ alignSelf: 'flex-end' }}>
          {t(loggedIn ? 'common.toHome' : 'common.toLogin')}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}
