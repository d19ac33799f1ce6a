import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface Mail {
  to: string;
  body: string;
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** An SMTP server on loopback that keeps every message, for tests that follow mailed links. */
export async function startMailCatcher() {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    /** The `count`-th mail to `to`, waiting up to 15 s for it to arrive. */
    async mailFor(to: string, count: number) {
      await expect.poll(() => mails.filter((m) => m.to === to).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
      return mails.filter((m) => m.to === to)[count - 1]!;
    },
    /** The first mail to `to` whose text holds `needle`, waiting up to 15 s (for mails sent together, in any order). */
    async mailWith(to: string, needle: string) {
      const find = () => mails.find((m) => m.to === to && decode(m.body).includes(needle));
      await expect.poll(() => !!find(), { timeout: 15_000 }).toBe(true);
      return find()!;
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

/** Quoted-printable wraps long lines (`=\r\n`) and escapes `=` (`=3D`); undo both before reading links. */
const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The first absolute link in the mail whose path starts with `urlPath`. */
export function linkIn(mail: Mail, urlPath: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${urlPath.replace(/[?]/g, '\\?')}[^\\s"<>]*`).exec(decode(mail.body));
  if (!match) throw new Error(`no ${urlPath} link in:\n${mail.body}`);
  return match[0];
}
