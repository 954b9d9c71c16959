// Stand-alone mount, for working on mf_dashboard alone (`pnpm --filter mf-dashboard dev`). The shell never runs this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles, Toast } from 'shared/ui';
import { routes } from './routes';

setRuntimeConfig({ apiBaseUrl: __DEV_API_BASE_URL__, remotes: {} });
const router = createBrowserRouter([
  {
    element: (
      <>
        <Outlet />
        <Toast />
      </>
    ),
    children: routes,
  },
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GlobalStyles />
    <RouterProvider router={router} />
  </StrictMode>,
);
