import { type ClaimRule, itemTypes, questionnaireLinkTypes } from '@pc/shared';

/** Which page component a route renders. */
export type RoutePage =
  // Compliance-item registers and tag management.
  | 'item-list'
  | 'item-detail'
  | 'service-agreement-list'
  | 'service-agreement-redirect'
  | 'appointment-list'
  | 'questionnaire-list'
  | 'questionnaire-detail'
  | 'questionnaire-fill'
  | 'time-record'
  | 'time-comparison'
  | 'time-budget-element'
  | 'tags'
  | 'invitation'
  | 'invitation-link'
  | 'login'
  | 'scope'
  | 'forbidden'
  | 'unauthorized'
  // Account security.
  | 'mfa'
  | 'reset-password'
  | 'unsubscribe'
  | 'change-password'
  | 'terms-of-use'
  | 'account'
  | 'account-upgrade'
  | 'cancel'
  | 'signup'
  | 'signup-dpo'
  | 'profile'
  | 'notification'
  | 'security-log'
  | 'terms-of-use-admin'
  | 'users-admin'
  | 'roles-admin'
  | 'webhooks-admin'
  // Dashboard side.
  | 'home'
  | 'change-log'
  | 'calendar'
  | 'documents'
  | 'download'
  | 'help-admin'
  | 'billing-admin'
  // Administration entry and companies.
  | 'administration'
  | 'companies-admin'
  | 'company-edit'
  | 'company-view'
  // First-run wizard.
  | 'initiation'
  | 'diagram';

export interface RouteDef {
  /** TanStack Router path, parameters as `$name`. */
  path: string;
  /** i18n key suffix: the label is `section.<section>`. */
  section: string;
  /** No login needed. */
  public?: boolean;
  /** Rendered without the shell even when logged in (login, sign-up, …). */
  fullPage?: boolean;
  rule?: ClaimRule;
  /** Only for users with administration rights (me.isAdministrator). */
  administrator?: boolean;
  /** Only the account holder or the operator (me.hasAccount or Platform.Manage). */
  accountHolder?: boolean;
  /** A detail page below its section: the breadcrumb says "Details". */
  detail?: boolean;
  page: RoutePage;
  /** Heading shown instead of the section name (home shows "Dashboard"). */
  headingKey?: string;
  /** The shell shows it as locked (no sidebar, no breadcrumbs) even without an HTTP 412. */
  locksShell?: boolean;
}

const read = (claim: string): ClaimRule => ({ all: [`${claim}.Read`] });
const timeRead: ClaimRule = { any: ['TimeRecords.Read', 'TimeRecords.ReadAll'] };
const serviceAgreementRead: ClaimRule = {
  any: itemTypes.filter((t) => t.key.startsWith('service-agreement-')).map((t) => `${t.claim}.Read`),
};

/** Questionnaires follow the audit or service agreement they were sent for. */
const questionnaireRead: ClaimRule = {
  any: questionnaireLinkTypes.map((k) => `${itemTypes.find((t) => t.key === k)!.claim}.Read`),
};

/** The routes open without login. */
const publicRoutes: RouteDef[] = [
  { path: '/login', section: 'login', public: true, fullPage: true, page: 'login' },
  // The plan variant comes from the route: the trial at /signup, the DPO plan at /signup/dpo.
  { path: '/signup', section: 'signup', public: true, fullPage: true, page: 'signup' },
  { path: '/signup/dpo', section: 'signup-dpo', public: true, fullPage: true, page: 'signup-dpo' },
  { path: '/mfa', section: 'mfa', public: true, fullPage: true, page: 'mfa' },
  { path: '/reset-password/$userId', section: 'reset-password', public: true, fullPage: true, page: 'reset-password' },
  { path: '/unsubscribe/$email', section: 'unsubscribe', public: true, fullPage: true, page: 'unsubscribe' },
  { path: '/invitation/token/$token', section: 'invitation-link', public: true, fullPage: true, page: 'invitation-link' },
  {
    path: '/questionnaire/fill/$responseKey',
    section: 'questionnaire-fill',
    public: true,
    fullPage: true,
    page: 'questionnaire-fill',
  },
  { path: '/unauthorized', section: 'unauthorized', public: true, page: 'unauthorized' },
  { path: '/forbidden', section: 'forbidden', public: true, page: 'forbidden' },
];

/** Guarded routes and lazily loaded sections. */
const guardedRoutes: RouteDef[] = [
  { path: '/home', section: 'home', headingKey: 'home.heading', page: 'home' },
  { path: '/cancel', section: 'cancel', accountHolder: true, page: 'cancel' },
  { path: '/scope', section: 'scope', page: 'scope', rule: { all: ['User.SwitchCompany'] } },
  { path: '/initiation', section: 'initiation', page: 'initiation' },
  { path: '/diagram', section: 'diagram', rule: { all: ['Diagram.Read'] }, page: 'diagram' },
  { path: '/download/$documentId', section: 'download', page: 'download' },
  { path: '/invitation', section: 'invitation', page: 'invitation' },
  { path: '/tag', section: 'tag', rule: { all: ['Tag.Read'] }, page: 'tags' },
  { path: '/terms-of-use', section: 'terms-of-use', page: 'terms-of-use' },
  { path: '/time-record', section: 'time-record', rule: timeRead, page: 'time-record' },
  { path: '/time-comparison', section: 'time-comparison', rule: { all: ['TimeRecords.ReadAll'] }, page: 'time-comparison' },
  { path: '/time-budget-element', section: 'time-budget-element', rule: timeRead, page: 'time-budget-element' },
  { path: '/profile', section: 'profile', page: 'profile' },
  { path: '/notification', section: 'notification', page: 'notification' },
  { path: '/change-password', section: 'change-password', page: 'change-password', locksShell: true },
  { path: '/account', section: 'account', page: 'account', accountHolder: true },
  { path: '/account/upgrade', section: 'account-upgrade', page: 'account-upgrade', accountHolder: true },
  { path: '/change-log', section: 'change-log', page: 'change-log' },
  { path: '/company/$id', section: 'company', detail: true, page: 'company-view' },
  { path: '/administration', section: 'administration', administrator: true, page: 'administration' },
  { path: '/administration/companies', section: 'companies', administrator: true, page: 'companies-admin' },
  {
    path: '/administration/companies/new',
    section: 'companies',
    detail: true,
    rule: { all: ['Company.Write'] },
    page: 'company-edit',
  },
  { path: '/administration/users', section: 'users', administrator: true, page: 'users-admin' },
  { path: '/administration/roles', section: 'roles', administrator: true, page: 'roles-admin' },
  { path: '/administration/security-log', section: 'security-log', administrator: true, page: 'security-log' },
  { path: '/administration/webhooks', section: 'webhooks', administrator: true, page: 'webhooks-admin' },
  {
    path: '/administration/help',
    section: 'help-admin',
    administrator: true,
    rule: { all: ['Platform.Manage'] },
    page: 'help-admin',
  },
  {
    path: '/administration/billing',
    section: 'billing-admin',
    administrator: true,
    rule: { all: ['Platform.Manage'] },
    page: 'billing-admin',
  },
  {
    path: '/administration/terms-of-use',
    section: 'terms-of-use-admin',
    administrator: true,
    rule: { all: ['Platform.Manage'] },
    page: 'terms-of-use-admin',
  },
  {
    path: '/administration/companies/$id',
    section: 'companies',
    detail: true,
    rule: { any: ['Company.Write', 'Company.WriteOwn'] },
    page: 'company-edit',
  },
  { path: '/calendar', section: 'calendar', rule: { all: ['Appointment.Read'] }, page: 'calendar' },
  { path: '/appointment', section: 'appointment', rule: { all: ['Appointment.Read'] }, page: 'appointment-list' },
  { path: '/documents', section: 'documents', rule: { all: ['Document.ReadExtended'] }, page: 'documents' },
  { path: '/questionnaire', section: 'questionnaire', rule: questionnaireRead, page: 'questionnaire-list' },
  { path: '/questionnaire/$id', section: 'questionnaire', rule: questionnaireRead, detail: true, page: 'questionnaire-detail' },
  { path: '/service-agreement', section: 'service-agreement', rule: serviceAgreementRead, page: 'service-agreement-list' },
  {
    path: '/service-agreement/$id',
    section: 'service-agreement',
    rule: serviceAgreementRead,
    detail: true,
    page: 'service-agreement-redirect',
  },
  // Every compliance-item register and its detail page (`<list route>/$id`).
  ...itemTypes.flatMap((t): RouteDef[] => [
    { path: t.route, section: t.key, rule: read(t.claim), page: 'item-list' },
    { path: `${t.route}/$id`, section: t.key, rule: read(t.claim), detail: true, page: 'item-detail' },
  ]),
];

export const routeDefs: readonly RouteDef[] = [...publicRoutes, ...guardedRoutes];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith('$') || seg === b[i]);
}

/** The route definition for a concrete pathname (static segments win over parameters). */
export function findRouteDef(pathname: string): RouteDef | undefined {
  const candidates = routeDefs.filter((d) => matches(d.path, pathname));
  return candidates.sort((x, y) => x.path.split('$').length - y.path.split('$').length)[0];
}

/**
 * Where a change of the company scope leads from `pathname`: an entry's detail page belongs to one
 * company, so the same register's list (of the new scope) replaces it; elsewhere null (stay).
 */
export function listAfterScopeChange(pathname: string): string | null {
  const def = findRouteDef(pathname);
  if (def?.page !== 'item-detail' && def?.page !== 'questionnaire-detail') return null;
  if (pathname.endsWith('/new')) return null;
  return def.path.slice(0, -'/$id'.length);
}
