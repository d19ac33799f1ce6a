import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OrganisationChart } from '../../components/organisation-chart/organisation-chart';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session/session-store';

/** /diagram: the organisation chart of the scope company, or the user's own without a scope. */
export function DiagramPage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  if (!me) return null;
  const company = me.scopeCompany ?? { id: me.companyId, name: me.company };
  return (
    <>
      <PageHeader title={t('section.diagram')} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {company.name}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <OrganisationChart key={company.id} companyId={company.id} companyName={company.name} height="calc(100vh - 290px)" />
      </Paper>
    </>
  );
}
