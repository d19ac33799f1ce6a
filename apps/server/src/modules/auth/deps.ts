import type { Db } from '../../db/client';
import type { SecretBox } from '../../platform/auth/secret-box';
import type { Mailer } from '../../platform/mail/mailer';

export interface AuthSettings {
  secret: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  lockout: { threshold: number; windowMinutes: number; lockMinutes: number };
  resetTokenMinutes: number;
  productName: string;
}

/** What the account-security services need; built once in app.ts. */
export interface AuthDeps {
  db: Db;
  settings: AuthSettings;
  mailer: Mailer;
  box: SecretBox;
  now?: () => Date;
}

export const nowOf = (d: AuthDeps) => (d.now ? d.now() : new Date());
