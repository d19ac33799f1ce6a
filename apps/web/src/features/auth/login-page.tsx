import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Language, LegalDocumentType } from '@pc/shared';
import { legalDocumentTypes } from '@pc/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLayout } from '../../components/centered-layout';
import { EnvironmentChip } from '../../components/environment-chip';
import { LanguageToggle } from '../../components/language-toggle';
import { ProductLogo } from '../../components/product-logo';
import { useConfig } from '../../lib/config';
import { changeLanguage } from '../../lib/session/change-language';
import { LoginForm } from './login-form';

// Only a few users ever open it; keep it out of the login bundle.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));
const LegalDialog = lazy(() => import('../../components/legal-dialog').then((m) => ({ default: m.LegalDialog })));

/** The login screen: a centred card with logo, product name and environment label. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [legal, setLegal] = useState<LegalDocumentType | null>(null);

  return (
    <CenteredLayout>
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Card sx={{ width: '100%', maxWidth: 440, borderRadius: 4, boxShadow: '0 12px 40px rgba(13, 40, 60, 0.10)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
              <ProductLogo size={56} />
              <Typography variant="h5" component="h1" color="primary.dark">
                {config.productName}
              </Typography>
              <EnvironmentChip environment={config.environment} />
              <Typography color="text.secondary">{t('login.subtitle')}</Typography>
            </Stack>

            <LoginForm subscriptionsEnabled={config.subscriptionsEnabled} onForgotPassword={() => setForgotOpen(true)} />

            <Divider sx={{ my: 3 }} />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <LanguageToggle value={i18n.language} onChange={(language: Language) => void changeLanguage(language)} />
              <Typography variant="caption" color="text.secondary">
                {t('login.version', { version: config.version })}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
        <Stack
          component="nav"
          aria-label={t('legal.links')}
          direction="row"
          sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, mt: 2 }}
        >
          {legalDocumentTypes.map((type) => (
            <Button key={type} size="small" onClick={() => setLegal(type)} sx={{ color: 'text.secondary' }}>
              {t(`legal.${type}`)}
            </Button>
          ))}
        </Stack>
      </Box>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog document={legal} open onClose={() => setLegal(null)} />
        </Suspense>
      )}
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </CenteredLayout>
  );
}
