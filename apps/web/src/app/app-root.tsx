import type { PublicConfig } from '@pc/shared';
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ConfigContext } from '../lib/config';
import { hasSessionHint } from '../lib/session/session-store';
import { type Boot, bootstrap, startI18n } from './bootstrap';
import { Providers } from './providers';
import { createAppRouter, prefetchPageData, preloadPage } from './router';
import { Splash } from './splash';

const i18nReady = startI18n();
// Started as the app's code arrives, not after the splash's first render, and before the page's
// code is fetched and evaluated: the session restore's requests are the start of the page's
// critical path. Module-level also keeps StrictMode's double effect from spending
// the refresh cookie twice.
let boot: Boot | null = bootstrap(i18nReady);
// Guards read the session store at navigation time; the router is only rendered after bootstrap.
const router = createAppRouter();
if (hasSessionHint()) preloadPage(window.location.pathname);

/** Splash while initialising, then the router with the session already known to the guards. */
export function AppRoot() {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');

  const run = useCallback(() => {
    setPhase('loading');
    boot ??= bootstrap(i18nReady);
    boot.config.then(setConfig, () => undefined);
    boot.ready.then(
      // The page's requests go out before the first render of the router, which holds the
      // main thread for a while; a prefetch that fails only leaves the page to ask itself.
      () =>
        prefetchPageData(window.location.pathname)
          .catch((error: unknown) => console.error(error))
          .finally(() => setPhase('ready')),
      (error: unknown) => {
        console.error(error);
        boot = null;
        setPhase('failed');
      },
    );
  }, []);

  useEffect(run, [run]);

  return (
    <Providers>
      {phase === 'ready' && config ? (
        <ConfigContext value={config}>
          <RouterProvider router={router} />
        </ConfigContext>
      ) : (
        <Splash config={config} failed={phase === 'failed'} onRetry={run} />
      )}
    </Providers>
  );
}
