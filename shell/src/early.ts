// Inlined into index.html (webpack.common.cjs, FinishShellHtml): it runs while the page is parsed, before any of
// the shell's files has arrived. It asks for config.json and, in the federated build, as soon as that names the
// current page's remote, for the remote's manifest, then preloads the remote's entry and the files of its routes.
// So the remote travels beside the shell's own files instead of after them; the runtime is handed this manifest
// response (federation.ts) and does not ask for it again. Any failure here is left to the runtime's own load, which
// shows it with Retry.
import { formatMoney } from 'shared/format';
import { ownerOf, setRouteTable } from './route-table';
import type { RemoteRoutes } from 'shared/runtime-config';

/** The part of an mf-manifest.json read here. */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

interface EarlyManifest {
  url: string;
  response: Response;
}

/** False in the one-bundle build (FinishShellHtml, webpack.common.cjs): it has no remotes to fetch. */
declare const __FEDERATED__: boolean;

declare global {
  interface Window {
    /** config.json, requested before any script (the bootstrap reads it from here). */
    __storefrontConfig?: Promise<Response>;
    /** The current page's remote manifest, requested as soon as config.json named it. */
    __storefrontManifest?: Promise<EarlyManifest | undefined>;
  }
}

/** At low priority, as the shell's own scripts: a deferred script's priority (FinishShellHtml, webpack.common.cjs). */
function preloadScript(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.fetchPriority = 'low';
  link.href = href;
  document.head.appendChild(link);
}

/** The remote entry and the routes' first files, resolved as the runtime resolves them ('auto': beside the manifest). */
function filesOf(manifest: Manifest, manifestUrl: string): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const files = entry?.name ? [entry.path ? `${entry.path}/${entry.name}` : entry.name] : [];
  files.push(...(manifest.exposes?.find((e) => e.path === './routes')?.assets?.js?.sync ?? []));
  return files.map((file) => new URL(file, base).href);
}

const config = fetch('/config.json', { cache: 'no-store' });
// The first money format of the page costs 30-90 ms (the browser loads its number-formatting data): paid now, while
// the page waits for its scripts, rather than in the middle of its first render. Not on a server-rendered page (marked
// on <html>: its hydration prints the server's formats, shared/format; the page is on screen, so this would only be a
// long task).
if (!document.documentElement.hasAttribute('data-ssr')) formatMoney(0);
window.__storefrontConfig = config;
if (__FEDERATED__) {
  window.__storefrontManifest = config
    .then(
      (response) =>
        response.clone().json() as Promise<{ remotes?: Record<string, unknown>; routes?: Record<string, RemoteRoutes> }>,
    )
    .then(async ({ remotes, routes }) => {
      // config.json names the current page's owner; without "routes" (an older config.json) the bootstrap decides.
      if (!routes || typeof routes !== 'object') return undefined;
      setRouteTable(routes);
      const remote = ownerOf(window.location.pathname);
      const url = remote ? remotes?.[remote] : undefined;
      if (typeof url !== 'string') return undefined;
      const response = await fetch(url);
      if (!response.ok) return undefined;
      const manifest = (await response.clone().json()) as Manifest;
      for (const href of filesOf(manifest, url)) preloadScript(href);
      return { url, response };
    })
    .catch(() => undefined);
}
