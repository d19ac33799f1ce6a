import { itemTypes } from '@pc/shared';
import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { i18n } from '../lib/i18n/i18n';
import { defaultLanguage, isLanguage } from '../lib/i18n/language';
import { notify } from '../lib/notify';
import '../lib/routing/route-static-data';
import './item-page-slots';
import { postLoginTarget } from '../lib/routing/post-login-target';
import { findRouteDef, type RouteDef, type RoutePage, routeDefs } from '../lib/routing/route-table';
import { sessionStore } from '../lib/session/session-store';
import { ForbiddenPage, NotFoundPage, UnauthorizedPage } from './pages/status-pages';
import { loadShell, RootLayout } from './root-layout';
import { decideAccess, loginHref } from './routes/guard';

const pageComponents = new Map<RoutePage, RouteComponent>();

/**
 * One lazily loaded component per page, the same instance for the route and for `preloadPage`:
 * a preloaded instance renders at once instead of suspending.
 */
function pageComponent(page: RoutePage): RouteComponent {
  let component = pageComponents.get(page);
  if (!component) {
    component = lazyPage(page);
    pageComponents.set(page, component);
  }
  return component;
}

function lazyPage(page: RoutePage): RouteComponent {
  switch (page) {
    case 'login':
      return lazyRouteComponent(() => import('../features/auth/login-page'), 'LoginPage');
    case 'scope':
      return lazyRouteComponent(() => import('../features/scope/scope-page'), 'ScopePage');
    case 'mfa':
      return lazyRouteComponent(() => import('../features/account/mfa-page'), 'MfaPage');
    case 'reset-password':
      return lazyRouteComponent(() => import('../features/account/reset-password-page'), 'ResetPasswordPage');
    case 'unsubscribe':
      return lazyRouteComponent(() => import('../features/account/unsubscribe-page'), 'UnsubscribePage');
    case 'change-password':
      return lazyRouteComponent(() => import('../features/account/change-password-page'), 'ChangePasswordPage');
    case 'account':
      return lazyRouteComponent(() => import('../features/billing/account-page'), 'AccountPage');
    case 'account-upgrade':
      return lazyRouteComponent(() => import('../features/billing/upgrade-page'), 'UpgradePage');
    case 'cancel':
      return lazyRouteComponent(() => import('../features/billing/cancel-page'), 'CancelPage');
    case 'billing-admin':
      return lazyRouteComponent(() => import('../features/billing/catalogue-page'), 'CataloguePage');
    case 'signup':
      return lazyRouteComponent(() => import('../features/billing/signup-page'), 'SignupPage');
    case 'signup-dpo':
      return lazyRouteComponent(() => import('../features/billing/signup-page'), 'SignupDpoPage');
    case 'notification':
      return lazyRouteComponent(() => import('../features/notifications/notification-page'), 'NotificationPage');
    case 'profile':
      return lazyRouteComponent(() => import('../features/account/profile-page'), 'ProfilePage');
    case 'terms-of-use':
      return lazyRouteComponent(() => import('../features/terms-of-use/terms-of-use-page'), 'TermsOfUsePage');
    case 'terms-of-use-admin':
      return lazyRouteComponent(() => import('../features/terms-of-use/terms-of-use-admin-page'), 'TermsOfUseAdminPage');
    case 'users-admin':
      return lazyRouteComponent(() => import('../features/administration/users/users-page'), 'UsersPage');
    case 'roles-admin':
      return lazyRouteComponent(() => import('../features/administration/roles/roles-page'), 'RolesPage');
    case 'webhooks-admin':
      return lazyRouteComponent(() => import('../features/administration/webhooks/webhooks-page'), 'WebhooksPage');
    case 'security-log':
      return lazyRouteComponent(() => import('../features/security-log/security-log-page'), 'SecurityLogPage');
    case 'home':
      return lazyRouteComponent(() => import('../features/dashboard/home-page'), 'HomePage');
    case 'change-log':
      return lazyRouteComponent(() => import('../features/change-log/change-log-page'), 'ChangeLogPage');
    case 'calendar':
      return lazyRouteComponent(() => import('../features/calendar/calendar-page'), 'CalendarPage');
    case 'documents':
      return lazyRouteComponent(() => import('../features/documents/documents-page'), 'DocumentsPage');
    case 'download':
      return lazyRouteComponent(() => import('../features/documents/download-page'), 'DownloadPage');
    case 'time-record':
      return lazyRouteComponent(() => import('../features/time/time-record-page'), 'TimeRecordPage');
    case 'time-comparison':
      return lazyRouteComponent(() => import('../features/time/time-comparison-page'), 'TimeComparisonPage');
    case 'time-budget-element':
      return lazyRouteComponent(() => import('../features/time/time-budget-element-page'), 'TimeBudgetElementPage');
    case 'appointment-list':
      return lazyRouteComponent(() => import('../features/calendar/appointment-list-page'), 'AppointmentListPage');
    case 'questionnaire-list':
      return lazyRouteComponent(() => import('../features/items/questionnaire/questionnaire-list-page'), 'QuestionnaireListPage');
    case 'questionnaire-detail':
      return lazyRouteComponent(
        () => import('../features/items/questionnaire/questionnaire-detail-page'),
        'QuestionnaireDetailPage',
      );
    case 'questionnaire-fill':
      return lazyRouteComponent(() => import('../features/items/questionnaire/fill-page'), 'QuestionnaireFillPage');
    case 'service-agreement-list':
      return lazyRouteComponent(() => import('../features/items/list/service-agreement-list-page'), 'ServiceAgreementListPage');
    case 'service-agreement-redirect':
      return lazyRouteComponent(
        () => import('../features/items/list/service-agreement-list-page'),
        'ServiceAgreementRedirectPage',
      );
    case 'item-list':
      return lazyRouteComponent(() => import('../features/items/list/item-list-page'), 'ItemListPage');
    case 'item-detail':
      return lazyRouteComponent(() => import('../features/items/detail/item-detail-page'), 'ItemDetailPage');
    case 'invitation':
      return lazyRouteComponent(() => import('../features/invitations/invitation-page'), 'InvitationPage');
    case 'invitation-link':
      return lazyRouteComponent(() => import('../features/account/invitation-link-page'), 'InvitationLinkPage');
    case 'tags':
      return lazyRouteComponent(() => import('../features/tags/tag-page'), 'TagPage');
    case 'help-admin':
      return lazyRouteComponent(() => import('../features/administration/help/help-admin-page'), 'HelpAdminPage');
    case 'administration':
      return lazyRouteComponent(() => import('../features/administration/companies/administration-page'), 'AdministrationPage');
    case 'companies-admin':
      return lazyRouteComponent(() => import('../features/administration/companies/companies-page'), 'CompaniesPage');
    case 'company-edit':
      return lazyRouteComponent(() => import('../features/administration/companies/company-edit-page'), 'CompanyEditPage');
    case 'initiation':
      return lazyRouteComponent(() => import('../features/initiation/initiation-page'), 'InitiationPage');
    case 'diagram':
      return lazyRouteComponent(() => import('../features/diagram/diagram-page'), 'DiagramPage');
    case 'company-view':
      return lazyRouteComponent(() => import('../features/administration/companies/company-view-page'), 'CompanyViewPage');
    // Status pages are tiny and also serve as the not-found page, so they ship with the app.
    case 'forbidden':
      return ForbiddenPage;
    case 'unauthorized':
      return UnauthorizedPage;
  }
}

/** The item type of a register's list or detail page. */
function itemPageType(def: RouteDef) {
  if (def.page !== 'item-list' && def.page !== 'item-detail') return undefined;
  return itemTypes.find((t) => t.key === def.section)?.key;
}

/** The code that asks for a page's data (prefetchPageData). */
function loadPrefetchers(def: RouteDef) {
  return Promise.all([
    import('../lib/query-client'),
    import('./shell/prefetch-shell'),
    itemPageType(def) ? import('../features/items/prefetch') : null,
  ]);
}

/**
 * Starts loading the code of the page at `pathname` (and the shell around it, and what asks for
 * their data) while the splash restores the session: otherwise the browser asks for it only once
 * the session is known, one round trip after another (page speed). Only with a
 * session to restore: a login screen does not need them.
 */
export function preloadPage(pathname: string): void {
  const def = findRouteDef(pathname);
  if (!def || def.public) return;
  if (!def.fullPage) {
    void loadShell();
    loadPrefetchers(def).catch(() => undefined);
  }
  void (pageComponent(def.page) as { preload?: () => Promise<void> }).preload?.();
}

/**
 * Asks for the data of the page at `pathname`, and of the shell around it, once the session is
 * known and before either renders: otherwise each request waits for the shell and the page to
 * render first, a fifth of a second and more on a slow machine (page speed). Only
 * what the page would ask for, and only when the guard lets it show. Resolves once the requests
 * are sent (the code was preloaded with the page's), so that rendering does not hold them up.
 */
export async function prefetchPageData(pathname: string): Promise<void> {
  const session = sessionStore.getState();
  const { me } = session;
  const def = findRouteDef(pathname);
  if (!me || !def || def.fullPage || decideAccess(session, def).type !== 'allow') return;
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const [{ sessionQueryClient }, shell, items] = await loadPrefetchers(def);
  const client = sessionQueryClient();
  shell.prefetchShellData(client, me, language, def.locksShell === true);
  const type = itemPageType(def);
  if (!items || !type) return;
  if (def.page === 'item-list') items.prefetchItemList(client, type, window.location.search);
  else items.prefetchItemDetail(client, me, type, pathname.split('/').filter(Boolean).at(-1)!);
}

export const insufficientClaimsKey = 'claim.insufficientClaimsError';

/** beforeLoad of every route: runs on direct loads and on every in-app navigation. */
function guard(def: RouteDef, href: string): void {
  const decision = decideAccess(sessionStore.getState(), def);
  switch (decision.type) {
    case 'login':
      throw redirect({ href: loginHref(href), replace: true });
    case 'redirect':
      throw redirect({ href: decision.to, replace: true });
    case 'forbidden':
      // In-app navigations are stopped earlier by the history blocker; this is a direct load.
      notify(i18n.t(insufficientClaimsKey), 'warning');
      throw redirect({ href: '/forbidden', replace: true });
  }
}

function buildRouteTree() {
  const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: '/home', replace: true });
    },
  });

  // Search results may address issues by their type key (`issue`); the register lives at /issues.
  const issueAlias = createRoute({
    getParentRoute: () => rootRoute,
    path: '/issue/$id',
    beforeLoad: ({ params }) => {
      throw redirect({ href: `/issues/${encodeURIComponent(params.id)}`, replace: true });
    },
  });

  const pages: AnyRoute[] = routeDefs.map((def) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: def.path,
      staticData: {
        section: def.section,
        headingKey: def.headingKey,
        public: def.public,
        fullPage: def.fullPage,
        detail: def.detail,
      },
      beforeLoad: ({ location, search }) => {
        if (def.page === 'login') {
          // A logged-in user has nothing to do on the login page.
          const { status } = sessionStore.getState();
          const target = (search as Record<string, unknown>).redirect;
          if (status === 'authenticated') throw redirect({ href: postLoginTarget(target), replace: true });
          return;
        }
        guard(def, location.href);
      },
      component: pageComponent(def.page),
    }),
  );

  return rootRoute.addChildren([indexRoute, issueAlias, ...pages]);
}

export function createAppRouter() {
  const router = createRouter({
    routeTree: buildRouteTree(),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });

  // A route whose claims are not held blocks the navigation — the user stays where
  // they are and gets claim.insufficientClaimsError. Runs before the URL changes.
  router.history.block({
    enableBeforeUnload: false,
    blockerFn: ({ nextLocation, action }) => {
      if (action !== 'PUSH' && action !== 'REPLACE') return false;
      const def = findRouteDef(nextLocation.pathname);
      if (!def) return false;
      if (decideAccess(sessionStore.getState(), def).type !== 'forbidden') return false;
      notify(i18n.t(insufficientClaimsKey), 'warning');
      return true;
    },
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
