import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadRuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles } from 'shared/ui';
import { ConfigError } from './config-error';
import { preload, registerAll, loadRoutes } from './remotes';
import { ownerOf } from './route-table';
import { shellRoutes } from './routes';
import { watchLinksForPreload } from './preload';
import { sharedModulesForRemotes } from './provide-shared';

const rootElement = document.getElementById('root')!;
const root = createRoot(rootElement);

/** Starts the storefront: the current route's routes are fetched before the first render, so no fallback flashes. */
export async function start(register: (config: Awaited<ReturnType<typeof loadRuntimeConfig>>) => void): Promise<void> {
  let config;
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
  register(config);
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

if (!__SINGLE_BUNDLE__) void start(registerAll);
// Referenced so the build keeps the provider entries; never called.
export const provides = sharedModulesForRemotes;
