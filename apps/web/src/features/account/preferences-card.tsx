import Notifications from '@mui/icons-material/Notifications';
import Translate from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Language, NotificationChannel, UserMe } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config';
import { offeredLanguages } from '../../lib/i18n/language';
import { notify } from '../../lib/notify';
import { changeLanguage } from '../../lib/session/change-language';
import { useNotificationDefaults, useNotificationSettings, useSaveNotificationDefault, useSaveNotificationSettings } from './api';
import { CardHeading } from './card-heading';
import { NotificationChannels } from './notification-channels';
import { profileErrorText } from './profile-messages';

/** The language applies at once (i18next) and is stored on the user for the next login. */
function LanguageSection({ me }: { me: UserMe }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const languages = offeredLanguages(useConfig().languages);
  const current = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : me.language;
  // The choice shows at once; the catalogue of the other language may take a moment to load.
  const [pending, setPending] = useState<Language | null>(null);

  const choose = async (language: Language) => {
    setPending(language);
    setBusy(true);
    try {
      await changeLanguage(language);
      notify(i18n.t('profileEdit.language.saved'), 'success');
    } catch (error) {
      notify(profileErrorText(t, error), 'error');
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={labelId}>
      <CardHeading id={labelId} icon={Translate} title={t('profileEdit.language.title')} mb={0.5} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('profileEdit.language.text')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        row
        value={pending ?? current}
        onChange={(_e, value) => void choose(value as Language)}
        name="language"
      >
        {languages.map((language) => (
          <FormControlLabel
            key={language}
            value={language}
            control={<Radio disabled={busy} />}
            // Each language is named in itself, so anyone can find theirs.
            label={<span lang={language}>{t(`language.name.${language}`)}</span>}
          />
        ))}
      </RadioGroup>
    </section>
  );
}

/** Which notices the user wants: security notices by mail, and per category in the app and by e-mail. */
function NotificationsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const descriptionId = useId();
  const settings = useNotificationSettings();
  // The switch follows the click at once (set in the event, not after the mutation's first
  // tick); the server's answer replaces it, a failure falls back to what the server has.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [pendingChannel, setPendingChannel] = useState<NotificationChannel | null>(null);
  const save = useSaveNotificationSettings({
    onSuccess: (saved) => {
      if (chosen !== null) {
        notify(t(saved.securityNotices ? 'profileEdit.notifications.onSaved' : 'profileEdit.notifications.offSaved'), 'success');
      } else notify(t('profileEdit.notifications.saved'), 'success');
    },
    onError: (error) => notify(profileErrorText(t, error), 'error'),
    onSettled: () => {
      setChosen(null);
      setPendingChannel(null);
    },
  });

  return (
    <section aria-labelledby={headingId}>
      <CardHeading id={headingId} icon={Notifications} title={t('profileEdit.notifications.title')} mb={0.5} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('profileEdit.notifications.text')}
      </Typography>
      {settings.isPending && <Skeleton variant="rounded" height={40} />}
      {settings.isError && <Alert severity="error">{profileErrorText(t, settings.error)}</Alert>}
      {settings.data && (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', ml: 0, gap: 1 }}
          control={
            <Switch
              checked={chosen ?? settings.data.securityNotices}
              onChange={(_e, checked) => {
                setChosen(checked);
                save.mutate({ securityNotices: checked, categories: [] });
              }}
              disabled={save.isPending}
              slotProps={{ input: { 'aria-describedby': descriptionId } }}
              sx={{ mt: -0.5, ml: -1.5 }}
            />
          }
          label={
            <>
              <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {t('profileEdit.notifications.securityNotices')}
              </Typography>
              <Typography id={descriptionId} component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('profileEdit.notifications.securityNoticesText')}
              </Typography>
            </>
          }
        />
      )}
      {settings.data && (
        <Box sx={{ mt: 2 }}>
          <NotificationChannels
            channels={settings.data.categories.map((c) => (pendingChannel?.category === c.category ? pendingChannel : c))}
            disabled={save.isPending}
            onChange={(next) => {
              setPendingChannel(next);
              save.mutate({ securityNotices: settings.data.securityNotices, categories: [next] });
            }}
          />
        </Box>
      )}
      <CompanyDefaults />
    </section>
  );
}

/** Shown to those the server lets change them: the defaults of their company for its users. */
function CompanyDefaults() {
  const { t } = useTranslation();
  const headingId = useId();
  const defaults = useNotificationDefaults();
  const [pending, setPending] = useState<NotificationChannel | null>(null);
  const save = useSaveNotificationDefault({
    onSuccess: () => {
      notify(t('profileEdit.notifications.companyDefaultsSaved'), 'success');
    },
    onError: (error) => notify(profileErrorText(t, error), 'error'),
    onSettled: () => setPending(null),
  });
  if (!defaults.data?.rights.write) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('profileEdit.notifications.companyDefaults')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('profileEdit.notifications.companyDefaultsText')}
      </Typography>
      <NotificationChannels
        channels={defaults.data.categories.map((c) => (pending?.category === c.category ? pending : c))}
        disabled={save.isPending}
        onChange={(next) => {
          setPending(next);
          save.mutate(next);
        }}
      />
    </Box>
  );
}

export function PreferencesCard({ me }: { me: UserMe }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <LanguageSection me={me} />
        <Divider sx={{ my: 2.5 }} />
        <NotificationsSection />
      </CardContent>
    </Card>
  );
}
