import { type TagType, tagTypes } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PageTabs } from '../../components/page-tabs';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { TagGrid } from './tag-grid';
import { TextModulesTab } from './text-modules-tab';

type TabKey = TagType | 'text-modules';

/** Tags: person groups, data categories, process categories; plus text modules. */
export function TagPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  // Adding is decided by the routes' claim rule; existing tags and text modules carry their rights.
  const canCreate = hasClaim(me, 'Tag.Write');
  const scope = me?.scopeCompany ?? null;
  const showCompany = !scope || scope.type === 'Group';
  const [tab, setTab] = useState<TabKey>('person-groups');
  const tabs: TabKey[] = [...tagTypes, 'text-modules'];
  return (
    <>
      <PageHeader title={t('section.tag')} />
      <PageTabs id="tag" value={tab} onChange={setTab} tabs={tabs.map((k) => ({ value: k, label: t(`tags.kind.${k}`) }))}>
        {tab === 'text-modules' ? (
          <TextModulesTab canCreate={canCreate} />
        ) : (
          <TagGrid key={tab} type={tab} canCreate={canCreate} showCompany={showCompany} />
        )}
      </PageTabs>
    </>
  );
}
