import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type NotificationChannel, type NotificationEmail, notificationEmailSchema } from '@pc/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One row per notification category: its name and what it covers, in-app on/off and the
 * e-mail mode (none, immediately, weekly digest). `onChange` gets the one changed category.
 */
export function NotificationChannels({
  channels,
  disabled,
  onChange,
}: {
  channels: readonly NotificationChannel[];
  disabled?: boolean;
  onChange: (next: NotificationChannel) => void;
}) {
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} spacing={1.25}>
      {channels.map((c) => (
        <ChannelRow key={c.category} channel={c} disabled={disabled} onChange={onChange} />
      ))}
    </Stack>
  );
}

function ChannelRow({
  channel,
  disabled,
  onChange,
}: {
  channel: NotificationChannel;
  disabled?: boolean;
  onChange: (next: NotificationChannel) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const base = `profileEdit.notifications.category.${channel.category}`;
  return (
    <Box
      role="group"
      aria-labelledby={nameId}
      // The card is a narrow column on wide screens too: the name above, the two choices below it.
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(9rem, 12rem)',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography id={nameId} sx={{ fontWeight: 500 }}>
          {t(`${base}.name`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`${base}.text`)}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Switch
          checked={channel.inApp}
          disabled={disabled}
          onChange={(_e, inApp) => onChange({ ...channel, inApp })}
          slotProps={{ input: { 'aria-label': `${t(`${base}.name`)}: ${t('profileEdit.notifications.inApp')}` } }}
        />
        <Typography variant="body2">{t('profileEdit.notifications.inApp')}</Typography>
      </Stack>
      <TextField
        select
        size="small"
        label={t('profileEdit.notifications.email')}
        value={channel.email}
        disabled={disabled}
        onChange={(e) => onChange({ ...channel, email: e.target.value as NotificationEmail })}
      >
        {notificationEmailSchema.options.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`profileEdit.notifications.emailMode.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
