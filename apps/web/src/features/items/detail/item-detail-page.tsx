import ArrowBack from '@mui/icons-material/ArrowBack';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Item, ItemTypeKey } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadProblem } from '../../../components/load-problem';
import { PageLoader } from '../../../components/page-loader';
import { PageTabs } from '../../../components/page-tabs';
import { PickersProvider } from '../../../components/pickers-provider';
import { StatusChip, urgencyOf } from '../../../components/status-chip';
import { itemPageActions } from '../../../lib/item-page-slots';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import { deleteItem, invalidateItems, itemKeys, saveItem, useItem } from '../api';
import { typeSingular } from '../labels';
import { prefetchItemDetail } from '../prefetch';
import { ItemQuestionnaires, takesQuestionnaires } from '../questionnaire/item-questionnaires';
import { useItemType } from '../use-item-type';
import { AttachmentsPanel } from './attachments-panel';
import { FindingActions, useFindingKinds } from './finding-actions';
import { HistoryPanel } from './history-panel';
import { ItemForm } from './item-form';
import { ItemReportButton } from './item-report-button';
import { LinkedItemsSection, ParentLine } from './linked-items-section';

type TabKey = 'details' | 'attachments' | 'history';

/**
 * Detail and edit page of every type (`<route>/$id`); `<route>/new` creates an item with the
 * same form and then moves to the new item's address.
 */
export function ItemDetailPage() {
  const { t } = useTranslation();
  const { type, route, canWrite } = useItemType();
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  const isNew = id === 'new';
  const query = useItem(type, isNew ? null : id);
  const client = useQueryClient();
  const me = useSession((s) => s.me);
  // A page load has asked for these already (router.tsx, prefetchPageData); an in-app move asks now.
  useEffect(() => prefetchItemDetail(client, me, type, id), [client, type, id, me]);

  let body: React.ReactNode;
  if (isNew && !canWrite) body = <Alert severity="warning">{t('items.detail.noCreate')}</Alert>;
  else if (!isNew && query.isLoading) body = <PageLoader />;
  else if (!isNew && query.isError)
    body = (
      <LoadProblem
        title={typeSingular(t, type)}
        error={query.error}
        notFound={t('items.detail.notFound')}
        loadFailed={t('items.detail.loadFailed')}
        back={
          <ButtonLink to={route} startIcon={<ArrowBack />}>
            {t('items.detail.backToList', { list: t(`items.type.${type}.other`) })}
          </ButtonLink>
        }
      />
    );
  else
    body = (
      <ItemEditor
        key={query.data?.id ?? 'new'}
        item={isNew ? null : (query.data ?? null)}
        type={type}
        route={route}
        // An existing item carries the caller's rights from the server; creating is guarded by
        // the type's claim, like the route.
        canWrite={isNew ? canWrite : (query.data?.rights.write ?? false)}
      />
    );

  return <PickersProvider>{body}</PickersProvider>;
}

function ItemEditor({ item, type, route, canWrite }: { item: Item | null; type: ItemTypeKey; route: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [tab, setTab] = useState<TabKey>('details');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const singular = typeSingular(t, type);
  const findingKinds = useFindingKinds();
  const findingActions =
    item && type === 'audit' && findingKinds.length > 0 ? <FindingActions audit={item} kinds={findingKinds} /> : undefined;

  const save = (values: object, ifMatch?: number) => saveItem(type, item?.id ?? null, values, ifMatch);
  const onSaved = (saved: Item, created: boolean) => {
    client.setQueryData(itemKeys.one(type, saved.id), saved);
    invalidateItems(client, type);
    notify(t(created ? 'items.detail.created' : 'items.detail.saved', { number: saved.number }), 'success');
    if (created) void navigate({ to: `${route}/${saved.id}`, replace: true });
  };
  const remove = async () => {
    if (!item) return;
    setDeleting(true);
    try {
      await deleteItem(type, item.id);
      invalidateItems(client, type);
      client.removeQueries({ queryKey: itemKeys.one(type, item.id) });
      notify(t('items.detail.deleted', { number: item.number }), 'success');
      void navigate({ to: route });
    } catch (error) {
      notify(errorText(t, error), 'error');
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.8 }}>
            {item ? `${item.number} · ${singular}` : singular}
            {item && (item.companyName ? ` · ${item.companyName}` : '')}
          </Typography>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere', hyphens: 'auto' }}
          >
            {item ? item.name : t('items.detail.newTitle', { type: singular })}
          </Typography>
          {item && <ParentLine item={item} />}
        </Box>
        {/* The actions wrap onto further lines on a phone rather than run past its edge. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          {item && <StatusChip status={item.status} urgency={urgencyOf(item)} />}
          {item && <ItemReportButton item={item} />}
          {item && (
            <Suspense fallback={null}>
              {itemPageActions.map(({ key, Action }) => (
                <Action key={key} item={item} />
              ))}
            </Suspense>
          )}
          {item?.rights.delete && (
            <Button color="error" variant="outlined" startIcon={<Delete />} onClick={() => setConfirmDelete(true)}>
              {t('items.detail.delete')}
            </Button>
          )}
        </Stack>
      </Box>
      <PageTabs
        id="item"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'details', label: t('items.detail.tab.details') },
          {
            value: 'attachments',
            label: item?.attachmentCount
              ? `${t('items.detail.tab.attachments')} (${item.attachmentCount})`
              : t('items.detail.tab.attachments'),
            disabled: !item,
          },
          { value: 'history', label: t('items.detail.tab.history'), disabled: !item },
        ]}
      >
        {tab === 'details' && (
          <>
            <ItemForm
              type={type}
              item={item}
              canWrite={canWrite}
              save={save}
              onSaved={onSaved}
              onCancel={() => void navigate({ to: route })}
            />
            {item && <LinkedItemsSection item={item} actions={findingActions} />}
            {item && takesQuestionnaires(type) && <ItemQuestionnaires item={item} />}
          </>
        )}
        {tab === 'attachments' && item && <AttachmentsPanel type={type} itemId={item.id} canWrite={canWrite} />}
        {tab === 'history' && item && <HistoryPanel type={type} item={item} />}
      </PageTabs>
      <ConfirmDialog
        open={confirmDelete}
        title={t('items.detail.deleteTitle', { type: singular })}
        text={t('items.detail.deleteText', { name: item?.name ?? '', number: item?.number ?? '' })}
        confirmLabel={t('items.detail.delete')}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
