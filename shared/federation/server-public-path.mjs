// A Module Federation runtime plugin of the server bundles (webpack.common.cjs, createServerConfig). A remote's
// server files live in `server/` beside its client files, on the remote's own origin, which only config.json knows:
// when the storefront's server loads the remote, this sets the remote's public path to that origin's root (the
// directory above its server entry). So its chunks are fetched from `<origin>/server/…` and the URLs of its images
// in a server-rendered page are the very URLs the browser's copy of the remote computes (hydration compares them).
/* global __webpack_require__ */
function entryOf(name) {
  const instances = globalThis.__FEDERATION__?.__INSTANCES__ ?? [];
  for (const instance of instances) {
    const cached = instance.moduleCache?.get(name)?.remoteInfo?.entry;
    if (cached) return cached;
    const listed = instance.options?.remotes?.find((remote) => remote.name === name)?.entry;
    if (listed) return listed;
  }
  return null;
}

export default function serverPublicPath() {
  return {
    name: 'storefront-server-public-path',
    beforeInit(args) {
      const name = args.options?.name;
      const entry = name ? entryOf(name) : null;
      if (entry && /^https?:/.test(entry)) __webpack_require__.p = new URL('../', entry).href;
      return args;
    },
  };
}
