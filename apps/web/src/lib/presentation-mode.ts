import { createStore, useStore } from './create-store';
import { useSession } from './session/session-store';
import { readStorage, writeStorage } from './storage';

const KEY = 'pc.presentationMode';

/** Presentation mode is a client-side preference, remembered per browser. */
export const presentationModeStore = createStore({ enabled: readStorage(KEY) === 'true' });

export function setPresentationMode(enabled: boolean): void {
  writeStorage(KEY, enabled ? 'true' : null);
  presentationModeStore.setState({ enabled });
}

/** In effect only for users holding Application.PresentationMode (the preference is per browser). */
export function usePresentationMode(): boolean {
  const enabled = useStore(presentationModeStore, (s) => s.enabled);
  const allowed = useSession((s) => s.me?.claims.includes('Application.PresentationMode') ?? false);
  return enabled && allowed;
}
