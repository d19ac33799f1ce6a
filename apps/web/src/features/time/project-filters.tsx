import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { GridView } from '../../components/data-grid/use-server-grid';
import { useProjects } from './api';

/**
 * A time list's company and project filters (the view's `companyId` and `projectId`): the
 * projects follow the company chosen, and choosing a company drops a project of another one.
 */
export function ProjectFilters({
  view,
  setView,
  width,
  companyInProject = false,
}: {
  view: GridView;
  setView: (patch: Partial<GridView>) => void;
  width: number;
  /** Name each project's company while every company is shown. */
  companyInProject?: boolean;
}) {
  const { t } = useTranslation();
  const projects = useProjects();
  const { companyId, projectId } = view.filters;
  const companies = [...new Map((projects.data ?? []).map((p) => [p.companyId, p.companyName])).entries()];
  const companyProjects = (projects.data ?? []).filter((p) => !companyId || p.companyId === companyId);
  const select = (label: string, value: string | undefined, onChange: (value: string) => void, options: [string, string][]) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: width } }}
    >
      <MenuItem value="">{t('time.all')}</MenuItem>
      {options.map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {select(t('time.field.company'), companyId, (id) => setView({ filters: { companyId: id, projectId: '' } }), companies)}
      {select(
        t('time.field.project'),
        projectId,
        (id) => setView({ filters: { projectId: id } }),
        companyProjects.map((p) => [p.id, companyInProject && !companyId ? `${p.name} (${p.companyName})` : p.name]),
      )}
    </>
  );
}
