import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Webhook, WebhookDelivery } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTableCard } from '../../../components/data-grid/paged-table-card';
import type { ServerGrid } from '../../../components/data-grid/use-server-grid';
import { SimpleTable } from '../../../components/simple-table';
import { formatDateTime } from '../../../lib/format';
import { resendDelivery, webhookKeys } from './api';

type Grid = ServerGrid<WebhookDelivery>;

const tone = { delivered: 'success', failed: 'error', pending: 'warning' } as const;

function StatusChip({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const color = tone[delivery.status];
  return (
    <Chip
      size="small"
      color={color}
      label={t(`webhooks.status.${delivery.status}`)}
      // MUI's warning fill is too light for white text (WCAG AA); the dark shade passes.
      sx={{ fontWeight: 600, ...(color === 'warning' && { bgcolor: 'warning.dark' }) }}
    />
  );
}

/** Response code, or the reason no answer came (refused, timed out). */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.attempts === 0) return <>{t('webhooks.notYet')}</>;
  return (
    <>
      {delivery.responseStatus ?? '–'}
      {delivery.error && delivery.error !== `HTTP ${delivery.responseStatus}` && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {delivery.error}
        </Typography>
      )}
    </>
  );
}

function When({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <>
      {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
      {delivery.nextAttemptAt && delivery.attempts > 0 && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('webhooks.nextAttempt', { at: formatDateTime(delivery.nextAttemptAt) })}
        </Typography>
      )}
    </>
  );
}

/** The delivery log of one endpoint: status, time, response code, and "send again" per delivery. */
export function DeliveryLog({ endpoint, grid }: { endpoint: Webhook; grid: Grid }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const items = grid.query.data?.items ?? [];

  const resend = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    setFailure(null);
    try {
      await resendDelivery(endpoint.id, delivery.id);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    } catch (e) {
      setFailure(e);
    } finally {
      setSending(null);
    }
  };
  const resendButton = (delivery: WebhookDelivery) =>
    delivery.rights.resend && (
      <Button
        size="small"
        variant="outlined"
        startIcon={<Replay />}
        disabled={sending !== null}
        onClick={() => void resend(delivery)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('webhooks.resend')}
      </Button>
    );

  const list = (
    <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((d) => (
        <Box
          component="li"
          key={d.id}
          data-testid="webhook-delivery"
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <StatusChip delivery={d} />
            <Typography variant="caption" color="text.secondary">
              {t(`webhooks.event.${d.event}`)}
            </Typography>
          </Stack>
          <Typography variant="body2">
            <When delivery={d} />
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1 }}>
            {t('webhooks.responseCode')}: <Outcome delivery={d} />
          </Typography>
          {resendButton(d)}
        </Box>
      ))}
    </Box>
  );
  const columns = [
    t('webhooks.statusColumn'),
    t('webhooks.eventColumn'),
    t('webhooks.time'),
    t('webhooks.responseCode'),
    t('webhooks.attempts'),
    { label: t('webhooks.actions'), hidden: true },
  ];
  const table = (
    <SimpleTable columns={columns} labelledBy={headingId} inset={[3, 3]}>
      {items.map((d) => (
        <TableRow key={d.id} hover data-testid="webhook-delivery">
          <TableCell>
            <StatusChip delivery={d} />
          </TableCell>
          <TableCell>{t(`webhooks.event.${d.event}`)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <When delivery={d} />
          </TableCell>
          <TableCell sx={{ maxWidth: 280 }}>
            <Outcome delivery={d} />
          </TableCell>
          <TableCell>{d.attempts}</TableCell>
          <TableCell align="right">{resendButton(d)}</TableCell>
        </TableRow>
      ))}
    </SimpleTable>
  );

  return (
    <PagedTableCard
      grid={grid}
      labelledBy={headingId}
      testId="webhook-deliveries"
      failure={failure}
      empty={t('webhooks.noDeliveries')}
      rows={{ table, list }}
      header={
        <>
          <Typography id={headingId} variant="h6" component="h2">
            {t('webhooks.deliveries')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Typography>
        </>
      }
    />
  );
}
