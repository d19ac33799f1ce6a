import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

interface PageTabsProps<K extends string> {
  /** Prefix of the tabs' and the panel's element ids: unique on the page. */
  id: string;
  value: K;
  onChange: (value: K) => void;
  tabs: readonly { value: K; label: string; disabled?: boolean }[];
  /** The chosen tab's content. */
  children: ReactNode;
}

/** A page's tabs over its content: scrolling on a phone, the one panel named by the chosen tab. */
export function PageTabs<K extends string>({ id, value, onChange, tabs, children }: PageTabsProps<K>) {
  return (
    <>
      <Tabs
        value={value}
        onChange={(_e, v: K) => onChange(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: '1px solid', borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} {...tab} id={`${id}-tab-${tab.value}`} aria-controls={`${id}-panel`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </Box>
    </>
  );
}
