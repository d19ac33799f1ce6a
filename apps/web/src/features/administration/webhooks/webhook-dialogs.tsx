import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@pc/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogFrame } from '../../../components/dialog-frame';
import { FilledTextField } from '../../../components/filled-text-field';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';
import { useCompanyOptions } from '../../../lib/company-options';
import { messageText } from '../../../lib/messages';
import { getScopeCompanyId } from '../../../lib/session/session-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { createWebhook } from './api';

const formSchema = z.object({
  // Empty: the user's only company (the field is shown when there is a choice); the server checks it.
  companyId: z.string(),
  url: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'validation.webhook.eventsRequired'),
});
type FormValues = z.infer<typeof formSchema>;

/** Register an endpoint: the company, its HTTPS address and the events it wants. */
export function CreateWebhookDialog({ onClose }: { onClose: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const eventsLabel = useId();
  const companies = useCompanyOptions(true);
  const options = companies.data ?? [];
  const form = useZodForm<FormValues>(formSchema, {
    defaultValues: { companyId: getScopeCompanyId() ?? '', url: 'https://', events: ['item.created'] },
    fieldOf: (path) => (path === 'companyId' || path === 'url' || path === 'events' ? path : undefined),
    onSubmit: async (values) =>
      onClose((await createWebhook({ ...values, companyId: values.companyId || (options[0]?.id ?? '') })).secret),
  });
  const { errors } = form.formState;
  return (
    <DialogFrame
      open
      title={t('webhooks.createTitle')}
      onClose={() => onClose(null)}
      form={form}
      submitLabel={t('webhooks.create')}
      width={600}
    >
      <Stack spacing={2.5}>
        {options.length > 1 && (
          <Controller
            control={form.control}
            name="companyId"
            render={({ field }) => (
              <TextField
                select
                variant="filled"
                {...field}
                label={t('webhooks.company')}
                required
                error={!!errors.companyId}
                helperText={messageText(t, errors.companyId?.message)}
                disabled={form.busy}
              >
                {options.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        <FilledTextField
          {...form.register('url')}
          label={t('webhooks.url')}
          required
          autoFocus
          inputProps={{ inputMode: 'url', spellCheck: false }}
          error={!!errors.url}
          helperText={messageText(t, errors.url?.message) ?? t('webhooks.urlHint')}
          disabled={form.busy}
        />
        <FormControl component="fieldset" error={!!errors.events} disabled={form.busy}>
          <FormLabel component="legend" id={eventsLabel}>
            {t('webhooks.events')}
          </FormLabel>
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <FormGroup aria-labelledby={eventsLabel}>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={
                      <Checkbox
                        checked={field.value.includes(event)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? WEBHOOK_EVENTS.filter((x) => x === event || field.value.includes(x))
                              : field.value.filter((x: WebhookEvent) => x !== event),
                          )
                        }
                      />
                    }
                    label={
                      <span>
                        {t(`webhooks.event.${event}`)}{' '}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                          {event}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </FormGroup>
            )}
          />
          {errors.events && <FormHelperText>{messageText(t, errors.events.message)}</FormHelperText>}
        </FormControl>
      </Stack>
    </DialogFrame>
  );
}

/** The signing secret of the endpoint just registered: shown once, with a copy button. */
export function CreatedSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={secret}
      onClose={onClose}
      width={600}
      testId="webhook-secret"
      text={{
        title: t('webhooks.secretTitle'),
        warning: t('webhooks.secretText'),
        copy: t('webhooks.copy'),
        copied: t('webhooks.copied'),
        copyFailed: t('webhooks.copyFailed'),
        done: t('webhooks.done'),
      }}
    />
  );
}
