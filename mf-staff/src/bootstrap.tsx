// Stand-alone mount, for working on mf_staff alone (`pnpm --filter mf-staff dev`). The shell never runs this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { GlobalStyles, Toast } from 'shared/ui';
import { routes } from './routes';

setRuntimeConfig({ apiBaseUrl: __DEV_API_BASE_URL__, remotes: {} });
function StandAlone() {
  return (
    <>
      {useRoutes(routes)}
      <Toast />
    </>
  );
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GlobalStyles />
    <BrowserRouter>
      <StandAlone />
    </BrowserRouter>
  </StrictMode>,
);
