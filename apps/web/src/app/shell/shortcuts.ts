export interface ShortcutKey {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** Physical key: layout-independent, and Alt+1 on macOS yields '¡' as `key`. */
  code: string;
}

/** Keyboard shortcuts: Alt+1 → process, Alt+a → issues, Alt+End → home (F1 comes with help). */
export function shortcutTarget(event: ShortcutKey): string | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  switch (event.code) {
    case 'Digit1':
    case 'Numpad1':
      return '/process';
    case 'KeyA':
      return '/issues';
    case 'End':
      return '/home';
    default:
      return null;
  }
}
