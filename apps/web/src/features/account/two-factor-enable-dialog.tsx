import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { twoFactorEnableSchema, twoFactorSetupRequestSchema } from '@pc/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { useConfig } from '../../lib/config';
import { formatDateTime } from '../../lib/format';
import { applyFieldErrors, errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { enableTwoFactor, startTwoFactorSetup, type TwoFactorSetup } from './api';
import { copyText, downloadText } from './copy-text';
import { PasswordField } from './password-field';
import { groupInFours, recoveryCodesFile } from './two-factor-format';

type Step = { type: 'password' } | { type: 'scan'; setup: TwoFactorSetup } | { type: 'codes'; codes: string[] };

interface StepProps<T> {
  titleId: string;
  onCancel: () => void;
  onDone: (value: T) => void;
}

/** Step 1: the password proves it is the user who turns the second factor on. */
function PasswordStep({ titleId, onCancel, onDone }: StepProps<TwoFactorSetup>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(twoFactorSetupRequestSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onDone(await startTwoFactorSetup(password));
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['password'])) setFailure(errorText(t, error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <DialogTitle id={titleId}>{t('account.twoFactor.enableTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('account.twoFactor.passwordText')}</Typography>
          <PasswordField
            {...register('password')}
            label={t('account.twoFactor.password')}
            autoComplete="current-password"
            autoFocus
            required
            error={!!errors.password}
            helperText={messageText(t, errors.password?.message)}
            alertHelperText
            disabled={isSubmitting}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('account.twoFactor.next')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Step 2: QR code and key for the app, then one code from it to prove the pairing works. */
function ScanStep({ titleId, setup, onCancel, onDone }: StepProps<string[]> & { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const secretLabelId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(twoFactorEnableSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onDone(await enableTwoFactor(code));
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['code'])) setFailure(errorText(t, error));
    }
  });

  const copySecret = async () =>
    notify(t((await copyText(setup.secret)) ? 'account.twoFactor.copied' : 'account.twoFactor.copyFailed'), 'info');

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <DialogTitle id={titleId}>{t('account.twoFactor.scanTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('account.twoFactor.scanText')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
            <Box
              component="img"
              src={setup.qrCode}
              alt={t('account.twoFactor.qrAlt')}
              width={180}
              height={180}
              sx={{ flexShrink: 0, border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1, bgcolor: '#fff' }}
            />
            <Box sx={{ minWidth: 0, width: '100%' }}>
              <Typography id={secretLabelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('account.twoFactor.secretLabel')}
              </Typography>
              <Stack
                direction="row"
                sx={{ alignItems: 'center', gap: 1, bgcolor: 'grey.100', borderRadius: 2, pl: 1.5, pr: 0.5, py: 0.75 }}
              >
                <Typography
                  data-testid="two-factor-secret"
                  aria-labelledby={secretLabelId}
                  sx={{
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontSize: '0.95rem',
                    fontWeight: 600,
                    letterSpacing: '0.04em',
                    wordSpacing: '0.2em',
                    flexGrow: 1,
                    overflowWrap: 'anywhere',
                    userSelect: 'all',
                  }}
                >
                  {groupInFours(setup.secret)}
                </Typography>
                <Tooltip title={t('account.twoFactor.copySecret')}>
                  <IconButton aria-label={t('account.twoFactor.copySecret')} onClick={() => void copySecret()} size="small">
                    <ContentCopy fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('account.twoFactor.secretHint')}
              </Typography>
            </Box>
          </Stack>
          <FilledTextField
            {...register('code')}
            label={t('account.twoFactor.code')}
            autoComplete="one-time-code"
            inputProps={{ inputMode: 'numeric', maxLength: 6 }}
            required
            error={!!errors.code}
            helperText={messageText(t, errors.code?.message)}
            alertHelperText
            disabled={isSubmitting}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('account.twoFactor.enable')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Step 3: the recovery codes, shown this once; closing needs the "stored them" confirmation. */
function CodesStep({ titleId, codes, onDone }: { titleId: string; codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { productName } = useConfig();
  const email = useSession((s) => s.me?.email ?? '');
  const [stored, setStored] = useState(false);
  const text = () =>
    recoveryCodesFile(
      {
        heading: t('account.twoFactor.fileHeading', { product: productName }),
        account: t('account.twoFactor.fileAccount', { email }),
        created: t('account.twoFactor.fileCreated', { date: formatDateTime(new Date()) }),
        hint: t('account.twoFactor.fileHint'),
      },
      codes,
    );

  const copy = async () =>
    notify(t((await copyText(codes.join('\n'))) ? 'account.twoFactor.copied' : 'account.twoFactor.copyFailed'), 'info');

  return (
    <>
      <DialogTitle id={titleId}>{t('account.twoFactor.codesTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('account.twoFactor.codesText')}</Alert>
          <Box
            component="ol"
            aria-label={t('account.twoFactor.codesTitle')}
            data-testid="recovery-codes"
            sx={{
              m: 0,
              p: 2,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
              justifyContent: 'center',
              columnGap: { xs: 2, sm: 6 },
              rowGap: 1,
              bgcolor: 'grey.100',
              borderRadius: 2,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: { xs: '0.9rem', sm: '1rem' },
              fontWeight: 600,
              letterSpacing: '0.03em',
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<Download />}
              onClick={() => downloadText(`${productName.replace(/\s+/g, '-').toLowerCase()}-recovery-codes.txt`, text())}
            >
              {t('account.twoFactor.download')}
            </Button>
            <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
              {t('account.twoFactor.copyCodes')}
            </Button>
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={stored} onChange={(event) => setStored(event.target.checked)} />}
            label={t('account.twoFactor.stored')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone} disabled={!stored}>
          {t('account.twoFactor.finish')}
        </Button>
      </DialogActions>
    </>
  );
}

interface TwoFactorEnableDialogProps {
  open: boolean;
  onClose: (enabled: boolean) => void;
}

/** Enabling the authenticator second factor: password → QR code and first code → recovery codes. */
export function TwoFactorEnableDialog({ open, onClose }: TwoFactorEnableDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [step, setStep] = useState<Step>({ type: 'password' });
  const showingCodes = step.type === 'codes';

  return (
    <Dialog
      open={open}
      // The codes are shown only once: no closing by Escape or backdrop while they are on screen.
      onClose={showingCodes ? undefined : () => onClose(false)}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      {step.type === 'password' && (
        <PasswordStep titleId={titleId} onCancel={() => onClose(false)} onDone={(setup) => setStep({ type: 'scan', setup })} />
      )}
      {step.type === 'scan' && (
        <ScanStep
          titleId={titleId}
          setup={step.setup}
          onCancel={() => onClose(false)}
          onDone={(codes) => setStep({ type: 'codes', codes })}
        />
      )}
      {step.type === 'codes' && <CodesStep titleId={titleId} codes={step.codes} onDone={() => onClose(true)} />}
    </Dialog>
  );
}
