// What the storefront shares of react-router, as one Module Federation singleton (shared keys 'react-router' and
// 'react-router-dom', see webpack.common.cjs). A shared module cannot be tree-shaken (the build cannot know what
// other apps will use of it), so sharing the package itself ships all of it (~61 KB gzip); sharing this list ships
// only what the apps use (~15 KB: the declarative router, no data router). ESLint (eslint.config.mjs) reads this
// list and refuses any other import from the router. `storefront-react-router` is a build alias of react-router's
// own file, so that this module is not itself consumed from the share scope.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'storefront-react-router';
