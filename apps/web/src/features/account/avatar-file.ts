export interface EmailChangeCheck {
  ok: boolean;
  /** i18n key under profileEdit.email when not ok. */
  error?: 'required' | 'invalid' | 'same';
}

/** Client-side check before asking the server: present, plausible, and not the current address. */
export function checkNewEmail(value: string, current: string): EmailChangeCheck {
  const email = value.trim();
  if (!email) return { ok: false, error: 'required' };
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, error: 'invalid' };
  if (email.toLowerCase() === current.trim().toLowerCase()) return { ok: false, error: 'same' };
  return { ok: true };
}

/** The confirmation link of the e-mail change: /profile?confirmEmail=<token>&user=<id>. */
export function emailConfirmParams(search: string): { token: string; userId: string } | null {
  // Read raw: the router's search parser would turn a token of digits into a number.
  const params = new URLSearchParams(search);
  const token = params.get('confirmEmail');
  const userId = params.get('user');
  if (!token || !userId) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  return { token, userId };
}
