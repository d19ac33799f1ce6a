import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { Project } from '@pc/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { RetryAlert } from '../../components/retry-alert';
import { formatDate, formatHours, formatMoney } from '../../lib/format';
import { hasClaim } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-store';
import { useProjects } from './api';
import { ProjectDialog } from './project-dialog';

/** The projects register: the scope's projects, a dialog to create or change one (Projects.Write). */
export function ProjectsPanel() {
  const { t, i18n } = useTranslation();
  const me = useSession((s) => s.me);
  const canCreate = hasClaim(me, 'Projects.Write');
  const projects = useProjects();
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);
  const lang = i18n.language;
  // The server leaves a project's terms out for a caller who may not see them: their columns go too.
  const withTerms = (projects.data ?? []).some((p) => 'flatRate' in p);
  const columns = useMemo<GridColDef<Project>[]>(() => {
    const all: GridColDef<Project>[] = [
      { field: 'name', headerName: t('time.project.name'), flex: 1, minWidth: 200 },
      { field: 'companyName', headerName: t('time.field.company'), width: 200 },
      { field: 'validFrom', headerName: t('time.project.validFrom'), width: 120, valueFormatter: (v: string) => formatDate(v) },
      {
        field: 'validUntil',
        headerName: t('time.project.validUntil'),
        width: 120,
        valueFormatter: (v: string | null) => formatDate(v),
      },
      {
        field: 'budgetHours',
        headerName: t('time.project.budget'),
        width: 170,
        valueGetter: (_v, row) =>
          row.budgetHours == null
            ? ''
            : `${formatHours(row.budgetHours, lang)} h ${row.budgetPeriod === 'Month' ? t('time.project.perMonth') : t('time.project.perProject')}`,
      },
      {
        field: 'flatRate',
        headerName: t('time.project.flatRate'),
        width: 140,
        valueFormatter: (v: number | null) => formatMoney(v, lang),
      },
      {
        field: 'hourlyRate',
        headerName: t('time.project.hourlyRate'),
        width: 130,
        valueFormatter: (v: number | null) => formatMoney(v, lang),
      },
      {
        field: 'isActive',
        headerName: t('time.project.active'),
        width: 90,
        valueGetter: (_v, row) => (row.isActive ? t('items.yes') : t('items.no')),
      },
    ];
    return all.filter((c) => withTerms || !['budgetHours', 'flatRate', 'hourlyRate'].includes(c.field));
  }, [t, lang, withTerms]);
  return (
    <>
      {canCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ project: null })}>
            {t('time.project.new')}
          </Button>
        </Box>
      )}
      <RetryAlert query={projects}>{t('time.project.loadFailed')}</RetryAlert>
      <AppDataGrid<Project>
        label={t('time.tab.projects')}
        rows={projects.data ?? []}
        columns={columns}
        loading={projects.isFetching}
        onRowClick={({ row }) => setDialog({ project: row })}
        emptyText={t('time.project.empty')}
      />
      {dialog && <ProjectDialog project={dialog.project} onClose={() => setDialog(null)} />}
    </>
  );
}
