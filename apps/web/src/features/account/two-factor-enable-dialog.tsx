import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { twoFactorEnableSchema, twoFactorSetupRequestSchema } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { useConfig } from '../../lib/config';
import { copyText, downloadText } from '../../lib/copy-text';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { enableTwoFactor, startTwoFactorSetup, type TwoFactorSetup } from './api';
import { TwoFactorCodeField, TwoFactorPasswordField } from './two-factor-fields';
import { groupInFours, recoveryCodesFile } from './two-factor-format';

type Step = { type: 'password' } | { type: 'scan'; setup: TwoFactorSetup } | { type: 'codes'; codes: string[] };

/** The wizard's dialog width; each step is its own frame around its own form. */
const WIDTH = 600;

interface StepProps<T> {
  open: boolean;
  onCancel: () => void;
  onDone: (value: T) => void;
}

/** Step 1: the password proves it is the user who turns the second factor on. */
function PasswordStep({ open, onCancel, onDone }: StepProps<TwoFactorSetup>) {
  const { t } = useTranslation();
  const form = useZodForm(twoFactorSetupRequestSchema, {
    defaultValues: { password: '' },
    onSubmit: async ({ password }) => onDone(await startTwoFactorSetup(password)),
  });

  return (
    <DialogFrame
      open={open}
      title={t('account.twoFactor.enableTitle')}
      onClose={onCancel}
      form={form}
      submitLabel={t('account.twoFactor.next')}
      width={WIDTH}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('account.twoFactor.passwordText')}</Typography>
        <TwoFactorPasswordField form={form} />
      </Stack>
    </DialogFrame>
  );
}

/** Step 2: QR code and key for the app, then one code from it to prove the pairing works. */
function ScanStep({ open, setup, onCancel, onDone }: StepProps<string[]> & { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  const secretLabelId = useId();
  const form = useZodForm(twoFactorEnableSchema, {
    defaultValues: { code: '' },
    onSubmit: async ({ code }) => onDone(await enableTwoFactor(code)),
  });

  const copySecret = async () =>
    notify(t((await copyText(setup.secret)) ? 'account.twoFactor.copied' : 'account.twoFactor.copyFailed'), 'info');

  return (
    <DialogFrame
      open={open}
      title={t('account.twoFactor.scanTitle')}
      onClose={onCancel}
      form={form}
      submitLabel={t('account.twoFactor.enable')}
      width={WIDTH}
    >
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
        <TwoFactorCodeField form={form} />
      </Stack>
    </DialogFrame>
  );
}

/** Step 3: the recovery codes, shown this once; closing needs the "stored them" confirmation. */
function CodesStep({ open, codes, onDone }: { open: boolean; codes: string[]; onDone: () => void }) {
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
    <DialogFrame
      open={open}
      title={t('account.twoFactor.codesTitle')}
      onClose={onDone}
      // The codes are shown only once: no closing by Escape or backdrop while they are on screen.
      dismissible={false}
      width={WIDTH}
      actions={
        <Button variant="contained" onClick={onDone} disabled={!stored}>
          {t('account.twoFactor.finish')}
        </Button>
      }
    >
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
    </DialogFrame>
  );
}

interface TwoFactorEnableDialogProps {
  open: boolean;
  onClose: (enabled: boolean) => void;
}

/** Enabling the authenticator second factor: password → QR code and first code → recovery codes. */
export function TwoFactorEnableDialog({ open, onClose }: TwoFactorEnableDialogProps) {
  const [step, setStep] = useState<Step>({ type: 'password' });
  if (step.type === 'password') {
    return <PasswordStep open={open} onCancel={() => onClose(false)} onDone={(setup) => setStep({ type: 'scan', setup })} />;
  }
  if (step.type === 'scan') {
    return (
      <ScanStep
        open={open}
        setup={step.setup}
        onCancel={() => onClose(false)}
        onDone={(codes) => setStep({ type: 'codes', codes })}
      />
    );
  }
  return <CodesStep open={open} codes={step.codes} onDone={() => onClose(true)} />;
}
