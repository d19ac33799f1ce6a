import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LegalDocumentType } from '@pc/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/text-link';
import { useConfig } from '../../lib/config';

const LegalDialog = lazy(() => import('../../components/legal-dialog').then((m) => ({ default: m.LegalDialog })));

type LegalDocument = Exclude<LegalDocumentType, 'terms-of-use'>;

const COPYRIGHT_START = 2024;

/** The sidebar footer: privacy statement, imprint, © 2024–current year, version → /change-log. */
export function SidebarFooter({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { version } = useConfig();
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const year = new Date().getFullYear();

  return (
    <Box component="footer" sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mb: 0.5 }}>
        <Button size="small" variant="text" onClick={() => setLegal('privacy-statement')} sx={{ p: 0, minWidth: 0 }}>
          {t('legal.privacy-statement')}
        </Button>
        <Button size="small" variant="text" onClick={() => setLegal('imprint')} sx={{ p: 0, minWidth: 0 }}>
          {t('legal.imprint')}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        © {year > COPYRIGHT_START ? `${COPYRIGHT_START}–${year}` : COPYRIGHT_START}
      </Typography>
      <TextLink
        to="/change-log"
        variant="caption"
        color="text.secondary"
        underline="hover"
        onClick={onNavigate}
        aria-label={t('footer.versionLink', { version })}
      >
        {t('footer.version', { version })}
      </TextLink>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog document={legal} open onClose={() => setLegal(null)} />
        </Suspense>
      )}
    </Box>
  );
}
