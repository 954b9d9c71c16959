// Server rendering of the storefront's public pages (issue 21): the shell's layout and the owner remote's route,
// the remote loaded through Module Federation's Node runtime from its own origin (its `/server/mf-manifest.json`).
// scripts/ssr-server.mjs decides what is rendered, caches it and falls back to the client-rendered page on failure.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
// The static router is used by the server only: it is not part of the router list the browser shares.
import { StaticRouter, matchRoutes } from 'storefront-react-router';
import { setServerFetch } from 'shared/api-client';
import { recordMoneyFormats } from 'shared/format';
import { LoadCache } from 'shared/load';
import { setRuntimeConfig, type RemoteName, type RuntimeConfig } from 'shared/runtime-config';
import { App } from './app';
import { ServerRedirect } from './redirect';
import { loadRoutes, resetRemote, setRemoteLoader } from './remotes';
import { setRouteTable } from './route-table';
import { sharedAnswers, withHeaders } from './ssr/shared-answers';
import { pathOf } from './ssr/route-match';
import { stylesInHead } from './ssr/serialise';

export { pathOf, targetOf, type ServerRoutes, type Target } from './ssr/route-match';
export { isOwnAddress, PageCache } from './ssr/page-cache';
export { composePage, safeJson } from './ssr/serialise';

/** A remote that fails on the server is answered at once (and the page falls back), never retried here. */
registerPlugins([
  {
    name: 'storefront-server-fail-fast',
    errorLoadRemote({ error, lifecycle, id }: { error: unknown; lifecycle: string; id: string }) {
      console.error(`[ssr] remote ${id} failed (${lifecycle}):`, error instanceof Error ? error.message : error);
      return { __esModule: true, default: undefined, routes: undefined };
    },
  },
]);

/** The amounts formatted by the page being rendered (renders run side by side: each has its own, by async context). */
const pageFormats = new AsyncLocalStorage<Record<string, string>>();
recordMoneyFormats((key, text) => {
  const formats = pageFormats.getStore();
  if (formats) formats[key] = text;
});

/** A remote's server entry as its server manifest names it (scripts/ssr-server.mjs reads the manifests). */
export interface ServerRemote {
  entry: string;
  type?: string;
}

let serverRemotes: Record<RemoteName, ServerRemote> = {};
const same = (a: ServerRemote | undefined, b: ServerRemote) => a?.entry === b.entry && a?.type === b.type;

setRemoteLoader({
  async load(name) {
    const mod = await loadRemote<{ routes?: RouteObject[] }>(`${name}/routes`);
    if (!mod || !Array.isArray(mod.routes)) throw new Error(`${name} did not provide its server routes.`);
    return mod.routes;
  },
  reset(name) {
    const remote = serverRemotes[name];
    if (remote) registerRemotes([{ name, ...remote }], { force: true });
  },
});

/**
 * Sets config.json (as the browser gets it) and the remotes' server entries. A remote whose entry is new (it was
 * redeployed: its entry's name carries the hash of its content, or it moved) is registered again, so its next load
 * is the new one.
 */
export function configure(config: RuntimeConfig & { routes: Record<string, { prefixes: string[]; protected: string[] }> }, remotes: Record<RemoteName, ServerRemote>): void {
  setRuntimeConfig(config);
  setRouteTable(config.routes);
  const fresh = Object.entries(remotes).filter(([name, remote]) => !same(serverRemotes[name], remote));
  const known = serverRemotes;
  serverRemotes = { ...serverRemotes, ...remotes };
  if (fresh.length) registerRemotes(fresh.map(([name, remote]) => ({ name, ...remote })), { force: true });
  // The routes already loaded from a remote's previous entry are dropped: the next page loads the new ones.
  for (const [name] of fresh) if (known[name]) resetRemote(name);
}

/** The answers of the renders' loads, shared between renders for a moment (ssr/shared-answers.ts). */
const answers = sharedAnswers();

/** The API reads of the renders carry `headers` (the storefront server's token). Called once, at start. */
export function serverReads(headers: Record<string, string>): void {
  setServerFetch(withHeaders(headers));
}

/** The API's content version, before each page: a new one (staff edited content) drops the answers kept so far. */
export function contentVersion(version: string): void {
  answers.setVersion(version);
}

/** Loads a remote's routes ahead of its first page (on start and after a redeploy), so that page fits the budget. */
export function warm(name: RemoteName): Promise<void> {
  return loadRoutes(name).then(
    () => {},
    () => {},
  );
}

export interface Rendered {
  status: number;
  markup: string;
  /** The data the page used, by load name, for the browser to read at hydration. */
  data: Record<string, unknown>;
  /** False when some of the page's data could not be fetched (that part is left to the browser): not to be cached. */
  complete: boolean;
  /** The amounts the page formatted, as shared/format's seedMoneyFormats takes them. */
  formats: Record<string, string>;
  /** The page's CSS as emotion's <style data-emotion> tags, for <head>. */
  styles: string;
  /** Set when the route only leads to another address (status 302): where to. */
  location?: string;
}

/**
 * Renders `url` (path and query) with the shell's layout; `owner` is the remote that owns the path (null: the 404
 * page). Rejects when the remote cannot be loaded, anything fails while rendering, or it takes over `timeoutMs`.
 */
export async function renderPage(url: string, owner: RemoteName | null, timeoutMs: number): Promise<Rendered> {
  const started = Date.now();
  const pathname = pathOf(url);
  let status = owner ? 200 : 404;
  // The page's data: fetched while rendering (each useLoad waits for its answer), then written into the page.
  const cache = new LoadCache(true, {}, answers);
  const redirect: { to: string | null } = { to: null };
  let stage = owner ? `loading ${owner}'s routes` : 'rendering';
  // Says what the page was still waiting for (its routes, which data), for the server's log.
  const overTime = () =>
    new Error(`rendering ${url} took over ${timeoutMs} ms (${cache.waiting.size ? `waiting for ${[...cache.waiting].join(', ')}` : stage})`);
  const deadline = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(overTime()), timeoutMs);
    timer.unref?.();
  });
  if (owner) {
    const routes = await Promise.race([loadRoutes(owner), deadline]);
    if (!matchRoutes(routes, pathname)) status = 404;
    stage = 'rendering';
  }
  const formats: Record<string, string> = {};
  // The page's CSS is collected for <head> (`compat`: emotion writes no <style> beside each component): a browser that
  // paints a half-parsed page never shows an element before its style, and each rule is sent once. The browser's
  // emotion takes these tags over at start (their names say which styles are in).
  const styleCache = createCache({ key: 'css' });
  styleCache.compat = true;
  const markup = await Promise.race([
    new Promise<string>((resolve, reject) => {
      let failure: unknown = null;
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
          done();
        },
        final(done) {
          if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
          else resolve(Buffer.concat(chunks).toString('utf8'));
          done();
        },
      });
      const app = (
        <CacheProvider value={styleCache}>
          <ServerRedirect value={redirect}>
            <App loadCache={cache} router={(children) => <StaticRouter location={url}>{children}</StaticRouter>} />
          </ServerRedirect>
        </CacheProvider>
      );
      // React's work for this page (after each piece of data arrives too) runs in the async context made here.
      const stream = pageFormats.run(formats, () => renderToPipeableStream(app, {
        // Every part inline, however large: a page read without scripts (a crawler, a link preview) shows it all.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Whole pages only: a page is cached, read by crawlers, and can still fall back until it is complete.
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError(error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          failure ??= error;
        },
      }));
      const left = Math.max(1, timeoutMs - (Date.now() - started));
      setTimeout(() => stream.abort(overTime()), left).unref?.();
    }),
    deadline,
  ]).finally(() => cache.abort());
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(styleCache);
  const styles = stylesInHead(constructStyleTagsFromChunks(extractCriticalToChunks(markup)));
  if (redirect.to) {
    // A route that leads elsewhere (shell/src/redirect.tsx): its address, percent-encoded, on this origin. A path that
    // starts with two slashes (or a slash and a backslash) would name another host in Location: it keeps one.
    const target = new URL(redirect.to, 'http://x');
    const pathname = target.pathname.replace(/^[/\\]+/, '/');
    return { status: 302, location: `${pathname}${target.search}${target.hash}`, markup: '', data: {}, complete: true, formats: {}, styles: '' };
  }
  // A page whose own data the API does not have (a blog post that does not exist) is a 404, not a 'soft 404' that
  // crawlers index and shared caches keep as a page.
  if (cache.missing > 0) status = 404;
  return { status, markup, data: cache.toJSON(), complete: cache.failed === 0, formats, styles };
}
