import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyDetail, CompanyInput } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { LogoFrame } from '../../../components/logo-frame';
import { useCompanyLogo } from './api';
import { countryName } from './company-logic';
import { Section } from './form-parts';
import { StructureCard } from './structure-card';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

type Key = keyof CompanyInput;

function Value({ company, name }: { company: CompanyDetail; name: Key }) {
  const { t, i18n } = useTranslation();
  const value = company[name];
  if (name === 'country' || name === 'dataPrivacyAgentCountry') return <>{countryName(String(value), i18n.language)}</>;
  if (name === 'emailAddress' || name === 'dataPrivacyAgentEmailAddress') {
    return value ? <a href={`mailto:${value}`}>{String(value)}</a> : <>–</>;
  }
  if (name === 'url' && value) {
    const href = /^https?:\/\//i.test(String(value)) ? String(value) : `https://${value}`;
    return (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {String(value)}
      </a>
    );
  }
  if (name === 'passwordExpiryDays') {
    return <>{value ? t('companiesAdmin.expiryDays', { count: Number(value) }) : t('companiesAdmin.expiryNever')}</>;
  }
  return <>{value === '' || value === null ? '–' : String(value)}</>;
}

/** A definition list of company fields, two columns from tablet width on. */
function Facts({ company, names }: { company: CompanyDetail; names: Key[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 3,
        rowGap: 1.75,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {names.map((name) => (
        <Box key={name} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t(`companiesAdmin.field.${name}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Value company={company} name={name} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const flags = ['isResponsibleParty', 'isDataProcessor', 'isDataPrivacyAgency'] as const;

/** A company's page, read or edited: its sections, and beside them on a wide screen its structure and logo. */
export const companyColumns = {
  display: 'grid',
  gap: 2.5,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' },
} as const;

/** The company read-only: the same sections as the edit form. */
export function CompanyView({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const logo = useCompanyLogo(company.id, company.hasLogo);
  return (
    <Box sx={companyColumns}>
      <Stack spacing={2.5} sx={{ minWidth: 0 }}>
        <Section title={t('companiesAdmin.section.general')}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <LogoFrame
              src={company.hasLogo ? logo.data : null}
              type={company.type}
              alt={t('companiesAdmin.logo.alt', { name: company.name })}
            />
            <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
              <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{company.name}</Typography>
              <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 0.75 }}>
                <Chip
                  size="small"
                  color={company.isActive ? 'success' : 'default'}
                  variant={company.isActive ? 'filled' : 'outlined'}
                  label={company.isActive ? t('companiesAdmin.active') : t('companiesAdmin.inactive')}
                  sx={company.isActive ? { bgcolor: 'success.dark' } : undefined}
                />
                {flags
                  .filter((f) => company[f])
                  .map((f) => (
                    <Chip key={f} size="small" variant="outlined" color="primary" label={t(`companiesAdmin.field.${f}`)} />
                  ))}
              </Stack>
            </Box>
          </Box>
        </Section>
        <Section title={t('companiesAdmin.section.address')}>
          <Facts
            company={company}
            names={[
              'addressLine1',
              'addressLine2',
              'zipCode',
              'city',
              'country',
              'phoneNumber',
              'faxNumber',
              'emailAddress',
              'url',
            ]}
          />
        </Section>
        <Section title={t('companiesAdmin.section.registration')}>
          <Facts company={company} names={['registrationAuthority', 'registrationNumber', 'vatNumber']} />
        </Section>
        <Section title={t('companiesAdmin.section.agent')}>
          <Facts
            company={company}
            names={[
              'dataPrivacyAgentFirstname',
              'dataPrivacyAgentLastname',
              'dataPrivacyAgentAddressLine1',
              'dataPrivacyAgentAddressLine2',
              'dataPrivacyAgentZipCode',
              'dataPrivacyAgentCity',
              'dataPrivacyAgentCountry',
              'dataPrivacyAgentPhoneNumber',
              'dataPrivacyAgentEmailAddress',
            ]}
          />
        </Section>
        <Section title={t('companiesAdmin.section.security')}>
          <Typography component="h3" variant="caption" color="text.secondary">
            {t('companiesAdmin.field.ipAllowList')}
          </Typography>
          {company.ipAllowList.length === 0 ? (
            <Typography variant="body2" sx={{ mb: 1.75 }}>
              {t('companiesAdmin.ip.none')}
            </Typography>
          ) : (
            <Box
              component="ul"
              sx={{ listStyle: 'none', m: 0, mt: 0.5, mb: 1.75, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {company.ipAllowList.map((range) => (
                <li key={range}>
                  <Chip size="small" label={range} sx={{ fontFamily: mono }} />
                </li>
              ))}
            </Box>
          )}
          <Facts company={company} names={['passwordExpiryDays']} />
        </Section>
      </Stack>
      <StructureCard company={company} linkTo="/company/$id" />
    </Box>
  );
}
