import type { Item } from '@pc/shared';
import type { ReactNode } from 'react';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid';
import type { ServerGrid } from '../../../components/data-grid/use-server-grid';
import { PageHeader } from '../../../components/page-header';
import { PickersProvider } from '../../../components/pickers-provider';
import { RetryAlert } from '../../../components/retry-alert';
import { EmptyStateContext, type EmptyStateInfo } from './empty-state';
import { RegisterFilters } from './list-filters';
import type { useRegisterTools } from './register-tools';

interface RegisterPageProps {
  title: string;
  grid: ServerGrid<Item>;
  tools: ReturnType<typeof useRegisterTools>;
  empty: EmptyStateInfo;
  /** The register's own buttons in the header: before the export (reports) and after it (import, new). */
  leading?: ReactNode;
  trailing?: ReactNode;
  /** Filters of this list besides search, status and due date. */
  filters?: ReactNode;
  /** What a failed load says. */
  loadFailed: ReactNode;
}

/** A register list: header with saved views and export, filters, the chosen rows' bar, the server grid. */
export function RegisterPage({ title, grid, tools, empty, leading, trailing, filters, loadFailed }: RegisterPageProps) {
  return (
    <PickersProvider>
      <PageHeader
        title={title}
        actions={
          <>
            {tools.viewsMenu}
            {leading}
            {tools.exportButton}
            {trailing}
          </>
        }
      />
      <RegisterFilters grid={grid}>{filters}</RegisterFilters>
      <RetryAlert query={grid.query}>{loadFailed}</RetryAlert>
      {tools.bar}
      <EmptyStateContext value={empty}>
        <ServerDataGrid<Item> grid={grid} label={title} {...tools.gridProps} />
      </EmptyStateContext>
    </PickersProvider>
  );
}
