// Loading remotes at run time: manifests come from config.json; each remote's './routes' is fetched once, when one
// of its routes is first needed or a link to it is hovered, and can be fetched again after a failure (Retry).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteName, RuntimeConfig } from 'shared/runtime-config';

export type RoutesLoader = (name: RemoteName) => Promise<RouteObject[]>;

let manifests: Record<string, string> = {};
/** A promise tagged as React's `use` expects, so a settled load is read synchronously, without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const cache = new Map<RemoteName, Tracked<RouteObject[]>>();
const settled = new Set<RemoteName>();

/** How long a remote may take to arrive before its area offers Retry. */
const LOAD_TIMEOUT_MS = 15000;

/**
 * The runtime's own handling of a failed manifest or entry is to warn and retry; answer at once instead with an
 * empty module, which `fetchRoutes` turns into an error that the remote's area shows with a Retry button.
 */
const failFast = {
  name: 'storefront-fail-fast',
  errorLoadRemote({ error, lifecycle, id }: { error: unknown; lifecycle: string; id: string }) {
    console.error(`Remote ${id} failed (${lifecycle}):`, error);
    return { __esModule: true, default: undefined, routes: undefined, loadError: error };
  },
};

export function registerAll(config: RuntimeConfig): void {
  registerPlugins([failFast]);
  manifests = config.remotes;
  registerRemotes(Object.entries(manifests).map(([name, entry]) => ({ name, entry })));
}

async function fetchRoutes(name: RemoteName): Promise<RouteObject[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} took too long to load.`)), LOAD_TIMEOUT_MS);
  });
  const mod = await Promise.race([loadRemote<{ routes?: RouteObject[] }>(`${name}/routes`), timeout]).finally(() =>
    clearTimeout(timer),
  );
  if (!mod || !Array.isArray(mod.routes)) throw new Error(`${name} did not provide its routes.`);
  return mod.routes;
}

let loader: RoutesLoader = fetchRoutes;

/** The one-bundle build swaps in a loader that has every remote's routes built in. */
export function setRoutesLoader(next: RoutesLoader): void {
  loader = next;
  cache.clear();
  settled.clear();
}

export function loadRoutes(name: RemoteName): Promise<RouteObject[]> {
  let pending = cache.get(name);
  if (!pending) {
    const tracked: Tracked<RouteObject[]> = loader(name).then(
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

/** Forget a failed remote and register it again so the next load fetches its manifest afresh. */
export function resetRemote(name: RemoteName): void {
  cache.delete(name);
  settled.delete(name);
  const entry = manifests[name];
  if (loader === fetchRoutes && entry) registerRemotes([{ name, entry }], { force: true });
}

export function preload(name: RemoteName | null): void {
  if (name && !settled.has(name)) loadRoutes(name).catch(() => {});
}
