import Block from '@mui/icons-material/Block';
import LockPerson from '@mui/icons-material/LockPerson';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { CenteredLayout } from '../../components/centered-layout';
import { useSession } from '../../lib/session/session-store';

interface StatusPageProps {
  icon: ReactNode;
  titleKey: string;
  textKey: string;
}

/** Forbidden, unauthorized and not-found: inside the shell when logged in, centred otherwise. */
function StatusPage({ icon, titleKey, textKey }: StatusPageProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.status === 'authenticated');
  const content = (
    <Card sx={{ width: '100%', maxWidth: 560, mx: loggedIn ? 0 : 'auto' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Typography variant="h5" component="h1">
            {t(titleKey)}
          </Typography>
          <Typography color="text.secondary">{t(textKey)}</Typography>
          <ButtonLink to={loggedIn ? '/home' : '/login'} variant="contained">
            {t(loggedIn ? 'common.toHome' : 'common.toLogin')}
          </ButtonLink>
        </Stack>
      </CardContent>
    </Card>
  );
  return loggedIn ? content : <CenteredLayout>{content}</CenteredLayout>;
}

export function ForbiddenPage() {
  return <StatusPage icon={<Block fontSize="large" />} titleKey="status.forbidden.title" textKey="status.forbidden.text" />;
}

export function UnauthorizedPage() {
  return (
    <StatusPage icon={<LockPerson fontSize="large" />} titleKey="status.unauthorized.title" textKey="status.unauthorized.text" />
  );
}

export function NotFoundPage() {
  return <StatusPage icon={<TravelExplore fontSize="large" />} titleKey="status.notFound.title" textKey="status.notFound.text" />;
}
