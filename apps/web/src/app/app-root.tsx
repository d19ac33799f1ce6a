import type { PublicConfig } from '@pc/shared';
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ConfigContext } from '../lib/config';
import { hasSessionHint } from '../lib/session/session-store';
import { bootstrap, startI18n } from './bootstrap';
import { Providers } from './providers';
import { createAppRouter, preloadPage } from './router';
import { Splash } from './splash';

const i18nReady = startI18n();
// Guards read the session store at navigation time; the router is only rendered after bootstrap.
const router = createAppRouter();
if (hasSessionHint()) preloadPage(window.location.pathname);
// Module-level so StrictMode's double effect does not spend the refresh cookie twice.
let booting: Promise<void> | null = null;

/** Splash while initialising, then the router with the session already known to the guards. */
export function AppRoot() {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');

  const run = useCallback(() => {
    setPhase('loading');
    booting ??= bootstrap(setConfig, i18nReady);
    booting.then(
      () => setPhase('ready'),
      (error: unknown) => {
        console.error(error);
        booting = null;
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
