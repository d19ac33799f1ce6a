import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SsoConfig } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { saveSsoConfig, ssoKey, testSsoConfig, useSsoConfig } from './api';

/** Single sign-on of the account, for its administrators (the server answers 403 to others: no card). */
export function SsoCard() {
  const sso = useSsoConfig();
  if (!sso.data) return null;
  return <SsoForm config={sso.data} />;
}

function SsoForm({ config }: { config: SsoConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [v, setV] = useState(() => ({
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: '',
    domains: config.domains.join(', '),
    defaultRoleId: config.defaultRoleId ?? '',
    passwordLoginDisabled: config.passwordLoginDisabled,
  }));
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  /** The provider is asked (its discovery may take up to ten seconds). */
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const err = (k: string) => {
    const key = Object.keys(fields).find((f) => f === k || f.startsWith(`${k}.`));
    return key ? t(fields[key]![0]!) : undefined;
  };
  /** A field's value and change, red with the server's message for it (else its hint). */
  const bind = (k: Exclude<keyof typeof v, 'passwordLoginDisabled'>, hint?: string) => ({
    value: v[k],
    onChange: set(k),
    error: !!err(k),
    helperText: err(k) ?? hint,
  });

  const save = async () => {
    setBusy(true);
    setFields({});
    try {
      const saved = await saveSsoConfig({
        issuer: v.issuer,
        clientId: v.clientId,
        clientSecret: v.clientSecret || undefined,
        domains: v.domains
          .split(/[\s,;]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        defaultRoleId: v.defaultRoleId,
        passwordLoginDisabled: v.passwordLoginDisabled,
      });
      queryClient.setQueryData(ssoKey, saved);
      setV((old) => ({ ...old, clientSecret: '' }));
      notify(t('account.sso.saved'), 'success');
    } catch (e) {
      if (isApiError(e) && e.fields) setFields(e.fields);
      else notify(errorText(t, e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const runTest = async () => {
    setTest(null);
    setTesting(true);
    try {
      const r = await testSsoConfig();
      setTest(
        r.ok ? { ok: true, text: t('account.sso.testOk') } : { ok: false, text: t('account.sso.testFailed', { error: r.error }) },
      );
    } catch (e) {
      setTest({ ok: false, text: errorText(t, e) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card component="section" aria-label={t('account.sso.title')} sx={{ mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('account.sso.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('account.sso.intro')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={t('account.sso.redirectUri')}
            value={config.redirectUri}
            multiline
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label={t('account.sso.issuer')}
            {...bind('issuer', 'https://login.microsoftonline.com/<tenant>/v2.0')}
            required
          />
          <TextField label={t('account.sso.clientId')} {...bind('clientId')} required />
          <TextField
            label={t('account.sso.clientSecret')}
            type="password"
            autoComplete="new-password"
            {...bind('clientSecret', config.hasClientSecret ? t('account.sso.secretKept') : undefined)}
          />
          <TextField label={t('account.sso.domains')} {...bind('domains', t('account.sso.domainsHelp'))} required />
          <TextField select label={t('account.sso.defaultRole')} {...bind('defaultRoleId')} required>
            {config.roles.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={v.passwordLoginDisabled}
                onChange={(e) => setV({ ...v, passwordLoginDisabled: e.target.checked })}
              />
            }
            label={t('account.sso.passwordLoginDisabled')}
          />
          {v.passwordLoginDisabled && <Alert severity="info">{t('account.sso.breakGlass')}</Alert>}
          {test && <Alert severity={test.ok ? 'success' : 'error'}>{test.text}</Alert>}
          {config.rights.write && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" onClick={runTest} loading={testing} disabled={busy || !config.configured}>
                {t('account.sso.test')}
              </Button>
              <Button variant="contained" onClick={save} loading={busy}>
                {t('common.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
