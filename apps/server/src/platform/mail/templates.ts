import type { Language } from '@pc/shared';

export interface MailVars {
  name: string;
  productName: string;
  link?: string;
  minutes?: number;
  unsubscribeLink?: string;
  /** Questionnaire mails: what is asked and until when. */
  title?: string;
  dueDate?: string;
}

interface Template {
  /** Optional mails carry an unsubscribe link; their category can be turned off. */
  category: string | null;
  subject: Record<Language, (v: MailVars) => string>;
  body: Record<Language, (v: MailVars) => string>;
}

const footer: Record<Language, (v: MailVars) => string> = {
  de: (v) =>
    v.unsubscribeLink
      ? `\n\n--\nSie erhalten diese Nachricht als Sicherheitshinweis von ${v.productName}. Abbestellen: ${v.unsubscribeLink}`
      : `\n\n--\n${v.productName}`,
  en: (v) =>
    v.unsubscribeLink
      ? `\n\n--\nYou receive this message as a security notice from ${v.productName}. Unsubscribe: ${v.unsubscribeLink}`
      : `\n\n--\n${v.productName}`,
};

export const templates = {
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
        `Hallo ${v.name},\n\nSie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort (gültig für ${v.minutes} Minuten, nur einmal verwendbar):\n\n${v.link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.`,
      en: (v) =>
        `Hello ${v.name},\n\nYou asked to reset your password. Use this link to choose a new one (valid for ${v.minutes} minutes, usable once):\n\n${v.link}\n\nIf you did not ask for this, ignore this message; your password stays unchanged.`,
    },
  },
  invite: {
    category: null,
    subject: { de: (v) => `Ihr Zugang zu ${v.productName}`, en: (v) => `Your access to ${v.productName}` },
    body: {
      de: (v) =>
        `Hallo ${v.name},\n\nfür Sie wurde ein Zugang zu ${v.productName} angelegt. Über diesen Link vergeben Sie Ihr Passwort (gültig für ${v.minutes} Minuten):\n\n${v.link}`,
      en: (v) =>
        `Hello ${v.name},\n\nan account on ${v.productName} has been created for you. Use this link to choose your password (valid for ${v.minutes} minutes):\n\n${v.link}`,
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
        `Hallo ${v.name},\n\nbitte bestätigen Sie Ihre neue E-Mail-Adresse über diesen Link (gültig für ${v.minutes} Minuten):\n\n${v.link}\n\nBis dahin gilt Ihre bisherige Adresse weiter.`,
      en: (v) =>
        `Hello ${v.name},\n\nplease confirm your new e-mail address with this link (valid for ${v.minutes} minutes):\n\n${v.link}\n\nUntil then your previous address stays in use.`,
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
        `Hallo ${v.name},\n\nnach mehreren fehlgeschlagenen Anmeldeversuchen ist Ihr Zugang für ${v.minutes} Minuten gesperrt. Bis dahin scheitert jede Anmeldung, auch mit dem richtigen Passwort. Danach können Sie sich wieder anmelden:\n\n${v.link}\n\nIhr Administrator kann die Sperre auch früher aufheben. Waren Sie das nicht? Dann versucht jemand, Ihr Passwort zu erraten: Ändern Sie es nach Ablauf der Sperre und informieren Sie Ihren Administrator.`,
      en: (v) =>
        `Hello ${v.name},\n\nafter several failed sign-in attempts your account is locked for ${v.minutes} minutes. Until then every sign-in fails, even with the right password. Afterwards you can sign in again:\n\n${v.link}\n\nYour administrator can also lift the lock earlier. Not you? Then someone is trying to guess your password: change it once the lock is over and tell your administrator.`,
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
} satisfies Record<string, Template>;

export type TemplateName = keyof typeof templates;

export function render(name: TemplateName, locale: Language, vars: MailVars) {
  const t: Template = templates[name];
  return { subject: t.subject[locale](vars), body: t.body[locale](vars) + footer[locale](vars), category: t.category };
}
