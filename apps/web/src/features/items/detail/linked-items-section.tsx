import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Item } from '@pc/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '../../../components/list-item-link';
import { StatusChip, urgencyOf } from '../../../components/status-chip';
import { TextLink } from '../../../components/text-link';
import { useSession } from '../../../lib/session/session-store';
import { useChildItems, useItem } from '../api';
import { typeSingular } from '../labels';
import { canReadType, routeOf } from './linked-items';

const noClaims: readonly string[] = [];

/** "Gehört zu: AUD-0003 · Name" under the title; without access to the parent only its type. */
export function ParentLine({ item }: { item: Item }) {
  const { t } = useTranslation();
  const claims = useSession((s) => s.me?.claims) ?? noClaims;
  const parentType = item.parentType ?? 'issue';
  const readable = !!item.parentType && !!item.parentId && canReadType(claims, parentType);
  const parent = useItem(parentType, readable ? item.parentId : null);
  if (!item.parentType || !item.parentId) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
      {t('items.linked.belongsTo')}{' '}
      {parent.data ? (
        <TextLink to={`${routeOf(parent.data.type)}/${parent.data.id}`} underline="hover">
          {`${parent.data.number} · ${parent.data.name}`}
        </TextLink>
      ) : (
        typeSingular(t, item.parentType)
      )}
    </Typography>
  );
}

/**
 * "Verknüpfte Einträge": the items whose parent is this one, across every type the user may
 * read. Hidden while there are none, unless `actions` offer to create some.
 */
export function LinkedItemsSection({ item, actions }: { item: Item; actions?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const _claims = useSession((s) => s.me?.claims) ?? noClaims;
  const children = useChildItems(item.type, item.id);

  if (!actions && (children.isPending || (!children.isError && children.items.length === 0))) return null;

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('items.linked.title')}
            {children.items.length > 0 && ` (${children.items.length + children.hidden})`}
          </Typography>
          {actions}
        </Box>
        {children.isPending && <LinearProgress aria-label={t('common.loading')} sx={{ my: 1 }} />}
        {children.isError && (
          <Alert
            severity="error"
            sx={{ my: 1 }}
            action={
              <Button color="inherit" size="small" onClick={children.refetch}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('items.linked.loadFailed')}
          </Alert>
        )}
        {!children.isPending && !children.isError && children.items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('items.linked.empty')}
          </Typography>
        )}
        {children.items.length > 0 && (
          <List disablePadding>
            {children.items.map((child) => (
              <ListItem key={child.id} disablePadding divider>
                <ListItemLink
                  to={`${routeOf(child.type)}/${child.id}`}
                  sx={{ gap: 2, px: { xs: 1, sm: 2 }, alignItems: 'center' }}
                >
                  <ListItemText
                    primary={child.name}
                    secondary={`${child.number} · ${typeSingular(t, child.type)}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  <Box sx={{ flexShrink: 0 }}>
                    <StatusChip status={child.status} urgency={urgencyOf(child)} />
                  </Box>
                </ListItemLink>
              </ListItem>
            ))}
          </List>
        )}
        {children.hidden > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('items.linked.hidden', { count: children.hidden })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
