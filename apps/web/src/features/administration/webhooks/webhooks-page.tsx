import Add from '@mui/icons-material/Add';
import Webhook from '@mui/icons-material/Webhook';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook as WebhookEndpoint } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useServerGrid } from '../../../components/data-grid/use-server-grid';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { deleteWebhook, deliveryDefaults, deliveryQuery, useWebhooks, webhookKeys } from './api';
import { DeliveryLog } from './delivery-log';
import { CreatedSecretDialog, CreateWebhookDialog } from './webhook-dialogs';

function EndpointRow({
  endpoint,
  selected,
  onShow,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onShow: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="webhook-row"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
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
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button size="small" variant={selected ? 'contained' : 'outlined'} onClick={onShow} aria-pressed={selected}>
          {t('webhooks.showDeliveries')}
        </Button>
        {endpoint.rights.delete && (
          <Button size="small" color="error" variant="outlined" onClick={onDelete}>
            {t('webhooks.delete')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** /administration/webhooks: a company's endpoints for outgoing events, and each one's delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const list = useWebhooks();
  const grid = useServerGrid({ query: deliveryQuery, defaults: deliveryDefaults });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const items = list.data?.items ?? [];
  const shown = items.find((e) => e.id === grid.view.filters.endpoint) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteWebhook(deleting.id);
      if (shown?.id === deleting.id) grid.setView({ filters: { endpoint: '' } });
      setDeleting(null);
      await refresh();
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('section.webhooks')}
        actions={
          list.data?.rights.create ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setCreating(true)}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
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
          {(list.isError || failure !== null) && (
            <Alert severity="error" sx={{ mx: { xs: 2, sm: 3 }, mb: 2 }}>
              {errorText(t, list.error ?? failure)}
            </Alert>
          )}
          {list.data && items.length === 0 && (
            <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 3, borderTop: 1, borderColor: 'divider' }}>
              {t('webhooks.empty')}
            </Typography>
          )}
          {items.length > 0 && (
            <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  selected={shown?.id === endpoint.id}
                  onShow={() => grid.setView({ filters: { endpoint: shown?.id === endpoint.id ? '' : endpoint.id } })}
                  onDelete={() => setDeleting(endpoint)}
                />
              ))}
            </Box>
          )}
        </Card>
        {shown && <DeliveryLog endpoint={shown} grid={grid} />}
      </Stack>
      {creating && (
        <CreateWebhookDialog
          onClose={(created) => {
            setCreating(false);
            if (created) {
              setSecret(created);
              void refresh();
            }
          }}
        />
      )}
      {secret && <CreatedSecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.deleteTitle')}
        text={t('webhooks.deleteText', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        danger
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
