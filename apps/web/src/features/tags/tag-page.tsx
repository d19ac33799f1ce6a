import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type TagType, tagTypes } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
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
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: '1px solid', borderColor: 'divider' }}
      >
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`tags.kind.${k}`)} id={`tag-tab-${k}`} aria-controls="tag-panel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="tag-panel" aria-labelledby={`tag-tab-${tab}`}>
        {tab === 'text-modules' ? (
          <TextModulesTab canCreate={canCreate} />
        ) : (
          <TagGrid key={tab} type={tab} canCreate={canCreate} showCompany={showCompany} />
        )}
      </div>
    </>
  );
}
