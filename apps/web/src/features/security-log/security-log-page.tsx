import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { securityEventTypes } from '@pc/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTableCard } from '../../components/data-grid/paged-table-card';
import { useServerGrid } from '../../components/data-grid/use-server-grid';
import { PageHeader } from '../../components/page-header';
import { SimpleTable } from '../../components/simple-table';
import { formatDateTime } from '../../lib/format';
import { type SecurityEvent, securityLogDefaults, securityLogQuery } from './api';
import { detailPairs } from './event-detail';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

type Tone = 'error' | 'warning' | 'success' | 'default';

function toneOf(type: string): Tone {
  if (type.endsWith('failure') || type === 'login.ipBlocked' || type === 'session.refreshReuse') return 'error';
  if (type === 'login.locked' || type === 'mfa.disabled' || type === 'mfa.recoveryCodeUsed') return 'warning';
  if (type.endsWith('success')) return 'success';
  return 'default';
}

function TypeChip({ type }: { type: string }) {
  const { t } = useTranslation();
  const tone = toneOf(type);
  return (
    <Chip
      size="small"
      label={t([`account.securityLog.type.${type}`, 'account.securityLog.type.unknown'], { type })}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      // MUI's warning fill is too light for white text (WCAG AA); the dark shade passes.
      sx={{ fontWeight: 600, ...(tone === 'warning' && { bgcolor: 'warning.dark' }) }}
    />
  );
}

function UserCell({ event }: { event: SecurityEvent }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {event.userFullName ?? event.email ?? '–'}
      </Typography>
      {event.userFullName && event.email && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {event.email}
        </Typography>
      )}
    </>
  );
}

function Details({ event }: { event: SecurityEvent }) {
  const details = detailPairs(event.detail);
  if (!details.length) return <>–</>;
  return (
    <>
      {details.map((line) => (
        <Box key={line} sx={{ fontFamily: mono, fontSize: '0.75rem', wordBreak: 'break-all' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

function EventTable({ items, labelId }: { items: SecurityEvent[]; labelId: string }) {
  const { t } = useTranslation();
  const columns = [
    t('account.securityLog.time'),
    t('account.securityLog.event'),
    t('account.securityLog.user'),
    t('account.securityLog.ip'),
    t('account.securityLog.detail'),
  ];
  return (
    <SimpleTable columns={columns} labelledBy={labelId} inset={[3, 3]} topAligned minWidth={860}>
      {items.map((event) => (
        <TableRow key={event.id} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</TableCell>
          <TableCell>
            <TypeChip type={event.type} />
          </TableCell>
          <TableCell sx={{ minWidth: 200 }}>
            <UserCell event={event} />
          </TableCell>
          <TableCell sx={{ fontFamily: mono, fontSize: '0.8rem', whiteSpace: 'nowrap' }}>{event.ip ?? '–'}</TableCell>
          <TableCell sx={{ color: 'text.secondary', width: 300, maxWidth: 300 }}>
            <Details event={event} />
          </TableCell>
        </TableRow>
      ))}
    </SimpleTable>
  );
}

/** Phones: one block per event instead of a table five columns wide. */
function EventList({ items, labelId }: { items: SecurityEvent[]; labelId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-labelledby={labelId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((event) => (
        <Box component="li" key={event.id} sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mb: 0.75 }}
          >
            <TypeChip type={event.type} />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(event.createdAt)}
            </Typography>
          </Stack>
          <UserCell event={event} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('account.securityLog.ip')}:{' '}
            <Box component="span" sx={{ fontFamily: mono }}>
              {event.ip ?? '–'}
            </Box>
          </Typography>
          {event.detail && (
            <Box sx={{ color: 'text.secondary', mt: 0.5 }}>
              <Details event={event} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** /administration/security-log: logins, second factors, password and terms events, paged on the server. */
export function SecurityLogPage() {
  const { t } = useTranslation();
  const filterId = useId();
  const captionId = useId();
  const grid = useServerGrid({ query: securityLogQuery, defaults: securityLogDefaults });
  const { view, setView } = grid;
  const items = grid.query.data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t('section.security-log')}
        actions={
          <FormControl size="small" sx={{ minWidth: 260, width: { xs: '100%', sm: 'auto' } }}>
            <InputLabel id={filterId} shrink>
              {t('account.securityLog.filter')}
            </InputLabel>
            <Select
              labelId={filterId}
              label={t('account.securityLog.filter')}
              value={view.filters.type}
              displayEmpty
              onChange={(event) => setView({ filters: { type: event.target.value } })}
            >
              <MenuItem value="">{t('account.securityLog.allTypes')}</MenuItem>
              {securityEventTypes.map((key) => (
                <MenuItem key={key} value={key}>
                  {t(`account.securityLog.type.${key}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        }
      />
      <PagedTableCard
        grid={grid}
        empty={t('account.securityLog.empty')}
        rows={{ table: <EventTable items={items} labelId={captionId} />, list: <EventList items={items} labelId={captionId} /> }}
        header={
          <Typography id={captionId} variant="body2" color="text.secondary">
            {t('account.securityLog.caption')}
          </Typography>
        }
      />
    </>
  );
}
