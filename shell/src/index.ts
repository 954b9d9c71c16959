// Async boundary: shared modules are negotiated before any of them is used (TOOLCHAIN-NOTES). Meanwhile the runtime
// config is already on its way (index.html asks for it), and as soon as it names the current page's remote, that
// remote's manifest, entry and routes are fetched too, in parallel with the shell's own files: its load later finds
// them there. A failure here is left to that load, which shows it with Retry.
import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ownerOf } from './route-table';

declare global {
  interface Window {
    /** config.json, requested by index.html before any script (the bootstrap reads it from here). */
    __storefrontConfig?: Promise<Response>;
  }
}

const configRequest = (window.__storefrontConfig ??= fetch('/config.json', { cache: 'no-store' }));
configRequest
  .then((response) => response.clone().json() as Promise<{ remotes?: Record<string, unknown> }>)
  .then((config) => {
    const name = ownerOf(window.location.pathname);
    const entry = name ? config.remotes?.[name] : undefined;
    if (!name || typeof entry !== 'string') return;
    registerRemotes([{ name, entry }]);
    return preloadRemote([{ nameOrAlias: name, exposes: ['./routes'] }]);
  })
  .catch(() => {});
void import(/* webpackChunkName: "start" */ './main');
