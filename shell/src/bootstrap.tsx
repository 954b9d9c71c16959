import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { loadRuntimeConfig, type LoadedRuntimeConfig, type RuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles } from 'shared/ui';
import { ConfigError } from './config-error';
import { watchLinksForPreload } from './preload';
import { loadRoutes, prefetchPage, preload, setRemoteLoader, type RemoteLoader } from './remotes';
import { ownerOf, setRouteTable } from './route-table';
import { shellRoutes } from './routes';

/**
 * The storefront's routes. A declarative router: the apps use none of the data router's features (loaders, actions,
 * fetchers), and without them the router costs a quarter as much on every page (README, 'Performance').
 */
function Shell() {
  return useRoutes(shellRoutes);
}

/**
 * Starts the storefront: reads config.json (the request index.html started, if any), then fetches the current route's
 * remote before the first render (so no loading fallback flashes on arrival), then renders.
 */
export async function start(makeLoader: (config: RuntimeConfig) => RemoteLoader): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let config: LoadedRuntimeConfig;
  try {
    config = await loadRuntimeConfig('/config.json', window.__storefrontConfig);
  } catch (error) {
    root.render(
      <StrictMode>
        <GlobalStyles />
        <ConfigError message={error instanceof Error ? error.message : String(error)} />
      </StrictMode>,
    );
    return;
  }
  setRouteTable(config.routes);
  setRemoteLoader(makeLoader(config));
  const first = ownerOf(window.location.pathname);
  if (first) {
    const routes = await loadRoutes(first).catch(() => null);
    if (routes) prefetchPage(routes, window.location.pathname);
  }
  // As a transition, the first render is done in slices between which the browser can handle what arrives (the
  // page's data, its images) instead of in one long task. Nothing suspends on it: the routes are already here.
  startTransition(() => {
    root.render(
      <StrictMode>
        <GlobalStyles />
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </StrictMode>,
    );
  });
  watchLinksForPreload((path) => preload(ownerOf(path)));
}
