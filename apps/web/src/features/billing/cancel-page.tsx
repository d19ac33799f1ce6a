import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api/api-error';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { useCancelContract, useContract } from './api';

/**
 * /cancel: a contract without an end date can be cancelled once the
 * confirmation is ticked; one with an end date shows that date; success shows EffectiveEndDate.
 */
export function CancelPage() {
  const { t } = useTranslation();
  const contract = useContract();
  const [confirmed, setConfirmed] = useState(false);
  const cancel = useCancelContract();
  const failure = cancel.error
    ? isApiError(cancel.error) && cancel.error.details
      ? t(`account.error.${cancel.error.details}`, { defaultValue: cancel.error.message })
      : errorText(t, cancel.error)
    : null;

  const body = () => {
    if (contract.isPending) return <Skeleton height={160} />;
    if (contract.isError) return <Alert severity="error">{errorText(t, contract.error)}</Alert>;
    if (cancel.data) {
      return (
        <Alert severity="success" data-testid="cancel-success">
          {t('billing.cancel.success', { date: formatDate(cancel.data.effectiveEndDate) })}
        </Alert>
      );
    }
    const { contract: c, endDateIfCancelledNow, lastPossibleCancellationDate } = contract.data;
    if (c.endDate) {
      const key = c.lifecycleStatus === 'InTrial' ? 'trialEnds' : c.lifecycleStatus === 'Ended' ? 'ended' : 'alreadyCancelled';
      return <Alert severity="info">{t(`billing.cancel.${key}`, { date: formatDate(c.endDate) })}</Alert>;
    }
    return (
      <Stack spacing={2}>
        <Typography>
          {t('billing.cancel.dates', {
            last: formatDate(lastPossibleCancellationDate),
            end: formatDate(endDateIfCancelledNow),
          })}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} required />}
          label={t('billing.cancel.confirm', { date: formatDate(endDateIfCancelledNow) })}
        />
        {failure && (
          <Alert severity="error">
            {t('account.cancel.error')} {failure}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <ButtonLink to="/account" variant="text">
            {t('common.back')}
          </ButtonLink>
          <Button
            variant="contained"
            color="error"
            disabled={!confirmed}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t('billing.cancel.button')}
          </Button>
        </Stack>
      </Stack>
    );
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.cancel')} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{body()}</CardContent>
      </Card>
    </Box>
  );
}
