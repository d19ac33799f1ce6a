import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { initiationStepsFor } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { useInitiationProgress } from './api';

/** The initiation tile, shown while the wizard is supported and can be continued. */
export function InitiationTileBody({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const initiation = useInitiationProgress(companyId, true);
  if (initiation.isPending) return <Skeleton variant="rectangular" height={96} sx={{ m: 2 }} />;
  if (initiation.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('dashboard.initiation.loadError')}
      </Alert>
    );
  const steps = initiationStepsFor(initiation.data.isAgency).length;
  const step = Math.min(initiation.data.step + 1, steps);
  return (
    <Box sx={{ p: 2, pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('dashboard.initiation.text', { company: initiation.data.companyName })}
      </Typography>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }} data-testid="initiation-progress">
          {t('dashboard.initiation.progress', { step, steps })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step - 1) / steps) * 100}
          aria-label={t('dashboard.initiation.progress', { step, steps })}
        />
      </Box>
      <ButtonLink to="/initiation" variant="contained" startIcon={<PlayArrow />} sx={{ alignSelf: 'flex-start', mt: 'auto' }}>
        {t('dashboard.initiation.continue')}
      </ButtonLink>
    </Box>
  );
}
