import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadRuntimeConfig, type RuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles } from 'shared/ui';
import { ConfigError } from './config-error';
import { watchLinksForPreload } from './preload';
import { loadRoutes, preload, setRemoteLoader, type RemoteLoader } from './remotes';
import { ownerOf } from './route-table';
import { shellRoutes } from './routes';

/**
 * Starts the storefront: reads config.json, then fetches the current route's remote before the first render (so
 * no loading fallback flashes on arrival), then renders.
 */
export async function start(makeLoader: (config: RuntimeConfig) => RemoteLoader): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    root.render(
      <StrictMode>
        <GlobalStyles />
        <ConfigError message={error instanceof Error ? error.message : String(error)} />
      </StrictMode>,
    );
    return;
  }
  setRemoteLoader(makeLoader(config));
  const first = ownerOf(window.location.pathname);
  if (first) await loadRoutes(first).catch(() => {});
  const router = createBrowserRouter(shellRoutes);
  root.render(
    <StrictMode>
      <GlobalStyles />
      <RouterProvider router={router} />
    </StrictMode>,
  );
  watchLinksForPreload((path) => preload(ownerOf(path)));
}
