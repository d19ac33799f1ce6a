import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Language, languages } from '@pc/shared';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { SearchField } from '../../../components/search-field';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { findRouteDef } from '../../../lib/routing/route-table';
import { type HelpContent, useDeleteHelpContent, useHelpContents } from './api';
import { HelpContentDialog } from './help-content-dialog';
import { groupHelpContents, type HelpGroup, helpTitle } from './help-list';

// MUI's grey toggle text is below AA contrast; unselected buttons use the body text colour.
const toggleSx = { px: 2, color: 'text.primary', '&.Mui-selected': { color: 'primary.dark', fontWeight: 600 } };

type Editing = HelpContent | { route: string; locale: Language };

function RouteGroup({
  group,
  onEdit,
  onAdd,
  onDelete,
}: {
  group: HelpGroup;
  onEdit: (c: HelpContent) => void;
  onAdd: (route: string, locale: Language) => void;
  onDelete: (c: HelpContent) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const section = findRouteDef(group.route.replace(/\$[^/]+/g, 'x'))?.section;
  const firstLocale = group.items[0]?.locale ?? 'de';

  return (
    <Card component="section" aria-labelledby={headingId} data-route={group.route}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 2.5 }, py: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            component="h2"
            sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {group.route}
          </Typography>
          {section && (
            <Typography variant="body2" color="text.secondary">
              {t(`section.${section}`)}
            </Typography>
          )}
        </Box>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => onAdd(group.route, firstLocale)}
          aria-label={t('helpAdmin.addPageFor', { route: group.route })}
        >
          {t('helpAdmin.addPage')}
        </Button>
      </Box>
      <Divider />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {group.items.map((item, i) => {
          const title = helpTitle(item.content) || t('helpAdmin.untitled');
          return (
            <Fragment key={item.id}>
              {i > 0 && <Divider component="li" aria-hidden />}
              <Box
                component="li"
                data-help-id={item.id}
                sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, pl: { xs: 2, sm: 2.5 }, pr: 1, py: 0.75 }}
              >
                <Chip
                  size="small"
                  label={item.locale.toUpperCase()}
                  variant="outlined"
                  title={t(`language.name.${item.locale}`)}
                  sx={{ fontWeight: 700, minWidth: 40 }}
                />
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ minWidth: { xs: 36, sm: 52 }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {t('helpAdmin.indexShort', { index: item.index })}
                </Typography>
                <Typography lang={item.locale} noWrap sx={{ flexGrow: 1, minWidth: 0 }} title={title}>
                  {title}
                </Typography>
                <Tooltip title={t('helpAdmin.edit')}>
                  <IconButton
                    aria-label={t('helpAdmin.editItem', { title, locale: item.locale.toUpperCase() })}
                    onClick={() => onEdit(item)}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('helpAdmin.delete')}>
                  <IconButton
                    aria-label={t('helpAdmin.deleteItem', { title, locale: item.locale.toUpperCase() })}
                    onClick={() => onDelete(item)}
                    sx={{ ml: -0.5 }}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Fragment>
          );
        })}
      </Box>
    </Card>
  );
}

/** /administration/help: the help pages per route and language, in index order; create, edit, delete. */
export function HelpAdminPage() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [locale, setLocale] = useState<Language | 'all'>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<HelpContent | null>(null);
  const contents = useHelpContents();
  const groups = useMemo(() => groupHelpContents(contents.data ?? [], { query, locale }), [contents.data, query, locale]);
  const count = groups.reduce((n, g) => n + g.items.length, 0);
  const defaultLocale: Language = locale !== 'all' ? locale : i18n.language === 'en' ? 'en' : 'de';

  const remove = useDeleteHelpContent();
  const confirmDelete = (item: HelpContent) =>
    remove.mutate(item, {
      onSuccess: () => {
        notify(t('helpAdmin.deleted'), 'success');
        setDeleting(null);
      },
      onError: (error) => notify(errorText(t, error), 'error'),
    });

  return (
    <Box sx={{ maxWidth: 1040 }}>
      <PageHeader
        title={t('section.help-admin')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ route: '', locale: defaultLocale })}>
            {t('helpAdmin.create')}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('helpAdmin.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 2, alignItems: { sm: 'center' } }}>
        <SearchField
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          label={t('helpAdmin.search')}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        />
        <ToggleButtonGroup
          value={locale}
          exclusive
          size="small"
          onChange={(_e, value: Language | 'all' | null) => value && setLocale(value)}
          aria-label={t('helpAdmin.localeFilter')}
        >
          <ToggleButton value="all" sx={toggleSx}>
            {t('helpAdmin.allLocales')}
          </ToggleButton>
          {languages.map((l) => (
            <ToggleButton key={l} value={l} lang={l} sx={toggleSx}>
              {t(`language.name.${l}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ ml: { sm: 'auto' } }}>
          {contents.isSuccess ? t('helpAdmin.count', { count }) : ''}
        </Typography>
      </Stack>
      {contents.isPending && <LinearProgress aria-label={t('common.loading')} />}
      <RetryAlert query={contents} flush>
        {errorText(t, contents.error)}
      </RetryAlert>
      {contents.isSuccess && groups.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t(contents.data.length ? 'helpAdmin.noMatch' : 'helpAdmin.empty')}
        </Typography>
      )}
      <Stack spacing={2}>
        {groups.map((group) => (
          <RouteGroup
            key={group.route}
            group={group}
            onEdit={setEditing}
            onAdd={(route, l) => setEditing({ route, locale: locale !== 'all' ? locale : l })}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
      {editing && <HelpContentDialog initial={editing} all={contents.data ?? []} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('helpAdmin.deleteTitle')}
        text={
          deleting
            ? t('helpAdmin.deleteText', {
                title: helpTitle(deleting.content) || t('helpAdmin.untitled'),
                route: deleting.route,
                locale: t(`language.name.${deleting.locale}`),
              })
            : ''
        }
        confirmLabel={t('helpAdmin.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
