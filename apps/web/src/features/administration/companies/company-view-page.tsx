import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { DemoCountdown } from '../../../components/demo-countdown';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorText } from '../../../lib/messages';
import { useCompanyDetail } from './api';
import { CompanyView } from './company-view';
import { ExportCompanyButton } from './export-company-button';

/** /company/$id: the company read-only; users who may edit it get a button to the edit page. */
export function CompanyViewPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id?: string };
  const detail = useCompanyDetail(id ?? null);
  if (detail.isError) {
    return (
      <>
        <PageHeader title={t('section.company')} />
        <Alert severity="error">{errorText(t, detail.error)}</Alert>
      </>
    );
  }
  const company = detail.data;
  if (!company) return <PageLoader />;
  return (
    <>
      <PageHeader
        title={company.name}
        actions={
          company.rights.write || company.rights.export ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
              <ExportCompanyButton company={company} />
              {company.rights.write && (
                <ButtonLink
                  to="/administration/companies/$id"
                  params={{ id: company.id }}
                  variant="contained"
                  startIcon={<Edit />}
                  sx={{ flexGrow: { xs: 1, sm: 0 } }}
                >
                  {t('companiesAdmin.edit')}
                </ButtonLink>
              )}
            </Stack>
          ) : undefined
        }
      />
      {company.isDemo && (
        <Alert severity="error" icon={false} sx={{ mb: 2.5 }}>
          <DemoCountdown creationDate={company.creationDate} component="span" />
        </Alert>
      )}
      <CompanyView company={company} />
    </>
  );
}
