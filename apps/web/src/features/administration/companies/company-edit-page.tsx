import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CompanyInput } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DemoCountdown } from '../../../components/demo-countdown';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-store';
import type { SubmitMeta } from '../../../lib/use-zod-form';
import { companyChanged, companyDetailKey, saveCompany, useCompanyDetail, useCompanyList } from './api';
import { CompanyForm } from './company-form';
import { CompanyView, companyColumns } from './company-view';
import { ExportCompanyButton } from './export-company-button';
import { LogoCard } from './logo-card';
import { StructureCard } from './structure-card';

/** /administration/companies/$id and /administration/companies/new. */
export function CompanyEditPage() {
  const { t } = useTranslation();
  const { id: param } = useParams({ strict: false }) as { id?: string };
  const isNew = !param || param === 'new';
  const id = isNew ? null : param;
  const navigate = useNavigate();
  const client = useQueryClient();
  const formId = useId();
  const me = useSession((s) => s.me);
  const detail = useCompanyDetail(id);
  const companies = useCompanyList();
  const [dirty, setDirty] = useState({ dirty: false, submitting: false });
  const onDirtyChange = useCallback((d: boolean, s: boolean) => setDirty({ dirty: d, submitting: s }), []);
  const isAgency = !!companies.data?.find((c) => c.id === me?.companyId)?.isDataPrivacyAgency;
  const company = detail.data ?? null;

  // Asked before a save that takes the DPO field from a DPO of another tenant: that ends their
  // access to the company (the server revokes the grant with the change).
  const [askRevoke, setAskRevoke] = useState<((ok: boolean) => void) | null>(null);
  const save = async (values: CompanyInput, { ifMatch }: SubmitMeta) => {
    if (company?.dataPrivacyAgentGranted && values.dataPrivacyAgentId !== company.dataPrivacyAgentId) {
      const ok = await new Promise<boolean>((resolve) => setAskRevoke(() => resolve));
      setAskRevoke(null);
      if (!ok) return;
    }
    const saved = await saveCompany(id, values, ifMatch);
    client.setQueryData(companyDetailKey(saved.id), saved);
    await companyChanged(client, saved.id);
    if (isNew) {
      notify(t('companiesAdmin.created', { name: saved.name }), 'success');
      void navigate({ to: '/administration/companies/$id', params: { id: saved.id }, replace: true });
    } else {
      notify(t('companiesAdmin.saved', { name: saved.name }), 'success');
    }
    return saved;
  };

  if (detail.isError || companies.isError) {
    return (
      <>
        <PageHeader title={t('section.companies')} />
        <Alert severity="error">{errorText(t, detail.error ?? companies.error)}</Alert>
      </>
    );
  }
  if ((!isNew && !company) || !companies.data) return <PageLoader />;

  // Company.WriteOwn reaches this route for other companies too; those are read-only.
  if (company && !company.rights.write) {
    return (
      <>
        <PageHeader title={company.name} />
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('companiesAdmin.readOnlyHint')}
        </Alert>
        <CompanyView company={company} />
      </>
    );
  }

  const title = company?.name ?? t('companiesAdmin.newTitle');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            {company && (
              <ButtonLink
                to="/company/$id"
                params={{ id: company.id }}
                variant="outlined"
                startIcon={<Visibility />}
                sx={{ flexGrow: { xs: 1, sm: 0 } }}
              >
                {t('companiesAdmin.view')}
              </ButtonLink>
            )}
            {company && <ExportCompanyButton company={company} />}
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={dirty.submitting || (!!company && !dirty.dirty)}
              sx={{ flexGrow: { xs: 1, sm: 0 } }}
            >
              {company ? t('common.save') : t('companiesAdmin.createSubmit')}
            </Button>
          </Stack>
        }
      />
      <ConfirmDialog
        open={!!askRevoke}
        danger
        title={t('companiesAdmin.dpoRevoke.title')}
        text={t('companiesAdmin.dpoRevoke.text')}
        confirmLabel={t('companiesAdmin.dpoRevoke.confirm')}
        onConfirm={() => askRevoke?.(true)}
        onClose={() => askRevoke?.(false)}
      />
      {company?.isDemo && (
        <Alert severity="error" icon={false} sx={{ mb: 2.5 }}>
          <DemoCountdown creationDate={company.creationDate} component="span" />
        </Alert>
      )}
      <Box sx={companyColumns}>
        <CompanyForm
          key={company?.id ?? 'new'}
          formId={formId}
          company={company}
          companies={companies.data}
          isAgency={isAgency}
          onSave={save}
          onDirtyChange={onDirtyChange}
        />
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          {company ? (
            <>
              <LogoCard company={company} editable />
              <StructureCard company={company} linkTo="/administration/companies/$id" companies={companies.data} />
            </>
          ) : (
            <Alert severity="info">{t('companiesAdmin.logoAfterCreate')}</Alert>
          )}
        </Stack>
      </Box>
    </>
  );
}
