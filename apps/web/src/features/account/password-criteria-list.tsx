import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visually-hidden';
import { passwordCriteriaState } from './password-criteria';

/** The live criteria list of the reset and change forms: each rule is ticked once it is met. */
export function PasswordCriteriaList({ password, repeated }: { password: string; repeated: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const criteria = passwordCriteriaState(password, repeated);
  return (
    <Box sx={{ bgcolor: 'grey.50', border: '1px solid', borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}>
      <Typography id={headingId} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        {t('account.criteria.title')}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {criteria.map(({ key, met }) => (
          <Box
            component="li"
            key={key}
            data-met={met}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.dark' : 'text.secondary' }}
          >
            {met ? (
              <CheckCircle fontSize="small" color="success" aria-hidden />
            ) : (
              <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
            )}
            <Typography variant="body2" component="span">
              {t(`account.criteria.${key}`)}
              <Box component="span" sx={visuallyHidden}>
                {` – ${t(met ? 'account.criteria.met' : 'account.criteria.notMet')}`}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
