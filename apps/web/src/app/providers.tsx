import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/create-store';
import { snackbarHostStore } from '../lib/notify';
import { conflictStore } from '../lib/record-conflict';
import { createStyleCache } from './style-cache';
import { createAppTheme } from './theme';

const styleCache = createStyleCache();

const SnackbarHost = lazy(() => import('./snackbar-host').then((m) => ({ default: m.SnackbarHost })));
const ConflictDialogHost = lazy(() => import('./conflict-dialog-host').then((m) => ({ default: m.ConflictDialogHost })));

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
  const conflictRequested = useStore(conflictStore, (s) => s.requested);
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
        {conflictRequested && (
          <Suspense fallback={null}>
            <ConflictDialogHost />
          </Suspense>
        )}
      </ThemeProvider>
    </CacheProvider>
  );
}
