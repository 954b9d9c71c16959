// The routes of each remote, loaded once (when one of its routes is first needed, or ahead of time when a link to
// it is hovered) and loaded again after a failure (Retry). How they are loaded is the loader's business:
// Module Federation at run time (federation.ts), or built in (single.ts, the one-bundle baseline).
import { matchPath, type RouteObject } from 'react-router-dom';
import type { RemoteName, RouteHandle } from 'shared/runtime-config';

export interface RemoteLoader {
  load(name: RemoteName): Promise<RouteObject[]>;
  /** Forget what is known about a failed remote so the next load starts afresh. */
  reset?(name: RemoteName): void;
}

/** A promise tagged as React's `use` expects, so a settled load is read synchronously, without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const cache = new Map<RemoteName, Tracked<RouteObject[]>>();
const settled = new Set<RemoteName>();
let loader: RemoteLoader = {
  load: () => Promise.reject(new Error('The storefront has not started yet.')),
};

export function setRemoteLoader(next: RemoteLoader): void {
  loader = next;
  cache.clear();
  settled.clear();
}

export function loadRoutes(name: RemoteName): Promise<RouteObject[]> {
  let pending = cache.get(name);
  if (!pending) {
    const tracked: Tracked<RouteObject[]> = loader.load(name).then(
      (routes) => {
        settled.add(name);
        tracked.status = 'fulfilled';
        tracked.value = routes;
        return routes;
      },
      (error: unknown) => {
        cache.delete(name);
        throw error;
      },
    );
    cache.set(name, tracked);
    pending = tracked;
  }
  return pending;
}

export function resetRemote(name: RemoteName): void {
  cache.delete(name);
  settled.delete(name);
  loader.reset?.(name);
}

export function preload(name: RemoteName | null): void {
  if (name && !settled.has(name)) loadRoutes(name).catch(() => {});
}

/** Starts the data of the page at `pathname` if its route says how (RouteHandle); the page itself fetches otherwise. */
export function prefetchPage(routes: RouteObject[], pathname: string): void {
  const route = routes.find((r) => r.path !== undefined && matchPath(r.path, pathname));
  try {
    (route?.handle as RouteHandle | undefined)?.prefetch?.();
  } catch (error) {
    console.error('Prefetching the page data failed:', error);
  }
}
