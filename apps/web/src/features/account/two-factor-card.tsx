import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTile } from '../../components/icon-tile';
import { notify } from '../../lib/notify';
import { refreshMe } from './api';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnableDialog } from './two-factor-enable-dialog';

/** The two-factor section of the profile: status, and the way to turn it on or off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);

  const closed = (changed: boolean, successKey: string) => {
    setDialog(null);
    if (!changed) return;
    notify(t(successKey), 'success');
    refreshMe().catch((error: unknown) => console.error(error));
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <IconTile tone={enabled ? 'success' : 'primary'} hideOnPhone>
            <PhonelinkLock aria-hidden />
          </IconTile>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.75 }}>
              <Typography id={headingId} variant="h6" component="h2">
                {t('account.twoFactor.title')}
              </Typography>
              <Chip
                size="small"
                label={t(enabled ? 'account.twoFactor.on' : 'account.twoFactor.off')}
                color={enabled ? 'success' : 'default'}
                variant={enabled ? 'filled' : 'outlined'}
                sx={{ fontWeight: 600 }}
              />
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t(enabled ? 'account.twoFactor.onText' : 'account.twoFactor.offText')}
            </Typography>
            {enabled ? (
              <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                {t('account.twoFactor.disable')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setDialog('enable')}>
                {t('account.twoFactor.enable')}
              </Button>
            )}
          </Box>
        </Stack>
      </CardContent>
      {dialog === 'enable' && <TwoFactorEnableDialog open onClose={(changed) => closed(changed, 'account.twoFactor.enabled')} />}
      {dialog === 'disable' && (
        <TwoFactorDisableDialog open onClose={(changed) => closed(changed, 'account.twoFactor.disabled')} />
      )}
    </Card>
  );
}
