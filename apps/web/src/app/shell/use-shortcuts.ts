import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { shortcutTarget } from './shortcuts';

/** Global navigation shortcuts; navigation still passes the claim guard. */
export function useShortcuts(enabled: boolean) {
  const router = useRouter();
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = shortcutTarget(event);
      if (!target) return;
      event.preventDefault();
      void router.navigate({ href: target });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, router]);
}
