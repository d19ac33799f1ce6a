import Apartment from '@mui/icons-material/Apartment';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Gavel from '@mui/icons-material/Gavel';
import HelpCenter from '@mui/icons-material/HelpCenter';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import Security from '@mui/icons-material/Security';
import Sell from '@mui/icons-material/Sell';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Webhook from '@mui/icons-material/Webhook';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTile } from '../../../components/icon-tile';
import { PageHeader } from '../../../components/page-header';
import { hasClaim } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/session-store';

const CardAnchor = forwardRef<HTMLAnchorElement, CardActionAreaProps<'a'>>((props, ref) => (
  <CardActionArea ref={ref} component="a" {...props} />
));
CardAnchor.displayName = 'CardAnchor';
const CardLink = createLink(CardAnchor);

interface Entry {
  key: 'companies' | 'users' | 'roles' | 'security-log' | 'webhooks' | 'terms-of-use-admin' | 'help-admin' | 'billing-admin';
  path: string;
  icon: ReactNode;
  /** Installation-wide content needs the operator claim (docs/decisions/0008); a tenant administrator does not see it. */
  claim?: string;
}

const entries: Entry[] = [
  { key: 'companies', path: '/administration/companies', icon: <Apartment /> },
  { key: 'users', path: '/administration/users', icon: <PeopleAlt /> },
  { key: 'roles', path: '/administration/roles', icon: <VerifiedUser /> },
  { key: 'security-log', path: '/administration/security-log', icon: <Security /> },
  { key: 'webhooks', path: '/administration/webhooks', icon: <Webhook /> },
  { key: 'terms-of-use-admin', path: '/administration/terms-of-use', icon: <Gavel />, claim: 'Platform.Manage' },
  { key: 'help-admin', path: '/administration/help', icon: <HelpCenter />, claim: 'Platform.Manage' },
  { key: 'billing-admin', path: '/administration/billing', icon: <Sell />, claim: 'Platform.Manage' },
];

/** /administration: one card per administration area. */
export function AdministrationPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const visible = entries.filter((entry) => !entry.claim || hasClaim(me, entry.claim));
  return (
    <>
      <PageHeader title={t('section.administration')} />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('companiesAdmin.entry.intro')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {visible.map((entry) => (
          <Box component="li" key={entry.key} sx={{ minWidth: 0 }}>
            <Card sx={{ height: '100%' }}>
              <CardLink
                to={entry.path}
                sx={{ height: '100%', p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}
              >
                <IconTile>{entry.icon}</IconTile>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650, lineHeight: 1.3 }}>
                    {t(`section.${entry.key}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t(`companiesAdmin.entry.${entry.key}`)}
                  </Typography>
                </Box>
                <ChevronRight aria-hidden sx={{ color: 'text.secondary', alignSelf: 'center' }} />
              </CardLink>
            </Card>
          </Box>
        ))}
      </Box>
    </>
  );
}
