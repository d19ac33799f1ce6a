import AddBusiness from '@mui/icons-material/AddBusiness';
import Science from '@mui/icons-material/Science';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import type { CompanyListItem } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AppDataGrid } from '../../../components/data-grid/app-data-grid';
import { DemoCountdown } from '../../../components/demo-countdown';
import { SearchField } from '../../../components/search-field';
import { TextLink } from '../../../components/text-link';
import { formatDate } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { hasClaim } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/session-store';
import { companyChanged, createDemoCompany, useCompanyList } from './api';
import { matchesCompany } from './company-logic';
import { ImportCompanyDialog } from './import-company-dialog';

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={value ? 'filled' : 'outlined'}
      color={value ? 'primary' : 'default'}
      label={value ? t('companiesAdmin.yes') : t('companiesAdmin.no')}
      sx={{ minWidth: 44 }}
    />
  );
}

function NameCell({ row }: { row: CompanyListItem }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0, py: 0.75, lineHeight: 1.3 }}>
      <TextLink
        to="/administration/companies/$id"
        params={{ id: row.id }}
        underline="hover"
        sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
        onClick={(e) => e.stopPropagation()}
      >
        {row.name}
      </TextLink>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {row.type === 'Group'
          ? t('companiesAdmin.groupOf', { count: row.numberOfChildCompanies })
          : row.parentCompanyName
            ? t('companiesAdmin.inGroup', { name: row.parentCompanyName })
            : t('companiesAdmin.type.Company')}
      </Typography>
      {row.isDemo && <DemoCountdown creationDate={row.creationDate} variant="caption" component="p" />}
    </Box>
  );
}

/** /administration/companies: every company the administrator may manage. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useSession((s) => s.me);
  const companies = useCompanyList();
  const [query, setQuery] = useState('');
  const [askDemo, setAskDemo] = useState(false);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const canCreate = hasClaim(me, 'Company.Write');
  const own = companies.data?.find((c) => c.id === me?.companyId);
  const isAgency = !!own?.isDataPrivacyAgency;
  const rows = (companies.data ?? []).filter((c) => matchesCompany(c, query));

  const columns = useMemo<GridColDef<CompanyListItem>[]>(
    () => [
      {
        field: 'name',
        headerName: t('companiesAdmin.field.name'),
        flex: 2,
        minWidth: 220,
        renderCell: ({ row }) => <NameCell row={row} />,
      },
      {
        field: 'type',
        headerName: t('companiesAdmin.field.type'),
        width: 130,
        valueGetter: (_v, row) => t(`companiesAdmin.type.${row.type}`),
      },
      {
        field: 'parentCompanyName',
        headerName: t('companiesAdmin.field.parent'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.parentCompanyName ?? '',
      },
      {
        field: 'isActive',
        headerName: t('companiesAdmin.field.isActive'),
        width: 100,
        renderCell: ({ row }) => <YesNo value={row.isActive} />,
      },
      {
        field: 'isDemo',
        headerName: t('companiesAdmin.field.isDemo'),
        width: 100,
        renderCell: ({ row }) => <YesNo value={row.isDemo} />,
      },
      {
        field: 'creationDate',
        headerName: t('companiesAdmin.field.creationDate'),
        width: 130,
        valueGetter: (_v, row) => new Date(row.creationDate),
        type: 'date',
        renderCell: ({ row }) => formatDate(row.creationDate),
      },
    ],
    [t],
  );

  const createDemo = async () => {
    setBusy(true);
    try {
      const demo = await createDemoCompany();
      await companyChanged(client, demo.id);
      notify(t('companiesAdmin.demo.created', { name: demo.name }), 'success');
      setAskDemo(false);
      void navigate({ to: '/administration/companies/$id', params: { id: demo.id } });
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('section.companies')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', md: 'auto' } }}>
          <SearchField
            label={t('companiesAdmin.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          {canCreate && isAgency && (
            <Button
              variant="outlined"
              startIcon={<Science />}
              onClick={() => setAskDemo(true)}
              sx={{ flexGrow: { xs: 1, sm: 0 } }}
            >
              {t('companiesAdmin.demo.create')}
            </Button>
          )}
          {me?.canImportCompany && (
            <Button
              variant="outlined"
              startIcon={<UploadFile />}
              onClick={() => setImporting(true)}
              sx={{ flexGrow: { xs: 1, sm: 0 } }}
            >
              {t('companiesAdmin.archive.import')}
            </Button>
          )}
          {canCreate && (
            <Button
              variant="contained"
              startIcon={<AddBusiness />}
              onClick={() => void navigate({ to: '/administration/companies/new' })}
              sx={{ flexGrow: { xs: 1, sm: 0 } }}
            >
              {t('companiesAdmin.create')}
            </Button>
          )}
        </Box>
      </Box>
      {companies.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(t, companies.error)}
        </Alert>
      )}
      <AppDataGrid<CompanyListItem>
        label={t('section.companies')}
        rows={rows}
        columns={columns}
        loading={companies.isLoading}
        getRowHeight={() => 'auto'}
        columnVisibilityModel={phone ? { type: false, parentCompanyName: false, isDemo: false, creationDate: false } : {}}
        initialState={{
          pagination: { paginationModel: { pageSize: 50 } },
          sorting: { sortModel: [{ field: 'name', sort: 'asc' }] },
        }}
        onRowClick={({ row }) => void navigate({ to: '/administration/companies/$id', params: { id: row.id } })}
      />
      <ConfirmDialog
        open={askDemo}
        busy={busy}
        title={t('companiesAdmin.demo.confirmTitle')}
        text={t('companiesAdmin.demo.confirmText')}
        confirmLabel={t('companiesAdmin.demo.create')}
        onConfirm={() => void createDemo()}
        onClose={() => setAskDemo(false)}
      />
      <ImportCompanyDialog
        open={importing}
        onClose={() => setImporting(false)}
        groups={(companies.data ?? []).filter((c) => c.type === 'Group')}
      />
    </>
  );
}
