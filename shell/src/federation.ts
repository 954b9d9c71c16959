// Loading remotes with Module Federation: manifests come from config.json.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteName, RuntimeConfig } from 'shared/runtime-config';
import type { RemoteLoader } from './remotes';

/** How long a remote may take to arrive before its area offers Retry. */
const LOAD_TIMEOUT_MS = 15000;

/**
 * The runtime's own handling of a failed manifest or entry is to warn and retry; answer at once instead with an
 * empty module, which `load` turns into an error that the remote's area shows with a Retry button.
 */
const failFast = {
  name: 'storefront-fail-fast',
  errorLoadRemote({ error, lifecycle, id }: { error: unknown; lifecycle: string; id: string }) {
    console.error(`Remote ${id} failed (${lifecycle}):`, error);
    return { __esModule: true, default: undefined, routes: undefined, loadError: error };
  },
};

/**
 * The first page's manifest was already requested by index.html's early script (early.ts): the runtime gets that
 * response instead of asking again. Once only: a later load of the same remote (Retry) asks the server afresh.
 */
const earlyManifest = {
  name: 'storefront-early-manifest',
  fetch(url: string): Promise<Response> | undefined {
    const early = window.__storefrontManifest;
    if (!early) return undefined;
    // Resolving to undefined (another URL, or the early request failed) makes the runtime fetch it itself.
    return early.then((manifest) => {
      if (manifest?.url !== url) return undefined;
      window.__storefrontManifest = undefined;
      return manifest.response.clone();
    }) as Promise<Response>;
  },
};

export function federationLoader(config: RuntimeConfig): RemoteLoader {
  registerPlugins([failFast, earlyManifest]);
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
  return {
    async load(name: RemoteName): Promise<RouteObject[]> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${name} took too long to load.`)), LOAD_TIMEOUT_MS);
      });
      const mod = await Promise.race([loadRemote<{ routes?: RouteObject[] }>(`${name}/routes`), timeout]).finally(
        () => clearTimeout(timer),
      );
      if (!mod || !Array.isArray(mod.routes)) throw new Error(`${name} did not provide its routes.`);
      return mod.routes;
    },
    reset(name: RemoteName) {
      const entry = config.remotes[name];
      // Registering again with force drops the cached manifest, so Retry fetches it afresh.
      if (entry) registerRemotes([{ name, entry }], { force: true });
    },
  };
}
