import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/create-store';
import { snackbarHostStore } from '../lib/notify';
import { createStyleCache } from './style-cache';
import { createAppTheme } from './theme';

const styleCache = createStyleCache();

const SnackbarHost = lazy(() => import('./snackbar-host').then((m) => ({ default: m.SnackbarHost })));

/**
 * Emotion's cache with the last visit's styles, the theme with MUI's de/en locale, and the
 * snackbar host once the first message is due. Server state (TanStack Query) lives in the shell:
 * the login screen does not need it.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const theme = useMemo(() => createAppTheme(language), [language]);
  const snackbarsRequested = useStore(snackbarHostStore, (s) => s.requested);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        {snackbarsRequested && (
          <Suspense fallback={null}>
            <SnackbarHost />
          </Suspense>
        )}
      </ThemeProvider>
    </CacheProvider>
  );
}
