import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent, webhookInputSchema, webhookUpdateSchema } from '@pc/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormFilledField } from '../../../components/form/form-filled-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { useCompanyOptions } from '../../../lib/company-options';
import { messageText } from '../../../lib/messages';
import { getScopeCompanyId } from '../../../lib/session/session-store';
import { useZodForm, type ZodForm } from '../../../lib/use-zod-form';
import { createWebhook, updateWebhook } from './api';

// Empty company: the user's only one (the field is shown when there is a choice); the server checks it.
const createSchema = webhookInputSchema.extend({ companyId: z.string() });
type CreateValues = z.infer<typeof createSchema>;
const editSchema = webhookUpdateSchema.required();
type EditValues = z.infer<typeof editSchema>;

/** Address and events, the fields registering and changing an endpoint share. */
function EndpointFields<T extends { url: string; events: WebhookEvent[] }>({ form }: { form: ZodForm<T> }) {
  const { t } = useTranslation();
  const eventsLabel = useId();
  // The two forms hold these fields under the same names; react-hook-form types paths per form.
  const f = form as unknown as ZodForm<{ url: string; events: WebhookEvent[] }>;
  const { errors } = f.formState;
  return (
    <>
      <FormFilledField
        form={f}
        name="url"
        messageOf={(key) => messageText(t, key)}
        hint={t('webhooks.urlHint')}
        label={t('webhooks.url')}
        required
        autoFocus
        inputProps={{ inputMode: 'url', spellCheck: false }}
        disabled={f.busy}
      />
      <FormControl component="fieldset" error={!!errors.events} disabled={f.busy}>
        <FormLabel component="legend" id={eventsLabel}>
          {t('webhooks.events')}
        </FormLabel>
        <Controller
          control={f.control}
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
    </>
  );
}

/** Register an endpoint: the company, its HTTPS address and the events it wants. */
export function CreateWebhookDialog({ onClose }: { onClose: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const companies = useCompanyOptions(true);
  const options = companies.data ?? [];
  const form = useZodForm<CreateValues>(createSchema, {
    defaultValues: { companyId: getScopeCompanyId() ?? '', url: 'https://', events: ['item.created'] },
    fieldOf: (path) => (path === 'companyId' || path === 'url' || path === 'events' ? path : undefined),
    onSubmit: async (values) =>
      onClose((await createWebhook({ ...values, companyId: values.companyId || (options[0]?.id ?? '') })).secret),
  });
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
          <FormSelectField
            form={form}
            name="companyId"
            messageOf={(key) => messageText(t, key)}
            variant="filled"
            label={t('webhooks.company')}
            required
            disabled={form.busy}
            options={options.map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
        <EndpointFields form={form} />
      </Stack>
    </DialogFrame>
  );
}

/**
 * Change an endpoint: its address, its events, and whether it is sent to (a paused endpoint
 * starts again here). Company and secret stay.
 */
export function EditWebhookDialog({ endpoint, onClose }: { endpoint: Webhook; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const form = useZodForm<EditValues>(editSchema, {
    defaultValues: { url: endpoint.url, events: endpoint.events, paused: endpoint.pausedAt !== null },
    fieldOf: (path) => (path === 'url' || path === 'events' ? path : undefined),
    onSubmit: async (values) => {
      await updateWebhook(endpoint.id, values);
      onClose(true);
    },
  });
  return (
    <DialogFrame
      open
      title={t('webhooks.editTitle')}
      onClose={() => onClose(false)}
      form={form}
      submitLabel={t('common.save')}
      width={600}
    >
      <Stack spacing={2.5}>
        <EndpointFields form={form} />
        <Controller
          control={form.control}
          name="paused"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!field.value} onChange={(e) => field.onChange(!e.target.checked)} />}
              label={t('webhooks.active')}
              disabled={form.busy}
            />
          )}
        />
      </Stack>
    </DialogFrame>
  );
}
