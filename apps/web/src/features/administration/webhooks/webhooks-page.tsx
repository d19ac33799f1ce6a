import Add from '@mui/icons-material/Add';
import Webhook from '@mui/icons-material/Webhook';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook as WebhookEndpoint } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useServerGrid } from '../../../components/data-grid/use-server-grid';
import { CreateShownOnce, useSecretRecords } from '../../../components/form/secret-records';
import { PageHeader } from '../../../components/page-header';
import { RecordList, RecordRow } from '../../../components/record-list';
import { formatDateTime } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { deleteWebhook, deliveryDefaults, deliveryQuery, useWebhooks, webhookKeys } from './api';
import { DeliveryLog } from './delivery-log';
import { CreateWebhookDialog, EditWebhookDialog } from './webhook-dialogs';

function EndpointRow({
  endpoint,
  selected,
  onShow,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onShow: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="webhook-row"
      inset
      basis={320}
      selected={selected}
      actions={
        <>
          <Button size="small" variant={selected ? 'contained' : 'outlined'} onClick={onShow} aria-pressed={selected}>
            {t('webhooks.showDeliveries')}
          </Button>
          {endpoint.rights.update && (
            <Button size="small" variant="outlined" onClick={onEdit}>
              {t('webhooks.edit')}
            </Button>
          )}
          {endpoint.rights.delete && (
            <Button size="small" color="error" variant="outlined" onClick={onDelete}>
              {t('webhooks.delete')}
            </Button>
          )}
        </>
      }
    >
      <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{endpoint.url}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.meta', { company: endpoint.companyName, created: formatDateTime(endpoint.createdAt) })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
        {endpoint.pausedAt && (
          <Chip size="small" color="error" label={t('webhooks.paused', { at: formatDateTime(endpoint.pausedAt) })} />
        )}
        {endpoint.events.map((event) => (
          <Chip key={event} size="small" variant="outlined" label={t(`webhooks.event.${event}`)} />
        ))}
      </Stack>
    </RecordRow>
  );
}

/** /administration/webhooks: a company's endpoints for outgoing events, and each one's delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useWebhooks();
  const grid = useServerGrid({ query: deliveryQuery, defaults: deliveryDefaults });
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const items = list.data?.items ?? [];
  const shown = items.find((e) => e.id === grid.view.filters.endpoint) ?? null;
  const {
    refresh,
    created: secret,
    removal,
  } = useSecretRecords(webhookKeys.all, async (endpoint: WebhookEndpoint) => {
    await deleteWebhook(endpoint.id);
    if (shown?.id === endpoint.id) grid.setView({ filters: { endpoint: '' } });
  });

  return (
    <>
      <PageHeader
        title={t('section.webhooks')}
        actions={
          list.data?.rights.create ? (
            <Button variant="contained" startIcon={<Add />} onClick={secret.start} sx={{ width: { xs: '100%', sm: 'auto' } }}>
              {t('webhooks.create')}
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={2.5}>
        <Card component="section" aria-labelledby={headingId}>
          <CardContent sx={{ px: { xs: 2, sm: 3 }, pb: 1 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <Webhook color="primary" aria-hidden />
              <Typography id={headingId} variant="h6" component="h2">
                {t('webhooks.endpoints')}
              </Typography>
            </Stack>
            <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
              {t('webhooks.intro')}
            </Typography>
          </CardContent>
          {(list.isError || removal.failure !== null) && (
            <Alert severity="error" sx={{ mx: { xs: 2, sm: 3 }, mb: 2 }}>
              {errorText(t, list.error ?? removal.failure)}
            </Alert>
          )}
          {list.data && items.length === 0 && (
            <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 3, borderTop: 1, borderColor: 'divider' }}>
              {t('webhooks.empty')}
            </Typography>
          )}
          {items.length > 0 && (
            <RecordList labelledBy={headingId}>
              {items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  selected={shown?.id === endpoint.id}
                  onShow={() => grid.setView({ filters: { endpoint: shown?.id === endpoint.id ? '' : endpoint.id } })}
                  onEdit={() => setEditing(endpoint)}
                  onDelete={() => removal.ask(endpoint)}
                />
              ))}
            </RecordList>
          )}
        </Card>
        {shown && <DeliveryLog endpoint={shown} grid={grid} />}
      </Stack>
      <CreateShownOnce
        created={secret}
        dialog={(onClose) => <CreateWebhookDialog onClose={onClose} />}
        width={600}
        testId="webhook-secret"
        title={t('webhooks.secretTitle')}
        warning={t('webhooks.secretText')}
      />
      {editing && (
        <EditWebhookDialog
          endpoint={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={t('webhooks.deleteTitle')}
        text={t('webhooks.deleteText', { url: removal.target?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        danger
      />
    </>
  );
}
