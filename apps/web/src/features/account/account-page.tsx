import EventBusy from '@mui/icons-material/EventBusy';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotBuiltPage } from '../../components/not-built-page';
import { PageHeader } from '../../components/page-header';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';

/** Spec 000 §8: HTTP 412 AccountExpired locks the app here; nothing else can be done. */
function AccountExpired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    await logout();
    queryClient.clear();
    await navigate({ href: '/login', replace: true });
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.account')} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box
                sx={{
                  flexShrink: 0,
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(178, 106, 0, 0.10)',
                  color: 'warning.main',
                }}
              >
                <EventBusy aria-hidden />
              </Box>
              <Box>
                <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                  {t('account.expired.title')}
                </Typography>
                <Typography color="text.secondary">{t('account.expired.text')}</Typography>
              </Box>
            </Stack>
            <Button
              variant="contained"
              startIcon={<Logout />}
              onClick={() => void signOut()}
              loading={busy}
              sx={{ alignSelf: 'flex-end' }}
            >
              {t('identity.logout')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** /account: the expired-account notice when locked for it; the account screen itself is a later issue. */
export function AccountPage() {
  const expired = useSession((s) => s.lock === 'AccountExpired' || s.me?.lockReason === 'AccountExpired');
  return expired ? <AccountExpired /> : <NotBuiltPage />;
}
