// The storefront's tree, the same in the browser (bootstrap.tsx, under a BrowserRouter) and on the server
// (server-render.tsx, under a StaticRouter): a server-rendered page hydrates only if both render the same.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { LoadCacheProvider, type LoadCache } from 'shared/load';
import { GlobalStyles, settleServerHead } from 'shared/ui';
import { shellRoutes } from './routes';
import { replayBeforeHydration } from './before-hydration';

/**
 * The storefront's routes. A declarative router: the apps use none of the data router's features (loaders, actions,
 * fetchers), and without them the router costs a quarter as much on every page (README, 'Performance').
 */
function Shell() {
  return useRoutes(shellRoutes);
}

/**
 * The server's answers and <head> tags are the first page's: the first navigation closes the cache and drops the
 * server's head tags React did not take over (shared/ui settleServerHead). Mounted on a server-rendered page only.
 */
function CloseOnNavigation({ cache }: { cache: LoadCache }) {
  const { pathname, search } = useLocation();
  const first = useRef<string | null>(`${pathname}${search}`);
  useEffect(() => {
    if (first.current === null || `${pathname}${search}` === first.current) return;
    first.current = null;
    cache.close();
    settleServerHead();
  }, [cache, pathname, search]);
  // Once hydrated: what the visitor typed, clicked and submitted before (shell/src/before-hydration.ts).
  useEffect(replayBeforeHydration, []);
  return null;
}

/**
 * @param router     the router around the routes (BrowserRouter, or StaticRouter on the server)
 * @param loadCache  the page's data (server-rendered pages: shared/load's LoadCache), or null
 */
export function App({ router, loadCache = null }: { router: (children: ReactNode) => ReactNode; loadCache?: LoadCache | null }) {
  return (
    <>
      <GlobalStyles />
      <LoadCacheProvider cache={loadCache}>
        {router(
          <>
            <Shell />
            {loadCache ? <CloseOnNavigation cache={loadCache} /> : null}
          </>,
        )}
      </LoadCacheProvider>
    </>
  );
}
