import type { Language } from '@pc/shared';

export interface MailVars {
  name: string;
  productName: string;
  link?: string;
  minutes?: number;
  unsubscribeLink?: string;
  /** Invitations: the sending company and user, the purpose and the sender's message. */
  company?: string;
  sender?: string;
  purpose?: 'AsDpo' | 'AsClient';
  message?: string;
  days?: number;
  /** The weekly digest: in how many companies its `days` entries are. */
  companies?: number;
  /** Questionnaire mails: what is asked and until when. */
  title?: string;
  dueDate?: string;
  /** Contract mails: the contract summary (written per language by billing/mails.ts). */
  summary?: string;
  /** Cancellation: when it was received and the contract's last day. */
  receivedAt?: string;
  endDate?: string;
  /** A mail whose text a user chose: the company it is sent for, named in the footer. */
  relayCompany?: string;
}

interface Template {
  /** Optional mails carry an unsubscribe link; their category can be turned off. */
  category: string | null;
  subject: Record<Language, (v: MailVars) => string>;
  body: Record<Language, (v: MailVars) => string>;
}

/**
 * A lifetime in the largest whole unit, days from two on ("7 Tage", "24 Stunden", "60 Minuten"),
 * so mails name it as the dialogs and the README do, never as "10080 Minuten".
 */
export const duration: Record<Language, (minutes: number | undefined) => string> = {
  de: (m = 0) =>
    m % 1440 === 0 && m > 1440
      ? `${m / 1440} Tage`
      : m % 60 === 0
        ? `${m / 60} ${m === 60 ? 'Stunde' : 'Stunden'}`
        : `${m} ${m === 1 ? 'Minute' : 'Minuten'}`,
  en: (m = 0) =>
    m % 1440 === 0 && m > 1440
      ? `${m / 1440} days`
      : m % 60 === 0
        ? `${m / 60} ${m === 60 ? 'hour' : 'hours'}`
        : `${m} ${m === 1 ? 'minute' : 'minutes'}`,
};

/** Why an optional mail came, per category, before its unsubscribe link. */
const reason: Record<string, Record<Language, string>> = {
  deadlines: { de: 'als Fristhinweis', en: 'as a deadline alert' },
  'notify-breach': { de: 'als Hinweis zu Datenschutzverletzungen', en: 'as a data breach alert' },
  'notify-request': { de: 'als Hinweis zu Betroffenenanfragen', en: 'as a privacy request alert' },
  'notify-assigned': { de: 'als Hinweis auf Zuweisungen', en: 'as an assignment notice' },
  'notify-due': { de: 'als Erinnerung an Fälligkeiten', en: 'as a due date reminder' },
  'notify-invitation': { de: 'als Hinweis zu Einladungen', en: 'as an invitation notice' },
  'notify-questionnaire': { de: 'als Hinweis zu Fragebögen', en: 'as a questionnaire notice' },
  'notify-trial': { de: 'als Hinweis zum Testzeitraum', en: 'as a trial notice' },
  'notify-digest': { de: 'als wöchentliche Übersicht', en: 'as the weekly digest' },
};
const footer: Record<Language, (v: MailVars, category: string | null) => string> = {
  de: (v, category) =>
    v.relayCompany
      ? `\n\n--\nDiese Nachricht hat ${v.relayCompany} über ${v.productName} gesendet. Ihr Text stammt vom Absender, nicht von ${v.productName}.`
      : v.unsubscribeLink
        ? `\n\n--\nSie erhalten diese Nachricht ${reason[category ?? '']?.de ?? 'als Sicherheitshinweis'} von ${v.productName}. Abbestellen: ${v.unsubscribeLink}`
        : `\n\n--\n${v.productName}`,
  en: (v, category) =>
    v.relayCompany
      ? `\n\n--\nThis message was sent by ${v.relayCompany} through ${v.productName}. Its text comes from the sender, not from ${v.productName}.`
      : v.unsubscribeLink
        ? `\n\n--\nYou receive this message ${reason[category ?? '']?.en ?? 'as a security notice'} from ${v.productName}. Unsubscribe: ${v.unsubscribeLink}`
        : `\n\n--\n${v.productName}`,
};

const invitationAsk: Record<Language, (v: MailVars) => string> = {
  de: (v) =>
    v.purpose === 'AsDpo'
      ? `${v.sender} lädt Sie ein, Datenschutzbeauftragte/r des Unternehmens ${v.company} zu werden.`
      : `${v.sender} (${v.company}) lädt Ihr Unternehmen ein, sich als Mandant von ${v.company} betreuen zu lassen.`,
  en: (v) =>
    v.purpose === 'AsDpo'
      ? `${v.sender} invites you to become the data protection officer of ${v.company}.`
      : `${v.sender} (${v.company}) invites your company to become a client of ${v.company}.`,
};
const invitationMessage: Record<Language, (v: MailVars) => string> = {
  de: (v) => (v.message ? `\n\nNachricht:\n${v.message}` : ''),
  en: (v) => (v.message ? `\n\nMessage:\n${v.message}` : ''),
};
const invitationBody = (lead: Record<Language, string>): Template['body'] => ({
  de: (v) =>
    `Hallo,\n\n${lead.de}${invitationAsk.de(v)}${invitationMessage.de(v)}\n\nÜber diesen Link sehen Sie die Einladung und nehmen sie an oder lehnen sie ab (gültig für ${v.days} Tage):\n\n${v.link}\n\nHaben Sie noch keinen Zugang zu ${v.productName}, richten Sie ihn über denselben Link ein.`,
  en: (v) =>
    `Hello,\n\n${lead.en}${invitationAsk.en(v)}${invitationMessage.en(v)}\n\nUse this link to view the invitation and accept or decline it (valid for ${v.days} days):\n\n${v.link}\n\nIf you have no access to ${v.productName} yet, set it up through the same link.`,
});

export const templates = {
  /**
   * A notification (deadline alert, assignment, reminder, …): what, for which company, and the
   * link to it. Sent with the category of its kind, so each category has its own opt-out.
   */
  notification: {
    category: 'deadlines',
    subject: {
      de: (v) => `${v.productName}: ${v.title} (${v.company})`,
      en: (v) => `${v.productName}: ${v.title} (${v.company})`,
    },
    body: {
      de: (v) => `Hallo ${v.name},\n\n${v.summary}\n\nUnternehmen: ${v.company}\n\nZum Eintrag:\n${v.link}`,
      en: (v) => `Hello ${v.name},\n\n${v.summary}\n\nCompany: ${v.company}\n\nOpen the entry:\n${v.link}`,
    },
  },
  /**
   * The weekly digest: the open items due soon or overdue in the companies the recipient sees
   * (`summary`, grouped by company), opened by how many there are (`days`) in how many companies.
   */
  'notification-digest': {
    category: 'notify-digest',
    subject: {
      de: (v) => `${v.productName}: Ihre Fristen der Woche (${v.days} offen)`,
      en: (v) => `${v.productName}: your deadlines this week (${v.days} open)`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\n${v.days === 1 ? 'dieser Eintrag ist' : `diese ${v.days} Einträge sind`} in ${v.companies === 1 ? 'einem Unternehmen' : `${v.companies} Unternehmen`} in den nächsten 14 Tagen fällig oder überfällig:\n\n${v.summary}\n\nAlle Benachrichtigungen:\n${v.link}`,
      en: (v) =>
        `Hello ${v.name},\n\n${v.days === 1 ? 'this entry is' : `these ${v.days} entries are`} due within the next 14 days or overdue, in ${v.companies === 1 ? 'one company' : `${v.companies} companies`}:\n\n${v.summary}\n\nAll notifications:\n${v.link}`,
    },
  },
  invitation: {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Einladung von ${v.company}`,
      en: (v) => `${v.productName}: invitation from ${v.company}`,
    },
    body: invitationBody({ de: '', en: '' }),
  },
  'invitation-resend': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Erinnerung an die Einladung von ${v.company}`,
      en: (v) => `${v.productName}: reminder of the invitation from ${v.company}`,
    },
    body: invitationBody({ de: 'wir erinnern Sie an eine offene Einladung. ', en: 'this is a reminder of an open invitation. ' }),
  },
  'invitation-withdrawn': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Einladung von ${v.company} zurückgezogen`,
      en: (v) => `${v.productName}: invitation from ${v.company} withdrawn`,
    },
    body: {
      de: (v) =>
        `Hallo,\n\n${v.company} hat die Einladung an Sie zurückgezogen. Der Link aus der Einladung ist nicht mehr gültig; Sie müssen nichts weiter tun.`,
      en: (v) =>
        `Hello,\n\n${v.company} has withdrawn its invitation to you. The link in the invitation no longer works; there is nothing more you need to do.`,
    },
  },
  questionnaire: {
    // Sent on a user's request to someone outside the product; nothing to unsubscribe from.
    category: null,
    subject: {
      de: (v) => `Fragebogen von ${v.name}: ${v.title}`,
      en: (v) => `Questionnaire from ${v.name}: ${v.title}`,
    },
    body: {
      de: (v) =>
        `Guten Tag,\n\n${v.name} bittet Sie, den Fragebogen „${v.title}“ bis zum ${v.dueDate} auszufüllen. Sie brauchen dafür kein Benutzerkonto; Ihre Eingaben werden als Entwurf gespeichert, bis Sie sie absenden:\n\n${v.link}\n\nDer Link gilt bis sieben Tage nach dem Fälligkeitsdatum und kann nur einmal abgesendet werden. Bitte geben Sie ihn nicht weiter.`,
      en: (v) =>
        `Hello,\n\n${v.name} asks you to fill in the questionnaire “${v.title}” by ${v.dueDate}. You need no account; your answers are kept as a draft until you submit them:\n\n${v.link}\n\nThe link is valid until seven days after the due date and can be submitted once. Please do not pass it on.`,
    },
  },
  'password-reset': {
    category: null,
    subject: { de: (v) => `${v.productName}: Passwort zurücksetzen`, en: (v) => `${v.productName}: reset your password` },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nSie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort (gültig für ${duration.de(v.minutes)}, nur einmal verwendbar):\n\n${v.link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.`,
      en: (v) =>
        `Hello ${v.name},\n\nYou asked to reset your password. Use this link to choose a new one (valid for ${duration.en(v.minutes)}, usable once):\n\n${v.link}\n\nIf you did not ask for this, ignore this message; your password stays unchanged.`,
    },
  },
  invite: {
    category: null,
    subject: { de: (v) => `Ihr Zugang zu ${v.productName}`, en: (v) => `Your access to ${v.productName}` },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nfür Sie wurde ein Zugang zu ${v.productName} angelegt. Über diesen Link vergeben Sie Ihr Passwort (gültig für ${duration.de(v.minutes)}):\n\n${v.link}`,
      en: (v) =>
        `Hello ${v.name},\n\nan account on ${v.productName} has been created for you. Use this link to choose your password (valid for ${duration.en(v.minutes)}):\n\n${v.link}`,
    },
  },
  'email-change': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: neue E-Mail-Adresse bestätigen`,
      en: (v) => `${v.productName}: confirm your new e-mail address`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nbitte bestätigen Sie Ihre neue E-Mail-Adresse über diesen Link (gültig für ${duration.de(v.minutes)}):\n\n${v.link}\n\nBis dahin gilt Ihre bisherige Adresse weiter.`,
      en: (v) =>
        `Hello ${v.name},\n\nplease confirm your new e-mail address with this link (valid for ${duration.en(v.minutes)}):\n\n${v.link}\n\nUntil then your previous address stays in use.`,
    },
  },
  'email-change-notice': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Ihre E-Mail-Adresse soll geändert werden`,
      en: (v) => `${v.productName}: your e-mail address is to be changed`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\neine Administration Ihres Unternehmens möchte Ihre E-Mail-Adresse in ${v.title} ändern. Die Änderung gilt erst, wenn sie von der neuen Adresse aus bestätigt wird; bis dahin bleibt diese Adresse in Gebrauch.\n\nWenn Sie das nicht erwartet haben, wenden Sie sich bitte an Ihre Administration.`,
      en: (v) =>
        `Hello ${v.name},\n\nan administrator of your company wants to change your e-mail address to ${v.title}. The change takes effect only once it is confirmed from the new address; until then this address stays in use.\n\nIf you did not expect this, please contact your administrator.`,
    },
  },
  'password-changed': {
    category: 'security-notice',
    subject: {
      de: (v) => `${v.productName}: Ihr Passwort wurde geändert`,
      en: (v) => `${v.productName}: your password was changed`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\ndas Passwort Ihres Zugangs wurde soeben geändert. Alle anderen Anmeldungen wurden beendet.\n\nWaren Sie das nicht? Setzen Sie Ihr Passwort sofort zurück und informieren Sie Ihren Administrator.`,
      en: (v) =>
        `Hello ${v.name},\n\nthe password of your account has just been changed. All other sessions were ended.\n\nNot you? Reset your password at once and tell your administrator.`,
    },
  },
  'account-locked': {
    // Not optional: the login screen no longer says that an account is locked, only this mail does.
    category: null,
    subject: {
      de: (v) => `${v.productName}: Ihr Zugang ist vorübergehend gesperrt`,
      en: (v) => `${v.productName}: your account is locked for now`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nnach mehreren fehlgeschlagenen Anmeldeversuchen ist Ihr Zugang für ${duration.de(v.minutes)} gesperrt. Bis dahin scheitert jede Anmeldung, auch mit dem richtigen Passwort. Danach können Sie sich wieder anmelden:\n\n${v.link}\n\nIhr Administrator kann die Sperre auch früher aufheben. Waren Sie das nicht? Dann versucht jemand, Ihr Passwort zu erraten: Ändern Sie es nach Ablauf der Sperre und informieren Sie Ihren Administrator.`,
      en: (v) =>
        `Hello ${v.name},\n\nafter several failed sign-in attempts your account is locked for ${duration.en(v.minutes)}. Until then every sign-in fails, even with the right password. Afterwards you can sign in again:\n\n${v.link}\n\nYour administrator can also lift the lock earlier. Not you? Then someone is trying to guess your password: change it once the lock is over and tell your administrator.`,
    },
  },
  'two-factor-enabled': {
    category: 'security-notice',
    subject: {
      de: (v) => `${v.productName}: Zwei-Faktor-Anmeldung eingeschaltet`,
      en: (v) => `${v.productName}: two-factor login turned on`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nfür Ihren Zugang ist jetzt die Zwei-Faktor-Anmeldung mit einer Authenticator-App eingeschaltet. Bewahren Sie Ihre Wiederherstellungscodes sicher auf.`,
      en: (v) =>
        `Hello ${v.name},\n\ntwo-factor login with an authenticator app is now turned on for your account. Keep your recovery codes safe.`,
    },
  },
  'two-factor-disabled': {
    category: 'security-notice',
    subject: {
      de: (v) => `${v.productName}: Zwei-Faktor-Anmeldung ausgeschaltet`,
      en: (v) => `${v.productName}: two-factor login turned off`,
    },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\ndie Zwei-Faktor-Anmeldung für Ihren Zugang wurde ausgeschaltet. Waren Sie das nicht? Ändern Sie sofort Ihr Passwort.`,
      en: (v) => `Hello ${v.name},\n\ntwo-factor login was turned off for your account. Not you? Change your password at once.`,
    },
  },
  /** A sign-up for this address was made, but the address has a user already (no new account). */
  'signup-exists': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Sie haben bereits einen Zugang`,
      en: (v) => `${v.productName}: you already have an account`,
    },
    body: {
      de: (v) =>
        `Hallo,\n\nmit dieser E-Mail-Adresse wurde gerade eine Registrierung bei ${v.productName} versucht. Für diese Adresse besteht bereits ein Zugang, daher wurde kein neues Konto angelegt.\n\nMelden Sie sich hier an:\n\n${v.link}\n\nHaben Sie Ihr Passwort vergessen, wählen Sie auf der Anmeldeseite „Passwort vergessen“. Haben Sie sich nicht registriert, können Sie diese Nachricht ignorieren.`,
      en: (v) =>
        `Hello,\n\nsomeone just tried to sign up for ${v.productName} with this e-mail address. This address has an account already, so no new account was created.\n\nLog in here:\n\n${v.link}\n\nIf you forgot your password, choose "Forgot password" on the login page. If you did not sign up, you can ignore this message.`,
    },
  },
  /** A contract was ordered or subscribed: the order confirmation with the contract summary. */
  'order-confirmation': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Bestellbestätigung und Vertragszusammenfassung`,
      en: (v) => `${v.productName}: order confirmation and contract summary`,
    },
    body: {
      de: (v) =>
        `Guten Tag ${v.name},

vielen Dank für Ihre Bestellung. Wir bestätigen den Vertrag mit den folgenden Angaben:

${v.summary}

Ihre Vertragsdaten, Rechnungen und den Kontostand finden Sie jederzeit unter:

${v.link}`,
      en: (v) =>
        `Hello ${v.name},

thank you for your order. We confirm the contract as follows:

${v.summary}

Your contract data, invoices and balance are always at:

${v.link}`,
    },
  },
  /** A cancellation was received (§ 312k (4) BGB): when, and the day the contract ends. */
  'cancellation-confirmation': {
    category: null,
    subject: {
      de: (v) => `${v.productName}: Bestätigung Ihrer Kündigung zum ${v.endDate}`,
      en: (v) => `${v.productName}: your cancellation, effective ${v.endDate}`,
    },
    body: {
      de: (v) =>
        `Guten Tag ${v.name},

wir bestätigen den Eingang Ihrer Kündigung am ${v.receivedAt}.

Ihr Vertrag endet am ${v.endDate}. Bis dahin können Sie ${v.productName} wie bisher nutzen; danach werden keine weiteren Beträge berechnet.

${v.summary}

Ihre Vertragsdaten: ${v.link}`,
      en: (v) =>
        `Hello ${v.name},

we confirm that we received your cancellation on ${v.receivedAt}.

Your contract ends on ${v.endDate}. Until then you can use ${v.productName} as before; nothing further will be charged after it.

${v.summary}

Your contract data: ${v.link}`,
    },
  },
} satisfies Record<string, Template>;

export type TemplateName = keyof typeof templates;

export function render(name: TemplateName, locale: Language, vars: MailVars, category: string | null = templates[name].category) {
  const t: Template = templates[name];
  return {
    subject: t.subject[locale](vars),
    body: t.body[locale](vars) + footer[locale](vars, category),
    category,
  };
}
