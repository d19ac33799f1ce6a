import Gavel from '@mui/icons-material/Gavel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lockRoutes } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownContent } from '../../components/markdown-content';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { HOME } from '../../lib/routing/post-login-target';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { useAcceptTerms, useCurrentTerms } from './api';

/**
 * /terms-of-use: release date and content. While consent is owed the app is
 * locked here; accept unlocks it and goes home, decline logs out.
 */
export function TermsOfUsePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consentOwed = useSession((s) => s.lock === 'TermsOfUseConsentRequired');
  const [leaving, setLeaving] = useState(false);
  const terms = useCurrentTerms(i18n.language);

  const accepting = useAcceptTerms();
  const accept = {
    isPending: accepting.isPending,
    mutate: (id: string) =>
      accepting.mutate(id, {
        onSuccess: (me) => {
          notify(t('account.terms.accepted'), 'success');
          void navigate({ href: me.lockReason ? lockRoutes[me.lockReason] : HOME, replace: true });
        },
        onError: (error) => notify(errorText(t, error), 'error'),
      }),
  };

  const decline = async () => {
    setLeaving(true);
    await logout();
    queryClient.clear();
    await navigate({ href: '/login', replace: true });
  };

  const busy = accept.isPending || leaving;

  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.terms-of-use')} />
      <Card>
        {terms.isPending && <LinearProgress aria-label={t('common.loading')} />}
        {terms.data === null && (
          <CardContent>
            <Alert severity="info">{t('account.terms.none')}</Alert>
          </CardContent>
        )}
        {terms.isError && (
          <CardContent>
            <RetryAlert query={terms} flush>
              {errorText(t, terms.error)}
            </RetryAlert>
          </CardContent>
        )}
        {terms.data && (
          <>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, color: 'text.secondary' }}>
                <Gavel fontSize="small" aria-hidden />
                <Typography variant="body2">
                  {t('account.terms.releaseDate', { date: formatDate(terms.data.releaseDate) })}
                </Typography>
              </Stack>
              {consentOwed && (
                <Alert severity="info" sx={{ mb: 3 }}>
                  {t('account.terms.consentRequired')}
                </Alert>
              )}
              <Box
                tabIndex={0}
                role="region"
                aria-label={t('section.terms-of-use')}
                sx={{
                  maxHeight: { xs: 'none', md: 'calc(100dvh - 420px)' },
                  minHeight: { md: 240 },
                  overflowY: 'auto',
                  pr: 1,
                  outlineOffset: 4,
                }}
              >
                <MarkdownContent>{terms.data.content}</MarkdownContent>
              </Box>
            </CardContent>
            {consentOwed && (
              <>
                <Divider />
                <CardActions
                  sx={{
                    px: { xs: 2.5, sm: 4 },
                    py: 2,
                    justifyContent: 'flex-end',
                    flexDirection: { xs: 'column-reverse', sm: 'row' },
                    alignItems: 'stretch',
                    gap: 1.5,
                    '& > :not(style) ~ :not(style)': { ml: 0 },
                  }}
                >
                  <Button variant="outlined" onClick={() => void decline()} disabled={busy}>
                    {t('account.terms.decline')}
                  </Button>
                  <Button
                    variant="contained"
                    onClick={() => terms.data && accept.mutate(terms.data.id)}
                    loading={accept.isPending}
                    disabled={leaving}
                  >
                    {t('account.terms.accept')}
                  </Button>
                </CardActions>
              </>
            )}
          </>
        )}
      </Card>
    </Box>
  );
}
