import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button-link';
import { CenteredLayout } from './centered-layout';
import { PageHeader } from './page-header';
import { ProductLogo } from './product-logo';

/**
 * The honest placeholder every section renders until it is built: it names the section and says
 * it is not part of this version yet. No fake content.
 */
export function NotBuiltPage() {
  const { t } = useTranslation();
  const data = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData });
  const sectionName = t(`section.${data?.section ?? 'unknown'}`);
  const heading = data?.headingKey ? t(data.headingKey) : sectionName;

  const notice = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          flexShrink: 0,
          width: 48,
          height: 48,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(13, 86, 115, 0.08)',
          color: 'primary.main',
        }}
      >
        <Construction aria-hidden />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="p">
          {t('notBuilt.title')}
        </Typography>
        <Typography color="text.secondary">{t('notBuilt.text', { section: heading })}</Typography>
      </Box>
    </Stack>
  );

  if (data?.fullPage) {
    return (
      <CenteredLayout>
        <Card sx={{ width: '100%', maxWidth: 480 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={3}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <ProductLogo size={36} />
                <Typography variant="h5" component="h1">
                  {heading}
                </Typography>
              </Stack>
              {notice}
              <ButtonLink to="/login" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                {t('common.toLogin')}
              </ButtonLink>
            </Stack>
          </CardContent>
        </Card>
      </CenteredLayout>
    );
  }

  return (
    <>
      <PageHeader title={heading} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>{notice}</CardContent>
      </Card>
    </>
  );
}
