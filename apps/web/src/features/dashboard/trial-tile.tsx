import HourglassTop from '@mui/icons-material/HourglassTop';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { formatDate, parseDay } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';
import { useTrialContract } from './api';
import { Tile } from './tile';

const RouterLink = createLink(Link);

/**
 * Trial tile: only while the contract is InTrial; its end date, a subscribe button
 * to /account/upgrade and a link to /account. A failed contract lookup hides it.
 */
export function TrialTile() {
  const { t } = useTranslation();
  const holder = useSession((s) => !!s.me?.hasAccount);
  const contract = useTrialContract(holder);
  const c = contract.data?.contract;
  if (!holder || !c || c.lifecycleStatus !== 'InTrial' || !c.endDate) return null;
  const end = parseDay(c.endDate);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const days = end ? Math.max(0, Math.round((end.getTime() - today.getTime()) / 86_400_000) + 1) : 0;
  return (
    <Tile title={t('dashboard.tile.trial')} icon={<HourglassTop />} testId="trial">
      <CardContent sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Typography>{t('dashboard.trial.endsOn', { date: formatDate(c.endDate), count: days })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.trial.text')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 'auto', flexWrap: 'wrap', rowGap: 1 }}>
          <ButtonLink to="/account/upgrade" variant="contained">
            {t('dashboard.trial.subscribe')}
          </ButtonLink>
          <RouterLink to="/account">{t('dashboard.trial.account')}</RouterLink>
        </Stack>
      </CardContent>
    </Tile>
  );
}
