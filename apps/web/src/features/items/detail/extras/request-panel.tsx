import Event from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dueAlert, privacyRequestDeadline } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, parseDay } from '../../../../lib/format';

/** Art. 12(3) GDPR: answer within one month of receipt, extendable by two further months. */
export function RequestPanel({ receivedDate, extended, status }: { receivedDate: unknown; extended: unknown; status: number }) {
  const { t } = useTranslation();
  const received = typeof receivedDate === 'string' && parseDay(receivedDate) ? receivedDate : null;
  const deadline = received ? privacyRequestDeadline(received, extended === true) : null;
  const late = deadline ? dueAlert(deadline, status) === 'red' : false;
  const fg = late ? '#b71c1c' : '#0d5673';
  return (
    <Box
      component="section"
      aria-labelledby="request-deadline-title"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, bgcolor: late ? '#fdecea' : '#eef4f8', border: '1px solid', borderColor: fg }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Event sx={{ color: fg, fontSize: 32, mt: 0.5 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography id="request-deadline-title" variant="subtitle1" component="h3" sx={{ color: fg }}>
            {deadline
              ? t(late ? 'items.request.deadlineOverdue' : 'items.request.deadline', { date: formatDate(deadline) })
              : t('items.request.needsReceived')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(extended === true ? 'items.request.ruleExtended' : 'items.request.rule')}
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}
