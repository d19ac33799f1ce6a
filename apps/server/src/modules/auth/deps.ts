import type { OwnerDb } from '../../db/client';
import type { SecretBox } from '../../platform/auth/secret-box';
import type { Mailer, RequestMailer } from '../../platform/mail/mailer';

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
  db: OwnerDb;
  settings: AuthSettings;
  mailer: Mailer;
  box: SecretBox;
  now?: () => Date;
}

/**
 * What request code of other modules may use of them: everything but the owner connection, and
 * the mailer only as far as it queues in the request's transaction.
 */
export type AccountDeps = Omit<AuthDeps, 'db' | 'mailer'> & { mailer: RequestMailer };

export const nowOf = (d: Pick<AuthDeps, 'now'>) => (d.now ? d.now() : new Date());
