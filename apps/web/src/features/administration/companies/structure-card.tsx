import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyDetail, CompanyListItem } from '@pc/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCountdown } from '../../../components/demo-countdown';
import { TextLink } from '../../../components/text-link';
import { formatDate } from '../../../lib/format';
import { Section } from './form-parts';
import { MoveCompanyDialog } from './move-company-dialog';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Where the company stands: type, parent group, agency, creation, the demo countdown and — for
 * groups — the children with their count. `linkTo` is the page the names link to.
 */
export function StructureCard({
  company,
  linkTo,
  companies,
}: {
  company: CompanyDetail;
  linkTo: '/company/$id' | '/administration/companies/$id';
  /** With the company list, users allowed to move the company get the move action. */
  companies?: readonly CompanyListItem[];
}) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const canMove = company.rights.move && !!companies;
  return (
    <Section
      title={t('companiesAdmin.section.structure')}
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {company.type === 'Group' && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('companiesAdmin.groupOf', { count: company.numberOfChildCompanies })}
            />
          )}
          {canMove && (
            <Button size="small" startIcon={<DriveFileMove />} onClick={() => setMoving(true)}>
              {t('companiesAdmin.move.action')}
            </Button>
          )}
        </Stack>
      }
    >
      {canMove && <MoveCompanyDialog company={company} companies={companies} open={moving} onClose={() => setMoving(false)} />}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        <Fact label={t('companiesAdmin.field.type')}>{t(`companiesAdmin.type.${company.type}`)}</Fact>
        <Fact label={t('companiesAdmin.field.parent')}>
          {company.parentCompanyId && company.parentCompanyName ? (
            <TextLink to={linkTo} params={{ id: company.parentCompanyId }} underline="hover">
              {company.parentCompanyName}
            </TextLink>
          ) : (
            t('companiesAdmin.noParentShort')
          )}
        </Fact>
        {company.agencyCompanyName && <Fact label={t('companiesAdmin.agency')}>{company.agencyCompanyName}</Fact>}
        <Fact label={t('companiesAdmin.field.creationDate')}>{formatDate(company.creationDate)}</Fact>
        {company.isDemo && (
          <Fact label={t('companiesAdmin.field.isDemo')}>
            <DemoCountdown creationDate={company.creationDate} component="span" sx={{ display: 'block' }} />
          </Fact>
        )}
        {company.type === 'Group' && (
          <Fact label={t('companiesAdmin.children', { count: company.numberOfChildCompanies })}>
            {company.children.length === 0 ? (
              t('companiesAdmin.noChildren')
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {company.children.map((child) => (
                  <li key={child.id}>
                    <TextLink to={linkTo} params={{ id: child.id }} underline="hover">
                      {child.name}
                    </TextLink>
                  </li>
                ))}
              </Box>
            )}
          </Fact>
        )}
      </Box>
    </Section>
  );
}
