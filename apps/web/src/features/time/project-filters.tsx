import { useTranslation } from 'react-i18next';
import type { GridView } from '../../components/data-grid/use-server-grid';
import { ListFilter } from '../../components/list-toolbar';
import { useProjects } from './api';

/**
 * A time list's company and project filters (the view's `companyId` and `projectId`): the
 * projects follow the company chosen, and choosing a company drops a project of another one.
 */
export function ProjectFilters({
  grid,
  width,
  companyInProject = false,
}: {
  grid: { view: GridView; setView: (patch: Partial<GridView>) => void };
  width: number;
  /** Name each project's company while every company is shown. */
  companyInProject?: boolean;
}) {
  const { t } = useTranslation();
  const projects = useProjects().data ?? [];
  const { companyId } = grid.view.filters;
  const companies = [...new Map(projects.map((p) => [p.companyId, p.companyName])).entries()];
  // Both filters take the list, its width and the "all" choice.
  const shared = { grid, width, all: t('time.all') };
  const companyProjects = projects.filter((p) => !companyId || p.companyId === companyId);
  return (
    <>
      <ListFilter
        {...shared}
        name="companyId"
        label={t('time.field.company')}
        options={companies}
        onPick={(id) => ({ companyId: id, projectId: '' })}
      />
      <ListFilter
        {...shared}
        name="projectId"
        label={t('time.field.project')}
        options={companyProjects.map((p) => [p.id, companyInProject && !companyId ? `${p.name} (${p.companyName})` : p.name])}
      />
    </>
  );
}
