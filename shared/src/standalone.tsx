// A remote mounted on its own, for working on it alone (`pnpm --filter <remote> dev`): its routes under a browser
// router, with the global styles and the toast. Each remote's bootstrap.tsx calls this; the shell never does. Not a
// federated module (webpack.common.cjs): the shared modules are imported by name, so this uses the one copy of each.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles, Toast } from 'shared/ui';

function StandAlone({ routes }: { routes: RouteObject[] }) {
  return (
    <>
      {useRoutes(routes)}
      <Toast />
    </>
  );
}

export function mountStandAlone(routes: RouteObject[]) {
  setRuntimeConfig({ apiBaseUrl: __DEV_API_BASE_URL__, remotes: {} });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <GlobalStyles />
      <BrowserRouter>
        <StandAlone routes={routes} />
      </BrowserRouter>
    </StrictMode>,
  );
}
