import { findRouteDef } from '../../lib/routing/route-table';

export interface Crumb {
  /** Concrete path to link to. */
  href: string;
  /** i18n key of the label. */
  labelKey: string;
}

/**
 * Home › Section › … for a pathname: every path prefix that is itself a route becomes a crumb;
 * detail pages are labelled "Details"; an unknown address ends in "page not found".
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const home: Crumb = { href: '/home', labelKey: 'section.home' };
  const segments = pathname.split('/').filter(Boolean);
  const trail: Crumb[] = [home];
  let parentIsCrumb = false;
  for (let i = 1; i <= segments.length; i++) {
    const href = `/${segments.slice(0, i).join('/')}`;
    const def = href === '/home' ? undefined : findRouteDef(href);
    if (!def || def.fullPage) {
      parentIsCrumb = false;
      continue;
    }
    // A detail page without a list above it (company/$id) is named after its section.
    const labelKey = def.detail && parentIsCrumb ? 'breadcrumb.detail' : `section.${def.section}`;
    trail.push({ href, labelKey });
    parentIsCrumb = true;
  }
  if (segments.length > 0 && pathname !== '/home' && !findRouteDef(pathname)) {
    trail.push({ href: pathname, labelKey: 'status.notFound.title' });
  }
  return trail;
}
