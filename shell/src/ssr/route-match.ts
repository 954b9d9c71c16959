// Which requests the storefront's server renders (issue 21): decided from config.json's `routes`, so route ownership
// stays where it is (README, 'Route ownership'). A remote lists the prefixes of its public pages under `ssr`; every
// other path it owns (the cart, auth, protected pages) and anything else keeps the client-rendered index.html.
import type { RemoteName } from 'shared/runtime-config';
import { under } from '../route-table';

/** config.json's routes as the server reads them: `ssr` is optional and the browser ignores it. */
export type ServerRoutes = Record<string, { prefixes: string[]; protected?: string[]; ssr?: string[] }>;

export type Target =
  /** Rendered on the server: the page of `owner`. */
  | { kind: 'remote'; owner: RemoteName }
  /** Nobody owns the path: the shell's 404 page, rendered on the server with status 404. */
  | { kind: 'not-found' }
  /** Served as today: index.html, rendered in the browser. */
  | { kind: 'client' };

/**
 * The path of `url` (path and query) as the router reads it: not resolved, so '/%2e%2e/' stays what React Router
 * matches (nothing: the 404 page), where `new URL()` would make it '/' and the 404 page would go out with status 200.
 * A browser resolves such a path itself before asking; a raw client need not.
 */
export const pathOf = (url: string): string => url.replace(/[?#].*$/s, '') || '/';

/** A path the browser asks for as a file (a dot in the last segment, e.g. /favicon.ico, /x.js) is never a page. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]{1,5}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));

export function targetOf(pathname: string, routes: ServerRoutes): Target {
  const path = pathname === '' ? '/' : pathname;
  const owners = Object.entries(routes)
    .flatMap(([remote, entry]) => (entry.prefixes ?? []).map((prefix) => [prefix, remote] as const))
    .sort((a, b) => b[0].length - a[0].length);
  const owner = owners.find(([prefix]) => under(path, prefix))?.[1];
  if (!owner) return looksLikeFile(path) ? { kind: 'client' } : { kind: 'not-found' };
  const entry = routes[owner]!;
  if ((entry.protected ?? []).some((p) => under(path, p))) return { kind: 'client' };
  if (!(entry.ssr ?? []).some((p) => under(path, p))) return { kind: 'client' };
  return { kind: 'remote', owner };
}
