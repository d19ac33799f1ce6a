import NavigateNext from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/text-link';
import { breadcrumbTrail } from '../routes/breadcrumb-trail';

/** Breadcrumbs: Home › Section › …; the last item is the current page and not a link. */
export function BreadcrumbsBar() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const trail = breadcrumbTrail(pathname);

  return (
    <Breadcrumbs
      aria-label={t('breadcrumb.label')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ px: { xs: 2, md: 3 }, pt: 2, pb: 0.5, '& ol': { flexWrap: 'wrap' } }}
    >
      {trail.map((crumb, index) =>
        index === trail.length - 1 ? (
          <Typography key={crumb.href} variant="body2" color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
            {t(crumb.labelKey)}
          </Typography>
        ) : (
          <TextLink key={crumb.href} to={crumb.href} variant="body2" color="text.secondary" underline="hover">
            {t(crumb.labelKey)}
          </TextLink>
        ),
      )}
    </Breadcrumbs>
  );
}
