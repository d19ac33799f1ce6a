import CheckCircle from '@mui/icons-material/CheckCircle';
import Warning from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type CompanyListItem, demoCountdown } from '@pc/shared';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoBox, LogoFrame } from '../../components/logo-frame';
import { useCompanyLogo } from './api';

export const TILE_HEIGHT = 96;

function CompanyLogo({ company }: { company: CompanyListItem }) {
  const logo = useCompanyLogo(company.id, company.hasLogo);
  // Decorative: the name is right next to it.
  return <LogoFrame src={company.hasLogo ? logo.data : null} type={company.type} alt="" width={{ xs: 80, sm: 150 }} />;
}

interface TileFrameProps {
  index: number;
  selected: boolean;
  tabbable: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  onFocus: (index: number) => void;
  logo: ReactNode;
  children: ReactNode;
}

/** A tile is a real button: Tab reaches the list once, arrows move within it, Enter chooses. */
function TileFrame({ index, selected, tabbable, onSelect, onKeyDown, onFocus, logo, children }: TileFrameProps) {
  return (
    <ButtonBase
      data-tile-index={index}
      tabIndex={tabbable ? 0 : -1}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      onKeyDown={(event) => onKeyDown(event, index)}
      onFocus={() => onFocus(index)}
      focusRipple
      sx={{
        width: '100%',
        height: TILE_HEIGHT - 8,
        px: 1.5,
        gap: 1.5,
        justifyContent: 'flex-start',
        textAlign: 'left',
        borderRadius: 2,
        border: '1px solid',
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(13, 86, 115, 0.06)' : 'background.paper',
        transition: 'background-color 120ms, border-color 120ms',
        '&:hover': { bgcolor: 'rgba(13, 86, 115, 0.05)', borderColor: 'primary.light' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      {logo}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>{children}</Box>
      {selected && <CheckCircle color="primary" fontSize="small" aria-hidden />}
    </ButtonBase>
  );
}

type TileProps = Omit<TileFrameProps, 'logo' | 'children'>;

export function AllCompaniesTile(props: TileProps) {
  const { t } = useTranslation();
  return (
    <TileFrame
      {...props}
      logo={
        <LogoBox width={{ xs: 80, sm: 150 }}>
          <Typography component="span" aria-hidden sx={{ fontSize: 34, lineHeight: 1, fontWeight: 700, pt: 1.5 }}>
            *
          </Typography>
        </LogoBox>
      }
    >
      <Typography variant="subtitle1" component="span" noWrap sx={{ display: 'block' }}>
        {t('scope.allCompanies')}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {t('scope.allCompaniesHint')}
      </Typography>
    </TileFrame>
  );
}

export function CompanyTile({ company, ...props }: TileProps & { company: CompanyListItem & { granted?: boolean } }) {
  const { t } = useTranslation();
  const countdown = company.isDemo ? demoCountdown(company.creationDate) : null;
  return (
    <TileFrame {...props} logo={<CompanyLogo company={company} />}>
      <Typography variant="subtitle1" component="span" noWrap sx={{ display: 'block', lineHeight: 1.35 }}>
        {company.name}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {company.type === 'Group' && (
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={t('scope.group', { count: company.numberOfChildCompanies })}
            sx={{ height: 20, fontSize: 12 }}
          />
        )}
        {company.granted && (
          <Chip
            size="small"
            variant="outlined"
            label={t('scope.granted')}
            title={t('scope.grantedHint')}
            sx={{ height: 20, fontSize: 12, color: 'info.dark', borderColor: 'info.dark' }}
          />
        )}
        {company.parentCompanyName && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('scope.parent', { name: company.parentCompanyName })}
          </Typography>
        )}
        {!company.isActive && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('scope.inactive')}
          </Typography>
        )}
      </Box>
      {countdown && (
        <Typography
          variant="body2"
          color="error"
          sx={{
            fontWeight: 600,
            lineHeight: 1.3,
            // Narrow screens: two lines rather than cutting the countdown off.
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          <Warning sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
          {t('scope.demoReset', {
            days: t('scope.days', { count: countdown.days }),
            hours: t('scope.hours', { count: countdown.hours }),
          })}
        </Typography>
      )}
    </TileFrame>
  );
}
