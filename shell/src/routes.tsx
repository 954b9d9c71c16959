import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { useLoggedIn } from 'shared/session';
import { NotFound, Toast } from 'shared/ui';
import { Footer } from './footer';
import { Header, HEADER_MIN_HEIGHT } from './header';
import { useHydrated } from './hydrated';
import { Redirect } from './redirect';
import { RemoteArea } from './remote-area';
import { isProtected, ownerOf } from './route-table';

/**
 * Scroll to the top on every route change except the contact page; honour '#anchor' links. Not on the page the visit
 * starts on: the browser has placed it, at the top or, after a reload or Back, where the visitor was (a scroll to the
 * top at the start undid that on a server-rendered page).
 */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const from = shown.current;
    shown.current = pathname + hash;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      let tries = 0;
      const find = () => {
        const target = document.getElementById(id);
        if (target) target.scrollIntoView();
        else if (tries++ < 40) timer = window.setTimeout(find, 50);
      };
      let timer = window.setTimeout(find, 0);
      return () => window.clearTimeout(timer);
    }
    // (The same location again: React's development mode running the effect twice.)
    if (from !== null && from !== shown.current && !pathname.startsWith('/contact')) window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash]);
  return null;
}

function Layout() {
  // The toast is the visitor's (stored in the browser) and is drawn into document.body: after hydration only.
  const hydrated = useHydrated();
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header />
      {/* At least the first screen below the header: the footer is never in it, so a page whose content settles to
          another height (a skeleton giving way to an empty cart) moves nothing in view (Lighthouse's CLS). */}
      <div id="content" tabIndex={-1} style={{ minHeight: `calc(100svh - ${HEADER_MIN_HEIGHT}px)`, outline: 'none' }}>
        <Outlet />
      </div>
      <Footer />
      {hydrated ? <Toast /> : null}
      <ScrollManager />
    </>
  );
}

/**
 * Guard and dispatch: protected paths need a session; every other path goes to the remote that owns it.
 * A visitor who arrives without a session goes to /auth?redirect={path}; a session that ends while here (Logout, an
 * expired session, a sign-out in another tab) goes to /auth alone (spec section 2): the next person to log in in this
 * browser is not sent to the last one's page. Logout's own navigation to /auth is a transition, so its sign-out is
 * rendered on the page it leaves first.
 */
function RemoteSwitch() {
  const { pathname, search } = useLocation();
  const loggedIn = useLoggedIn();
  const hadSession = useRef(loggedIn);
  useEffect(() => {
    hadSession.current = loggedIn;
  }, [loggedIn]);
  const owner = ownerOf(pathname);
  if (!owner) return <NotFound />;
  if (isProtected(pathname) && !loggedIn) {
    if (hadSession.current) return <Navigate to="/auth" replace />;
    return <Navigate to={`/auth?redirect=${encodeURI(pathname)}${search ? encodeURIComponent(search) : ''}`} replace />;
  }
  return <RemoteArea key={owner} name={owner} />;
}

function ResetPasswordRedirect() {
  // The rest of the path as segments of the reset page's own path: '.', '..' and empty segments go (a link made of
  // them, '/reset-password/..%2f..%2f%2fevil.example', led off the site), the others are percent-encoded again.
  const rest = (useParams()['*'] ?? '')
    .split(/[/\\]/)
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map(encodeURIComponent)
    .join('/');
  return <Redirect to={`/auth/reset-password/${rest}`} />;
}

export const shellRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: 'login', element: <Redirect to="/auth" /> },
      { path: 'reset-password/*', element: <ResetPasswordRedirect /> },
      { path: '*', element: <RemoteSwitch /> },
    ],
  },
];
