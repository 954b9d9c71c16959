// Which remote owns which paths, and which paths need a session: read from config.json's "routes" at run time
// (README, 'Route ownership'), so a remote with new prefixes is added without rebuilding the shell.
import type { RemoteName, RemoteRoutes } from 'shared/runtime-config';

let owners: [prefix: string, remote: RemoteName][] = [];
let guarded: string[] = [];

/** A prefix owns itself and what is under it; '/x*' owns every path starting with '/x'. */
export function under(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('*')) return pathname.startsWith(prefix.slice(0, -1));
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Sets the table from config.json's routes. The longest matching prefix wins, whoever lists it. */
export function setRouteTable(routes: Record<string, RemoteRoutes>): void {
  owners = Object.entries(routes)
    .flatMap(([remote, entry]) => entry.prefixes.map((prefix): [string, RemoteName] => [prefix, remote]))
    .sort((a, b) => b[0].length - a[0].length);
  guarded = Object.values(routes).flatMap((entry) => entry.protected);
}

/** The remote that renders `pathname`, or null for a path nobody owns (the 404 page). */
export function ownerOf(pathname: string): RemoteName | null {
  const path = pathname === '' ? '/' : pathname;
  for (const [prefix, remote] of owners) if (under(path, prefix)) return remote;
  return null;
}

export const isProtected = (pathname: string): boolean => guarded.some((p) => under(pathname, p));
