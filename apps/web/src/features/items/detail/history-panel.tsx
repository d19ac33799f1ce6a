import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Item, ItemTypeKey } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useUserLookup } from '../../../lib/user-lookup';
import { useItemHistory } from '../api';
import { changeRows } from './history-format';

/** Who changed what when, newest first. */
export function HistoryPanel({ type, item }: { type: ItemTypeKey; item: Item }) {
  const { t } = useTranslation();
  const history = useItemHistory(type, item.id, true);
  const users = useUserLookup();
  const userName = (id: string) => users.data?.find((u) => u.id === id)?.name;
  return (
    <Card>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('items.history.title')}
        </Typography>
        {history.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {history.isSuccess && history.data.length === 0 && (
          <Stack direction="row" spacing={1} sx={{ color: 'text.secondary' }}>
            <History aria-hidden />
            <Typography>{t('items.history.none')}</Typography>
          </Stack>
        )}
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(history.data ?? []).map((entry) => {
            const rows = changeRows(t, type, entry.changes, { userName, item });
            return (
              <Box component="li" key={entry.id} sx={{ borderLeft: '3px solid', borderColor: 'primary.light', pl: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
                  <Chip size="small" label={t(`items.history.action.${entry.action}`)} variant="outlined" />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {entry.userName ?? t('items.history.system')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(entry.at)}
                  </Typography>
                </Stack>
                {entry.action === 'updated' && rows.length > 0 && (
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      display: 'grid',
                      gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' },
                      columnGap: 2,
                      rowGap: 0.5,
                    }}
                  >
                    {rows.map((r) => (
                      <Box key={r.key} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {r.label}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                          <Box
                            component="span"
                            sx={{ textDecoration: r.from ? 'line-through' : undefined, color: 'text.secondary' }}
                          >
                            {r.from || t('items.history.empty')}
                          </Box>
                          {' → '}
                          <Box component="span" sx={{ fontWeight: 600 }}>
                            {r.to || t('items.history.empty')}
                          </Box>
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
                {entry.action === 'created' && (
                  <Typography variant="body2" color="text.secondary">
                    {t('items.history.createdFields', { count: rows.length })}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      </Box>
    </Card>
  );
}
