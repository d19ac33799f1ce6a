import { findRouteDef } from './route-table';

export const HOME = '/home';

/**
 * Where to go after login. Only same-origin paths of guarded routes; never /change-password
 * and never a public page such as /login itself.
 */
export function postLoginTarget(redirect: unknown): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//')) return HOME;
  const pathname = redirect.split(/[?#]/)[0] ?? '';
  const def = findRouteDef(pathname);
  if (!def || def.public || def.path === '/change-password' || def.path === '/scope') return HOME;
  return redirect;
}
