import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DemoCountdown } from '../../components/demo-countdown';
import { EnvironmentChip } from '../../components/environment-chip';
import { ProductLogo } from '../../components/product-logo';
import { TextLink } from '../../components/text-link';
import { useCompanyListItems } from '../../features/scope/api';
import { useConfig } from '../../lib/config';
import { useSession } from '../../lib/session/session-store';
import { TOOLBAR_HEIGHT } from '../theme';
import { PrivacyStatusSlot } from './privacy-status-slot';
import { SidebarFooter } from './sidebar-footer';
import { SidebarMenu } from './sidebar-menu';

/** The scope name under the radar: a link to the company edit page only for users who may edit it. */
function ScopeName() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const scope = me?.scopeCompany;
  // The scope reference has no demo flag; the company list (shared with the scope dialog) has.
  const companies = useCompanyListItems(!!scope);
  const scoped = scope ? companies.data?.find((c) => c.id === scope.id) : undefined;
  const demo = scoped?.isDemo ? scoped : undefined;
  if (!me) return null;
  const label = scope?.name ?? t('scope.allCompanies');
  return (
    <Box sx={{ px: 2.5, pb: 1.5 }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {t('scope.label')}
      </Typography>
      {scope && scoped?.rights.write ? (
        <TextLink
          to="/administration/companies/$id"
          params={{ id: scope.id }}
          variant="body2"
          underline="hover"
          sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
        >
          {label}
        </TextLink>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
      )}
      {demo && <DemoCountdown creationDate={demo.creationDate} variant="caption" component="p" sx={{ mt: 0.25 }} />}
    </Box>
  );
}

interface SidebarProps {
  /** Closes the temporary drawer on narrow screens after a navigation. */
  onNavigate?: () => void;
}

/** The sidebar (230 px): logo, privacy status, menu, footer. */
export function Sidebar({ onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { productName, environment } = useConfig();
  const claims = useSession((s) => s.me?.claims) ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.paper' }}>
      <TextLink
        to="/home"
        underline="none"
        onClick={onNavigate}
        aria-label={t('nav.homeLink', { product: productName })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: 2,
          minHeight: TOOLBAR_HEIGHT,
          color: 'primary.dark',
          flexShrink: 0,
        }}
      >
        <ProductLogo size={32} />
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {productName}
        </Typography>
      </TextLink>
      {/* Every page but Production's says which installation it is, so test data is never taken for real. */}
      {environment !== 'Production' && (
        <Box sx={{ px: 2, mt: -1, mb: 0.5 }}>
          <EnvironmentChip environment={environment} />
        </Box>
      )}
      <PrivacyStatusSlot />
      <ScopeName />
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        <SidebarMenu claims={claims} onNavigate={onNavigate} />
      </Box>
      <SidebarFooter onNavigate={onNavigate} />
    </Box>
  );
}
