import { type Language, type NotificationKind, notificationCategoryOf } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/types';
import type { Mailer } from '../../platform/mail/mailer';
import { itemLink } from './service';
import { mailCategoryOf } from './settings';

const MAIL_BATCH = 200;
const HOUR = 3_600_000;

interface Pending {
  id: string;
  kind: NotificationKind;
  threshold: string;
  email: string;
  language: Language;
  firstname: string;
  lastname: string;
  company: string;
  itemId: string | null;
  type: string | null;
  numberLabel: string | null;
  name: string | null;
  subject: string | null;
  link: string | null;
  dueDate: string | null;
  discoveredAt: string | null;
}

/** An instant as date and time in the installation's time zone, the way each language writes it. */
function when(at: Date, locale: Language, timeZone: string) {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
export const day = (date: string, locale: Language) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** Subject line and first paragraph of a notification mail, per kind and language. */
export function alertText(p: Pending, locale: Language, o: { timeZone: string; now: Date }) {
  const de = locale === 'de';
  const what = `${p.numberLabel ?? ''} ${p.name ?? ''}`.trim();
  switch (p.kind) {
    case 'breach_created':
    case 'breach_deadline':
      return breachText(p, locale, o);
    case 'request_received':
    case 'request_deadline':
      return requestText(p, locale);
    case 'assigned':
      return de
        ? {
            title: `Ihnen zugewiesen: ${what}`,
            summary: `Der Eintrag ${what} wurde Ihnen zugewiesen.${p.dueDate ? ` Fällig am ${day(p.dueDate, locale)}.` : ''}`,
          }
        : {
            title: `Assigned to you: ${what}`,
            summary: `The entry ${what} was assigned to you.${p.dueDate ? ` Due on ${day(p.dueDate, locale)}.` : ''}`,
          };
    case 'due_soon':
    case 'due_tomorrow':
    case 'overdue': {
      const due = day(p.threshold, locale);
      if (p.kind === 'overdue') {
        return de
          ? { title: `Überfällig: ${what}`, summary: `Der Eintrag ${what} war am ${due} fällig und ist noch offen.` }
          : { title: `Overdue: ${what}`, summary: `The entry ${what} was due on ${due} and is still open.` };
      }
      const tomorrow = p.kind === 'due_tomorrow';
      return de
        ? {
            title: `${tomorrow ? 'Morgen fällig' : `Fällig am ${due}`}: ${what}`,
            summary: `Der Eintrag ${what} ist am ${due} fällig.`,
          }
        : { title: `${tomorrow ? 'Due tomorrow' : `Due on ${due}`}: ${what}`, summary: `The entry ${what} is due on ${due}.` };
    }
    case 'invitation_accepted':
      return de
        ? { title: `Einladung angenommen: ${p.subject}`, summary: `${p.subject} hat Ihre Einladung angenommen.` }
        : { title: `Invitation accepted: ${p.subject}`, summary: `${p.subject} accepted your invitation.` };
    case 'invitation_declined':
      return de
        ? { title: `Einladung abgelehnt: ${p.subject}`, summary: `${p.subject} hat Ihre Einladung abgelehnt.` }
        : { title: `Invitation declined: ${p.subject}`, summary: `${p.subject} declined your invitation.` };
    case 'questionnaire_answered':
      return de
        ? { title: `Fragebogen beantwortet: ${p.subject}`, summary: `${p.subject} hat Ihren Fragebogen beantwortet.` }
        : { title: `Questionnaire answered: ${p.subject}`, summary: `${p.subject} answered your questionnaire.` };
    case 'webhook_paused':
      return de
        ? {
            title: `Webhook angehalten: ${p.subject}`,
            summary: `Die Zustellung an ${p.subject} ist 50-mal in Folge fehlgeschlagen; der Webhook wurde angehalten. „Erneut senden“ im Zustellprotokoll setzt ihn fort.`,
          }
        : {
            title: `Webhook paused: ${p.subject}`,
            summary: `Delivery to ${p.subject} failed 50 times in a row; the webhook was paused. "Send again" in its delivery log resumes it.`,
          };
    case 'trial_ending': {
      const end = day(p.threshold, locale);
      return de
        ? {
            title: `Ihr Testzeitraum endet am ${end}`,
            summary: `Der Testzeitraum Ihres Kontos endet am ${end}. Danach brauchen Sie einen Vertrag, um weiterzuarbeiten.`,
          }
        : {
            title: `Your trial ends on ${end}`,
            summary: `Your account's trial ends on ${end}. After that you need a contract to keep working.`,
          };
    }
  }
}

function breachText(p: Pending, locale: Language, o: { timeZone: string; now: Date }) {
  const what = `${p.numberLabel} ${p.name}`;
  const deadline = p.discoveredAt ? new Date(Date.parse(p.discoveredAt) + 72 * HOUR) : null;
  const left = deadline ? Math.max(0, Math.floor((deadline.getTime() - o.now.getTime()) / HOUR)) : null;
  const due = deadline
    ? locale === 'de'
      ? ` Meldefrist an die Aufsichtsbehörde (Art. 33 DSGVO): ${when(deadline, locale, o.timeZone)}, noch ${left} Stunden.`
      : ` Deadline for notifying the supervisory authority (Art. 33 GDPR): ${when(deadline, locale, o.timeZone)}, ${left} hours left.`
    : '';
  if (p.kind === 'breach_created') {
    return locale === 'de'
      ? { title: `Neue Datenschutzverletzung ${what}`, summary: `Eine Datenschutzverletzung wurde erfasst: ${what}.${due}` }
      : { title: `New data breach ${what}`, summary: `A data breach was recorded: ${what}.${due}` };
  }
  return locale === 'de'
    ? {
        title: `Meldefrist läuft: ${what}`,
        summary: `Die Datenschutzverletzung ${what} ist der Aufsichtsbehörde noch nicht gemeldet.${due}`,
      }
    : {
        title: `Notification deadline running: ${what}`,
        summary: `The data breach ${what} has not been reported to the supervisory authority yet.${due}`,
      };
}

function requestText(p: Pending, locale: Language) {
  const what = `${p.numberLabel} ${p.name}`;
  const deadline = p.dueDate ? day(p.dueDate, locale) : '';
  if (p.kind === 'request_received') {
    return locale === 'de'
      ? {
          title: `Neue Betroffenenanfrage ${what}`,
          summary: `Eine Betroffenenanfrage ist eingegangen: ${what}. Frist für die Antwort: ${deadline}.`,
        }
      : {
          title: `New privacy request ${what}`,
          summary: `A privacy request was received: ${what}. Deadline for the answer: ${deadline}.`,
        };
  }
  const tomorrow = p.threshold.startsWith('1d:');
  return locale === 'de'
    ? {
        title: `Frist ${tomorrow ? 'endet morgen' : 'endet in 7 Tagen'}: ${what}`,
        summary: `Die Frist der Betroffenenanfrage ${what} endet am ${deadline}.`,
      }
    : {
        title: `Deadline ${tomorrow ? 'ends tomorrow' : 'ends in 7 days'}: ${what}`,
        summary: `The deadline of the privacy request ${what} ends on ${deadline}.`,
      };
}

/**
 * Queues the mails of notifications marked for e-mail, in the recipient's language, and clears
 * the mark in the same transaction: rows are claimed with FOR UPDATE SKIP LOCKED, so two
 * instances never take the same one and a mail is queued exactly once. Delivery is the outbox's.
 */
export async function queueNotificationMails(
  tx: Db,
  mailer: Mailer,
  o: { timeZone: string; now: Date; afterCommit: (fn: () => void) => void },
): Promise<number> {
  const rows = await queryRows<Pending>(
    tx,
    sql`
    select n.id, n.kind, n.threshold, u.email, u.language, u.firstname, u.lastname, c.name as company,
           i.id as "itemId", i.type, i.number_label as "numberLabel", i.name, i.due_date::text as "dueDate",
           i.data->>'discoveredAt' as "discoveredAt", n.data->>'subject' as subject, n.data->>'link' as link
    from notification n
    join app_user u on u.id = n.recipient_id
    join company c on c.id = n.company_id
    left join item i on i.id = n.item_id
    where n.mail_pending
    order by n.created_at
    limit ${MAIL_BATCH}
    for update of n skip locked`,
  );
  for (const p of rows) {
    const text = alertText(p, p.language, o);
    const path = p.itemId && p.type ? itemLink(p.type, p.itemId) : (p.link ?? '/notification');
    await mailer.send(
      { db: tx, afterCommit: o.afterCommit },
      {
        to: p.email,
        template: 'notification',
        locale: p.language,
        vars: {
          name: `${p.firstname} ${p.lastname}`.trim() || p.email,
          company: p.company,
          title: text.title,
          summary: text.summary,
          link: mailer.link(path),
        },
        category: mailCategoryOf(notificationCategoryOf[p.kind]),
      },
    );
  }
  if (rows.length) {
    await tx.execute(
      sql`update notification set mail_pending = false where id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])`,
    );
  }
  return rows.length;
}
