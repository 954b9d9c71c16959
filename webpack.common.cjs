// One webpack configuration for the shell and the five remotes (and the one-bundle baseline build).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const webpack = require('webpack');

const root = __dirname;
const sharedVersion = require('./shared/package.json').version;

/** The default ports of CONTRACT.md; each overridable by `<NAME>_PORT`. */
const APPS = {
  shell: { port: 3000, env: 'STOREFRONT_PORT' },
  'mf-auth': { port: 3001, env: 'MF_AUTH_PORT', remote: 'mf_auth' },
  'mf-domains': { port: 3002, env: 'MF_DOMAINS_PORT', remote: 'mf_domains' },
  'mf-cart': { port: 3003, env: 'MF_CART_PORT', remote: 'mf_cart' },
  'mf-dashboard': { port: 3004, env: 'MF_DASHBOARD_PORT', remote: 'mf_dashboard' },
  'mf-content': { port: 3005, env: 'MF_CONTENT_PORT', remote: 'mf_content' },
  'mf-staff': { port: 3006, env: 'MF_STAFF_PORT', remote: 'mf_staff' },
};
const portOf = (app, env = process.env) => Number(env[APPS[app].env] || APPS[app].port);

// The shell hands its Module Federation runtime to the remotes (`provideExternalRuntime`) through a plugin that
// require()s runtime-core: that would put the CommonJS build of the runtime into the shell beside the ES build it
// already has (+22 KB gzip). Pointing that request at the ES build keeps one copy (+1 KB), and each remote's entry
// drops its own runtime (-11 KB per remote on the page).
const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
const runtimeCoreEsm = require
  .resolve('@module-federation/runtime-tools/runtime-core', { paths: [enhancedDir] })
  .replace(/\.cjs$/, '.js');

/**
 * One copy of each, the shell's. No range checked in the browser (`requiredVersion: false`): not strict, the check could
 * only warn in a visitor's console, and Module Federation's range parsing (`satisfy`) took about 40 ms of a 90 ms
 * task in a cold load of `/` (a CPU profile on this machine). The ranges stay in each manifest (from package.json),
 * and the storefront server checks every remote's against the shell's as it reads them (scripts/shared-versions.mjs).
 */
const singleton = () => ({ singleton: true, requiredVersion: false, strictVersion: false });
/**
 * Every module shared as a singleton. Explicit keys (no 'react/' prefixes) so the shell provides each of them.
 * A library used only inside one shared module (ky in shared/api-client, zustand/middleware in shared/toast) is not
 * shared itself: it travels inside that module, tree-shaken. valibot is bundled, tree-shaken, by each app.
 */
function sharedModules() {
  const mods = {};
  for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@emotion/react', '@emotion/styled', 'zustand']) {
    mods[name] = singleton();
  }
  // The router is shared as the list of what the apps use of it (shared/federation/react-router.mjs); v7's
  // 'react-router-dom' is a second name for it.
  for (const name of ['react-router', 'react-router-dom']) {
    mods[name] = { ...singleton(), version: routerVersion, import: path.join(root, 'shared', 'federation', `${name}.mjs`) };
  }
  for (const sub of Object.keys(require('./shared/package.json').exports)) {
    // A remote's stand-alone mount only (its own bootstrap): bundled into that entry, never shared or loaded by the
    // shell. It reaches the shared modules by their names, so it uses the one copy of each.
    if (sub === './standalone') continue;
    const key = `shared/${sub.slice(2)}`;
    mods[key] = { ...singleton(), version: sharedVersion, import: key };
  }
  return mods;
}

const shellChunkGroups = {
  libraries: {
    test: /[\\/]node_modules[\\/](?!\.pnpm[\\/]@module-federation)|[\\/]shared[\\/]federation[\\/]/,
    name: 'libraries',
    chunks: 'async',
    enforce: true,
  },
  shared: { test: /[\\/]shared[\\/]src[\\/]/, name: 'shared', chunks: 'async', enforce: true },
};

/**
 * The built shell's index.html, finished in three ways:
 * - config.json is preloaded, so it is requested with the first scripts (the early script's fetch takes it over);
 * - shell/src/early.ts is written into it as an inline script, so that (federated) the current page's remote is
 *   requested as soon as config.json names it rather than once main.js has run;
 * - (federated) the shell's first files after main.js (its start chunk and the two shared-module chunks), which
 *   main.js asks for only once it has run, are preloaded so they arrive beside it. At low priority, as main.js
 *   itself (a deferred script): nothing is painted before they have all run, so they block rendering no more than it.
 */
class FinishShellHtml {
  /** @param {{federated: boolean}} opts  the one-bundle shell has no remotes for its early script to fetch */
  constructor({ federated }) {
    this.federated = federated;
  }

  apply(compiler) {
    let early = '';
    // Built by a compiler of its own: the Module Federation plugin would put its runtime into any entry of the shell's.
    compiler.hooks.make.tapPromise('FinishShellHtml', async () => {
      const earlyCompiler = webpack({
        mode: 'production',
        context: compiler.context,
        entry: './src/early.ts',
        devtool: false,
        output: { path: compiler.options.output.path, filename: 'early.js' },
        resolve: { extensions: ['.ts', '.js'] },
        module: { rules: [swcRule] },
        plugins: [new webpack.DefinePlugin({ __FEDERATED__: JSON.stringify(this.federated) })],
      });
      earlyCompiler.hooks.shouldEmit.tap('FinishShellHtml', () => false);
      const stats = await new Promise((resolve, reject) => earlyCompiler.run((error, result) => (error ? reject(error) : resolve(result))));
      if (stats.hasErrors()) throw new Error(`early.ts: ${stats.toString('errors-only')}`);
      early = stats.compilation.getAsset('early.js').source.source().toString();
    });
    compiler.hooks.compilation.tap('FinishShellHtml', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FinishShellHtml', (data) => {
        const preloads = ['start', ...Object.keys(shellChunkGroups)]
          .flatMap((name) => [...(compilation.namedChunks.get(name)?.files ?? [])])
          .filter((file) => file.endsWith('.js'))
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'FinishShellHtml' },
            attributes: { rel: 'preload', as: 'script', fetchpriority: 'low', href: `/${file}` },
          }));
        // config.json first; the early script last, so that running it does not delay the discovery of the files.
        data.headTags.unshift({ tagName: 'link', voidTag: true, meta: { plugin: 'FinishShellHtml' }, attributes: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' } });
        data.headTags.push(...preloads, { tagName: 'script', voidTag: false, meta: { plugin: 'FinishShellHtml' }, attributes: {}, innerHTML: early });
        return data;
      });
    });
  }
}

const swcRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
    },
  },
};

const routerPkg = path.dirname(require.resolve('react-router/package.json', { paths: [path.join(root, 'shared')] }));
const routerVersion = require(path.join(routerPkg, 'package.json')).version;

/**
 * react-router's package exports point webpack at its development build (TOOLCHAIN-NOTES): production builds use the
 * production files. `storefront-react-router` names the same file for the shared router list, outside the share scope.
 */
function routerAliases(dev) {
  const file = (name) => path.join(routerPkg, 'dist', dev ? 'development' : 'production', name);
  return {
    'storefront-react-router$': file('index.mjs'),
    ...(dev ? {} : { 'react-router$': file('index.mjs'), 'react-router/dom$': file('dom-export.mjs') }),
  };
}

/**
 * @param {string} app     folder name: 'shell' or 'mf-…'
 * @param {object} argv    webpack-cli argv ({mode})
 * @param {object} [opts]  {single: true} builds the one-bundle baseline (shell only, no federation);
 *                         {dir, outDir} build sources from another folder into another folder;
 *                         {remote} names the built remote otherwise (with dir: a new remote)
 */
function createConfig(app, argv = {}, opts = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const dev = mode === 'development';
  // opts.dir / opts.outDir build a copy of an app's sources elsewhere (the e2e independent-deploy check).
  const dir = opts.dir || path.join(root, app);
  // opts.remote builds a remote under another Module Federation name (a remote the shell has never heard of).
  const meta = opts.remote ? { ...APPS[app], remote: opts.remote } : APPS[app];
  const single = Boolean(opts.single);
  const earlyScript = app === 'shell' && !dev;
  const apiBaseUrl = process.env.API_BASE_URL || `http://localhost:${process.env.API_PORT || 8000}`;

  const plugins = [
    new webpack.DefinePlugin({
      __DEV_API_BASE_URL__: JSON.stringify(apiBaseUrl),
    }),
    new HtmlWebpackPlugin({
      template: path.join(root, 'shell', 'index.html'),
      title: meta.remote ? `${app} (stand-alone)` : 'Storefront',
      scriptLoading: 'defer',
      // A PNG, not an SVG: Chromium decodes a page's icon in the page's own process, and an SVG icon is a document of
      // its own there (an isolated page: 10-47 ms of the main thread in traces of /blog, inside Lighthouse's TBT).
      favicon: path.join(root, 'shell', 'favicon.png'),
    }),
  ];
  if (earlyScript) plugins.push(new FinishShellHtml({ federated: !single }));
  // V8's explicit compile hint (Chrome 136+): every function of the file is compiled while the file streams in, off
  // the main thread, instead of lazily on the main thread the first time it is called. Nearly every function of these
  // files runs on a page's first load (webpack's module wrappers, React, the router), so the lazy compiles otherwise
  // sit inside the long tasks of the start (Lighthouse's TBT). After minification, so the comment stays first.
  if (!dev) {
    plugins.push(
      new webpack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        test: /\.js$/,
        stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
    );
  }
  if (!single) {
    plugins.push(
      new ModuleFederationPlugin({
        name: meta.remote || 'shell',
        filename: dev ? 'remoteEntry.js' : 'remoteEntry.[contenthash:8].js',
        exposes: meta.remote ? { './routes': './src/routes.tsx' } : undefined,
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: {
          // Leave out of the runtime what an app never does: only browsers run it, and a remote loads no remotes
          // of its own (the snapshot code reads other remotes' manifests).
          optimization: meta.remote ? { target: 'web', disableSnapshot: true, disableRemote: true } : { target: 'web' },
          // One runtime per page: the shell's (see runtimeCoreEsm). A remote's development server also serves its
          // stand-alone mount (src/bootstrap.tsx), where no shell provides one: there the remote brings its own.
          ...(meta.remote ? (dev ? {} : { externalRuntime: true }) : { provideExternalRuntime: true }),
        },
      }),
    );
  }

  return {
    name: app,
    mode,
    context: dir,
    entry: single
      ? { main: path.join(root, 'shell', 'src', 'single.ts') }
      : { main: './src/index.ts' },
    // Production maps are written for the team's tools (profiles read them from disk) and not named in the bundles:
    // the storefront's servers do not serve them (scripts/static-server.mjs).
    devtool: dev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: opts.outDir || (single ? path.join(root, 'shell', 'dist-single') : path.join(dir, 'dist')),
      publicPath: single || app === 'shell' ? '/' : 'auto',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      // Hashed in development too: a remote's shared chunks are built once for its entry and once for its stand-alone
      // mount, with different contents under one id.
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: single ? 'storefront' : (meta.remote || 'shell'),
      // dist/server/ is the server bundle's (createServerConfig), built beside this one.
      clean: { keep: (asset) => /^server[\\/]/.test(asset) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        ...routerAliases(dev),
        '@module-federation/runtime-tools/runtime-core$': runtimeCoreEsm,
      },
    },
    module: {
      rules: [swcRule, { test: /\.(png|jpe?g|webp|svg|woff2?)$/i, type: 'asset/resource' }],
    },
    plugins,
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The shell provides every shared module, each as its own chunk by default: some twenty small files on every
      // first load. Every page needs nearly all of them, so they travel as two files (libraries, and `shared`).
      splitChunks: app === 'shell' && !single ? { cacheGroups: shellChunkGroups } : undefined,
    },
    stats: 'errors-warnings',
    devServer: {
      port: portOf(app),
      hot: false,
      // disableDotRule: client routes may contain dots (/dashboard/domains/acme.com). A remote's stand-alone mount
      // answers its own routes too (a missing file, with a dot, is still a 404).
      historyApiFallback: app === 'shell' ? { disableDotRule: true } : true,
      headers: meta.remote ? { 'Access-Control-Allow-Origin': '*' } : {},
      setupMiddlewares(middlewares) {
        if (app === 'shell') {
          middlewares.unshift({
            name: 'config-json',
            path: '/config.json',
            middleware: (_req, res) => {
              res.setHeader('Cache-Control', 'no-cache');
              res.setHeader('Content-Type', 'application/json');
              res.end(JSON.stringify(runtimeConfig()));
            },
          });
        }
        return middlewares;
      },
    },
  };
}

/** Empties <app>/dist/server/ before a server build writes it (the client build's `clean` keeps that folder). */
class CleanServerDir {
  apply(compiler) {
    compiler.hooks.emit.tap('CleanServerDir', () => {
      require('node:fs').rmSync(path.join(compiler.options.output.path, 'server'), { recursive: true, force: true });
    });
  }
}

/**
 * The server bundle of an app (issue 21): the same sources built for Node (`target: 'async-node'`) into
 * `<app>/dist/server/`, with a manifest and remote entry of their own, served from the app's own origin beside the
 * client files (`/server/mf-manifest.json`). The storefront's server (scripts/ssr-server.mjs) runs the shell's
 * server bundle, which loads each remote's server `./routes` over HTTP through Module Federation's Node runtime
 * (`@module-federation/node`'s runtime plugin), just as the browser loads the client ones.
 */
function createServerConfig(app, argv = {}, opts = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const dev = mode === 'development';
  const dir = opts.dir || path.join(root, app);
  const meta = opts.remote ? { ...APPS[app], remote: opts.remote } : APPS[app];
  const apiBaseUrl = process.env.API_BASE_URL || `http://localhost:${process.env.API_PORT || 8000}`;
  const nodeRuntime = require.resolve('@module-federation/node/runtimePlugin');
  const out = opts.outDir || path.join(dir, 'dist');
  return {
    name: `${app}-server`,
    mode,
    context: dir,
    target: 'async-node',
    entry: meta.remote ? {} : { main: './src/server.ts' },
    devtool: false,
    // Written into the app's dist/ under server/, so that the public path is the client's own: a server-rendered
    // page names the remote's images by the very URLs its client copy computes. A remote's public path is set when
    // it is loaded (server-public-path.mjs); the shell's is '/', as in the browser.
    output: {
      path: out,
      publicPath: '/',
      // The storefront server requires the shell's entry by a fixed name (server/main.js); everything else is hashed.
      filename: (data) => (data.chunk?.name === 'main' ? 'server/[name].js' : 'server/[name].[contenthash:8].js'),
      chunkFilename: 'server/[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: `${meta.remote || 'shell'}_server`,
      library: meta.remote ? undefined : { type: 'commonjs2' },
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: routerAliases(dev),
    },
    module: {
      // The images are the client build's files (same names): not written again.
      rules: [swcRule, { test: /\.(png|jpe?g|webp|svg|woff2?)$/i, type: 'asset/resource', generator: { emit: false } }],
    },
    plugins: [
      new webpack.DefinePlugin({ __DEV_API_BASE_URL__: JSON.stringify(apiBaseUrl) }),
      new ModuleFederationPlugin({
        name: meta.remote || 'shell',
        filename: 'server/remoteEntry.[contenthash:8].js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: meta.remote ? { './routes': './src/routes.tsx' } : undefined,
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [nodeRuntime, path.join(root, 'shared', 'federation', 'server-public-path.mjs')],
        manifest: { filePath: 'server' },
        dts: false,
        experiments: { optimization: { target: 'node' } },
      }),
      new CleanServerDir(),
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimize: false },
    stats: 'errors-warnings',
  };
}

/**
 * The `/config.json` served to the shell (CONTRACT.md 'Runtime composition', README 'Route ownership'): the remotes'
 * manifests from the environment, their routes from config.routes.json, and whatever config.local.json (or the file
 * `STOREFRONT_CONFIG_LOCAL` names) adds or overrides: a remote deployed on its own, with its URL and its routes.
 * Both files are read on every request, so an added remote is live at the next page load, the shell untouched.
 */
function runtimeConfig(env = process.env) {
  const host = env.STOREFRONT_HOST || 'localhost';
  const remotes = {};
  for (const [app, meta] of Object.entries(APPS)) {
    if (!meta.remote) continue;
    const override = env[`${meta.remote.toUpperCase()}_URL`];
    remotes[meta.remote] = override || `http://${host}:${portOf(app, env)}/mf-manifest.json`;
  }
  const routes = readJson(path.join(root, 'config.routes.json'));
  const local = readJson(env.STOREFRONT_CONFIG_LOCAL || path.join(root, 'config.local.json'), {});
  Object.assign(remotes, local.remotes);
  Object.assign(routes, local.routes);
  // `origin`: the storefront's public address, for canonical and preview URLs (shared/ui PageMeta); the server render
  // and the browser then write the same ones.
  const origin = (env.STOREFRONT_URL || `http://${host}:${portOf('shell', env)}`).replace(/\/+$/, '');
  return { apiBaseUrl: env.API_BASE_URL || `http://${host}:${env.API_PORT || 8000}`, origin, remotes, routes };
}

function readJson(file, fallback) {
  let text;
  try {
    text = require('node:fs').readFileSync(file, 'utf8');
  } catch (error) {
    if (fallback !== undefined && error.code === 'ENOENT') return fallback;
    throw error;
  }
  return JSON.parse(text);
}

module.exports = { createConfig, createServerConfig, runtimeConfig, APPS, portOf };
