import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * An SMTP server whose answer to each message the test decides: hold it (a slow relay), accept
 * it or refuse it. A held message blocks its sender until released.
 */
function controllableSmtp() {
  const held: (() => void)[] = [];
  const state = { mode: 'accept' as 'accept' | 'hold' | 'refuse', received: [] as string[], messageIds: [] as string[] };
  const smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        if (state.mode === 'refuse') return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        const accept = () => {
          state.received.push(to);
          const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
          state.messageIds.push(/^message-id:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '');
          cb();
        };
        if (state.mode === 'hold') held.push(accept);
        else accept();
      });
    },
  });
  return {
    smtpServer,
    state,
    release() {
      for (const accept of held.splice(0)) accept();
    },
  };
}

describe('password reset mail delivery', () => {
  const smtp = controllableSmtp();
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.smtpServer.listen(0, '127.0.0.1', resolve));
    const port = (smtp.smtpServer.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    smtp.release();
    await t.close();
    await new Promise<void>((resolve) => smtp.smtpServer.close(resolve));
  });

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const outboxOf = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

  it('answers a known address without waiting for SMTP; the mail is in the outbox and goes out afterwards', async () => {
    smtp.state.mode = 'hold';
    try {
      const answer = await Promise.race([
        forgot('reader@demo.local'),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
      ]);
      expect(answer === 'still waiting' ? answer : answer.statusCode).toBe(204);
      const [stored] = await outboxOf('reader@demo.local');
      expect(stored).toMatchObject({ template: 'password-reset', sentAt: null });
      // The retry job leaves a mail alone while its first delivery is still under way.
      expect(await t.app.mailer.flush()).toBe(0);
    } finally {
      smtp.state.mode = 'accept';
      smtp.release();
    }
    await t.app.mailer.idle();
    expect(smtp.state.received).toEqual(['reader@demo.local']);
    const [sent] = await outboxOf('reader@demo.local');
    expect(sent!.sentAt).not.toBeNull();
  });

  it('a refused delivery still answers 204, is recorded and stays unsent in the outbox for a retry', async () => {
    smtp.state.mode = 'refuse';
    try {
      expect((await forgot('other@demo.local')).statusCode).toBe(204);
      await t.app.mailer.idle();
    } finally {
      smtp.state.mode = 'accept';
    }
    const [kept] = await outboxOf('other@demo.local');
    expect(kept!.sentAt).toBeNull();
    expect(kept!.attempts).toHaveLength(1);
    expect(await t.app.mailer.flush()).toBe(1);
    const [retried] = await outboxOf('other@demo.local');
    expect(retried!.sentAt).not.toBeNull();
  });

  it('a mail handed to SMTP again after a crash before its mark carries the same Message-ID', async () => {
    smtp.state.received = [];
    smtp.state.messageIds = [];
    expect((await forgot('admin@demo.local')).statusCode).toBe(204);
    await t.app.mailer.idle();
    const [first] = await outboxOf('admin@demo.local');
    expect(first!.sentAt).not.toBeNull();
    // What an instance killed between the SMTP server's accept and the mark leaves behind: an
    // unsent row whose claim has run out. The retry job takes it again.
    await t.db.update(mailOutbox).set({ sentAt: null, claimedUntil: null }).where(eq(mailOutbox.id, first!.id));
    expect(await t.app.mailer.flush()).toBe(1);
    expect(smtp.state.received).toEqual(['admin@demo.local', 'admin@demo.local']);
    const [once, again] = smtp.state.messageIds;
    expect(once).toMatch(new RegExp(`^<${first!.id}@[^>]+>$`));
    expect(again).toBe(once);
    // Another mail, another Message-ID.
    expect((await forgot('admin@demo.local')).statusCode).toBe(204);
    await t.app.mailer.idle();
    expect(smtp.state.messageIds).toHaveLength(3);
    expect(smtp.state.messageIds[2]).not.toBe(once);
  });
});
