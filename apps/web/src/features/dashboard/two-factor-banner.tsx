import Close from '@mui/icons-material/Close';
import Security from '@mui/icons-material/Security';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { DialogFrame } from '../../components/dialog-frame';

/** The advice to turn on two-factor sign-in, with the steps in a dialog; it can be hidden like a tile. */
export function TwoFactorBanner({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        icon={<Security />}
        data-tile="twoFactor"
        sx={{ gridColumn: '1 / -1', alignItems: 'center' }}
        action={
          <Tooltip title={t('dashboard.hide.button')}>
            <IconButton
              color="inherit"
              size="small"
              onClick={onHide}
              aria-label={t('dashboard.hide.buttonFor', { name: t('dashboard.tile.twoFactor') })}
            >
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 2, rowGap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span">
            <strong>{t('dashboard.twoFactor.title')}</strong> {t('dashboard.twoFactor.text')}
          </Box>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('dashboard.twoFactor.more')}
          </Button>
        </Box>
      </Alert>
      <DialogFrame
        open={open}
        title={t('dashboard.twoFactor.helpTitle')}
        description={
          <>
            <p>{t('dashboard.twoFactor.helpIntro')}</p>
            <ol>
              <li>{t('dashboard.twoFactor.helpStep1')}</li>
              <li>{t('dashboard.twoFactor.helpStep2')}</li>
              <li>{t('dashboard.twoFactor.helpStep3')}</li>
              <li>{t('dashboard.twoFactor.helpStep4')}</li>
            </ol>
          </>
        }
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <ButtonLink to="/profile" variant="contained" onClick={() => setOpen(false)}>
              {t('dashboard.twoFactor.toProfile')}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
