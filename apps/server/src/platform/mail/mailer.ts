import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Language } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OwnerDb } from '../../db/client';
import { mailOptOut, mailOutbox } from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import { AppError } from '../errors';
import { type MailVars, render, type TemplateName, templates } from './templates';

export interface MailerOptions {
  db: OwnerDb;
  smtpUrl?: string;
  from: string;
  productName: string;
  /** The operator's logo (LOGO_FILE): with it, each mail also goes out as HTML with the logo on top. */
  logo?: { bytes: Buffer; contentType: string } | null;
  /** Base of links in mails, e.g. https://cockpit.example.com */
  publicUrl: string;
  secret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Mails with a sender-chosen text a company may queue an hour, in a trial and otherwise. */
  relayPerHour?: { trial: number; paid: number };
}

/**
 * Where a mail is queued: a transaction, and what runs once it commits. The mail is written in
 * that transaction, so it exists only if the transaction's writes commit, and it is delivered
 * over SMTP in the background after the commit.
 */
export interface MailQueue {
  db: Db;
  afterCommit(fn: () => void): void;
}

export interface Mail {
  to: string;
  template: TemplateName;
  locale: Language;
  vars: Omit<MailVars, 'productName' | 'unsubscribeLink'>;
  /** The opt-out category, where one template serves several (the notification categories). */
  category?: string;
}

/**
 * The mailer request code gets: it queues a mail in the request's tenant transaction (the
 * request context is the queue) and holds no connection of its own, so it cannot send outside a
 * request nor read the outbox.
 */
export interface RequestMailer {
  send(
    ctx: MailQueue,
    mail: Mail,
    options?: {
      /**
       * A mail whose text a user chose (an invitation, a questionnaire): counted against the
       * hourly limit of the sending user's own company (429 past it), and its footer names
       * `companyName`, the company it is sent for, and says it came through the product.
       */
      relay?: { companyName: string };
    },
  ): Promise<void>;
  link(path: string): string;
}

/**
 * The owner outbox: delivery, retries and unsubscribe links on the owner connection. Only
 * authentication, sign-up and jobs hold it (platform/owner-access.test.ts lists them); they queue
 * in their own transactions or, outside one, in ownerQueue().
 */
export interface Mailer extends RequestMailer {
  /** Retries mails SMTP did not take yet. */
  flush(): Promise<number>;
  /** Settles once no background delivery is under way (shutdown, tests). */
  idle(): Promise<void>;
  unsubscribeSignature(email: string, category: string): string;
  verifyUnsubscribe(email: string, category: string, signature: string): boolean;
}

/**
 * The owner connection outside any transaction as a queue: each statement commits at once, so a
 * mail is in the outbox before send() answers and is handed to SMTP in the background right
 * after. For code without a tenant whose answer time must not depend on SMTP (a lockout, a
 * password reset, a sign-up of a known address: a slow answer would reveal the address).
 */
export function ownerQueue(db: OwnerDb): MailQueue {
  return { db, afterCommit: (fn) => fn() };
}

/** Only what request code may do with the outbox: queue in its transaction, build links. */
export function requestMailerOf(mailer: Mailer): RequestMailer {
  return { send: (ctx, mail, options) => mailer.send(ctx, mail, options), link: (path) => mailer.link(path) };
}

const MAX_ATTEMPTS = 5;
const LOGO_CID = 'logo@privacy-cockpit';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Plain mail text as HTML: escaped, links clickable, line breaks kept. */
export function htmlText(text: string): string {
  return escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replaceAll('\n', '<br>');
}
/**
 * How long a process may take to hand a mail to SMTP before another may retry it. The SMTP
 * timeouts below end every attempt well within it (nodemailer's own allow ten idle minutes).
 */
const CLAIM = sql`now() + interval '5 minutes'`;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const FLUSH_BATCH = 50;

type Outgoing = Pick<typeof mailOutbox.$inferSelect, 'id' | 'recipient' | 'subject' | 'body'>;

/**
 * Every mail is written to the outbox first, so nothing is lost; with SMTP_URL it is then sent
 * and marked, without it the outbox and the log are where a developer reads it. Several server
 * processes share the outbox (decision 0016): a mail is claimed (claimed_until) by the process
 * that queues it or, for a retry, by the one whose flush() takes it with FOR UPDATE SKIP LOCKED,
 * so it goes out once; a claim left by a process that died runs out and the mail is retried —
 * delivery is at least once, and a repeat carries the same Message-ID.
 */
export function createMailer(o: MailerOptions): Mailer {
  const transport = o.smtpUrl ? nodemailer.createTransport({ url: o.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  // One Message-ID per outbox row, the same on every attempt: a process that dies after SMTP
  // accepted a mail but before it was marked sent leaves it to a retry, and that second copy is
  // then the same message to the recipient's mail system, which shows it once.
  const messageHost = new URL(o.publicUrl).hostname || 'localhost';
  const messageIdOf = (id: string) => `<${id}@${messageHost}>`;
  const sign = (email: string, category: string) =>
    createHmac('sha256', o.secret).update(`unsubscribe:${email.toLowerCase()}:${category}`).digest('base64url');

  /**
   * An HTML part beside the text: the same text with its links clickable, and with a logo the
   * logo embedded on top (cid, shown without loading anything). The outbox keeps the text alone.
   */
  const branded = (body: string) => {
    const style = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#1a1a1a';
    if (!o.logo) return { html: `<div style="${style}">${htmlText(body)}</div>` };
    return {
      html: `<div style="${style}"><p><img src="cid:${LOGO_CID}" alt="${escapeHtml(o.productName)}" style="max-height:48px;max-width:240px"></p>${htmlText(body)}</div>`,
      attachments: [
        { filename: `logo.${o.logo.contentType === 'image/png' ? 'png' : 'jpg'}`, content: o.logo.bytes, cid: LOGO_CID },
      ],
    };
  };

  /** Hands a mail this process has claimed to SMTP and records the outcome, which ends the claim. */
  const deliver = async (row: Outgoing) => {
    if (!transport) return false;
    try {
      await transport.sendMail({
        from: o.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        messageId: messageIdOf(row.id),
        ...branded(row.body),
      });
      await o.db.update(mailOutbox).set({ sentAt: new Date(), claimedUntil: null }).where(eq(mailOutbox.id, row.id));
      return true;
    } catch (e) {
      const attempt = { at: new Date().toISOString(), error: String((e as Error).message).slice(0, 500) };
      await o.db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} || ${JSON.stringify([attempt])}::jsonb`, claimedUntil: null })
        .where(eq(mailOutbox.id, row.id));
      o.log.warn({ to: row.recipient, error: attempt.error }, 'mail not sent; kept in the outbox');
      return false;
    }
  };

  /**
   * Counts a relayed mail against its company's hour (pc_relay_mail_usage, which holds the
   * company's lock until the request's transaction ends) and answers the company to stamp on it.
   */
  const claimRelay = async (tx: Db) => {
    const [usage] = await queryRows<{ sent: number; in_trial: boolean }>(
      tx,
      sql`select sent, in_trial from pc_relay_mail_usage(now() - interval '1 hour')`,
    );
    if (!usage) throw new Error('a relayed mail needs a signed-in sender');
    const limits = o.relayPerHour ?? { trial: 20, paid: 200 };
    if (usage.sent >= (usage.in_trial ? limits.trial : limits.paid)) {
      throw new AppError(429, 'rate_limited', 'error.mailRelayLimit');
    }
    const [me] = await queryRows<{ company_id: string }>(tx, sql`select company_id::text from app_user where id = pc_user_id()`);
    return me!.company_id;
  };

  const pending = new Set<Promise<void>>();
  const deliverInBackground = (row: Outgoing) => {
    const job: Promise<void> = deliver(row)
      .then(() => undefined)
      // deliver() records SMTP failures itself; this catches what it cannot, e.g. the database
      // being gone while the attempt is written. The row is still unsent, so once its claim
      // runs out flush() retries it.
      .catch((e: unknown) => o.log.warn({ to: row.recipient, error: String(e) }, 'mail not sent; kept in the outbox'))
      .finally(() => pending.delete(job));
    pending.add(job);
  };

  const mailer: Mailer = {
    link: (path) => `${o.publicUrl.replace(/\/$/, '')}${path}`,
    unsubscribeSignature: sign,
    verifyUnsubscribe(email, category, signature) {
      const expected = Buffer.from(sign(email, category));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async send(queue, { to, template, locale, vars, category: categoryOf }, options) {
      const db = queue.db;
      const senderCompanyId = options?.relay ? await claimRelay(db) : null;
      const category = categoryOf ?? templates[template].category;
      if (category) {
        const [out] = await db
          .select()
          .from(mailOptOut)
          .where(and(eq(mailOptOut.email, to.toLowerCase()), eq(mailOptOut.category, category)));
        if (out) return;
      }
      const unsubscribeLink = category
        ? mailer.link(`/unsubscribe/${encodeURIComponent(to)}?c=${category}&s=${sign(to, category)}`)
        : undefined;
      const { subject, body } = render(
        template,
        locale,
        { ...vars, productName: o.productName, unsubscribeLink, relayCompany: options?.relay?.companyName },
        category,
      );
      // Inserted without RETURNING: request code may queue mails but never read the outbox.
      // Claimed at once when this process is to send it, so no other process's flush() takes it.
      const row = { id: randomUUID(), recipient: to, template, locale, subject, body };
      await db.insert(mailOutbox).values({ ...row, senderCompanyId, claimedUntil: transport ? CLAIM : null });
      if (!transport) {
        o.log.info({ to, subject, body }, 'mail stored in the outbox (no SMTP_URL configured)');
        return;
      }
      queue.afterCommit(() => deliverInBackground(row));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async flush() {
      if (!transport) return 0;
      // Claims a batch of unclaimed unsent mails in one statement; rows another process is
      // claiming at this moment are skipped, not waited for, and are not in its batch either.
      const rows = await queryRows<Outgoing>(
        o.db,
        sql`update mail_outbox set claimed_until = ${CLAIM}
            where id in (
              select id from mail_outbox
              where sent_at is null and jsonb_array_length(attempts) < ${MAX_ATTEMPTS}
                and (claimed_until is null or claimed_until < now())
              order by created_at
              limit ${FLUSH_BATCH}
              for update skip locked)
            returning id, recipient, subject, body`,
      );
      let sent = 0;
      for (const row of rows) if (await deliver(row)) sent++;
      return sent;
    },
  };
  return mailer;
}
