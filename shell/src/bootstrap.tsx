import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig, type LoadedRuntimeConfig, type RuntimeConfig } from 'shared/runtime-config';
import { seedMoneyFormats } from 'shared/format';
import { LoadCache } from 'shared/load';
import { GlobalStyles } from 'shared/ui';
import { ConfigError } from './config-error';
import { watchLinksForPreload } from './preload';
import { loadRoutes, prefetchPage, preload, setRemoteLoader, type RemoteLoader } from './remotes';
import { ownerOf, setRouteTable } from './route-table';
import { App } from './app';
import { DATA_ELEMENT_ID, FORMATS_ELEMENT_ID } from './ssr/serialise';
import { noteTypedFields } from './before-hydration';
import { nextTask, serverRendered } from './server-rendered';

/**
 * What the server wrote into the page (shell/src/ssr/serialise.ts): the answers by load name (DATA_ELEMENT_ID), the
 * amounts it formatted (FORMATS_ELEMENT_ID).
 */
function serverData(id = DATA_ELEMENT_ID): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(document.getElementById(id)?.textContent || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Starts the storefront: reads config.json (the request index.html started, if any), then fetches the current route's
 * remote before the first render (so no loading fallback flashes on arrival), then renders.
 */
export async function start(makeLoader: (config: RuntimeConfig) => RemoteLoader): Promise<void> {
  const container = document.getElementById('root')!;
  // The storefront's server rendered this page: hydrate it rather than render it again.
  const hydrate = serverRendered();
  let config: LoadedRuntimeConfig;
  try {
    config = await loadRuntimeConfig('/config.json', window.__storefrontConfig);
  } catch (error) {
    createRoot(container).render(
      <StrictMode>
        <GlobalStyles />
        <ConfigError message={error instanceof Error ? error.message : String(error)} />
      </StrictMode>,
    );
    return;
  }
  // Config, the page's remote and hydration each in a task of their own on a server-rendered page.
  await nextTask();
  setRouteTable(config.routes);
  setRemoteLoader(makeLoader(config));
  const first = ownerOf(window.location.pathname);
  if (first) {
    const routes = await loadRoutes(first).catch(() => null);
    await nextTask();
    // A server-rendered page came with its data (read below): nothing to prefetch.
    if (routes && !hydrate) prefetchPage(routes, window.location.pathname);
  }
  const loadCache = hydrate ? new LoadCache(false, serverData()) : null;
  if (hydrate) seedMoneyFormats(serverData(FORMATS_ELEMENT_ID));
  // A navigation renders the new page in the same task as the click, not as a transition: a transition keeps the old
  // page on screen, and in use, after the address has changed, until the new one is rendered (on a slow phone, text
  // typed into the login page's Username just after 'Forgot password?' was lost when the reset form, with its own
  // empty Username, replaced it). A remote whose code is still on its way shows its loading state meanwhile.
  const app = (
    <StrictMode>
      <App loadCache={loadCache} router={(children) => <BrowserRouter useTransitions={false}>{children}</BrowserRouter>} />
    </StrictMode>
  );
  if (hydrate) {
    // As a transition too: hydration then yields to the browser every few milliseconds (a blocking hydration of a long
    // page is one long task, Lighthouse's TBT), while the server's markup stays on screen and keeps its links.
    noteTypedFields(container);
    startTransition(() => {
      hydrateRoot(container, app, {
        // React's default reports only its own (minified) message; what went wrong is the error's cause.
        onRecoverableError(error) {
          console.error('Hydration error (React switched part of the page to client rendering):', error, error instanceof Error ? error.cause : undefined);
        },
      });
    });
  } else {
    // As a transition, the first render is done in slices between which the browser can handle what arrives (the
    // page's data, its images) instead of in one long task. Nothing suspends on it: the routes are already here.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  watchLinksForPreload((path) => preload(ownerOf(path)));
}
