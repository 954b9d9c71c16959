// webpack.common.cjs aliases `storefront-react-router` to react-router's own file, outside the share scope: the
// server render imports what the shared router list leaves out (StaticRouter, matchRoutes) from there.
declare module 'storefront-react-router' {
  // eslint-disable-next-line @typescript-eslint/no-restricted-imports -- types only: the server's own router file
  export * from 'react-router';
}
