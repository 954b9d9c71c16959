// The storefront's runtime configuration (`/config.json`, CONTRACT.md). The shell loads it once and sets it here;
// remotes read it through this module, which is a Module Federation singleton.
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Remote name → its mf-manifest.json URL. */
  remotes: Record<string, string>;
  /**
   * Remote name → the path prefixes it owns and the ones that need a session (README, 'Route ownership'). Always
   * there once config.json is parsed; a remote running stand-alone or under test has no use for it.
   */
  routes?: Record<string, RemoteRoutes>;
  /**
   * The storefront's public origin (`https://www.example.com`), for canonical and preview URLs (shared/ui PageMeta).
   * Optional: without it the browser's own origin is used; a server render sets it.
   */
  origin?: string;
}

/** config.json as parsed: routes always filled. */
export type LoadedRuntimeConfig = RuntimeConfig & Required<Pick<RuntimeConfig, 'apiBaseUrl' | 'remotes' | 'routes'>>;

/**
 * The paths one remote owns. A prefix owns itself and everything under it ('/blog' owns '/blog' and '/blog/x', not
 * '/blogs'); '/' owns only the home page; a prefix ending in '*' owns every path starting with the rest ('/auth*'
 * owns '/authorize' too). `protected` prefixes (same rules) need a session: the shell sends visitors to log in.
 */
export interface RemoteRoutes {
  prefixes: string[];
  protected: string[];
}

/**
 * What a remote's route may carry in its `handle`. `prefetch` starts the page's data: the shell calls it for the page
 * the visitor opens, as soon as the remote has arrived and before the first render, so that the data is not asked
 * for only once the page has rendered.
 */
export interface RouteHandle {
  prefetch?: () => void;
}

/** The remotes every storefront has; config.json may name more (each with its routes). */
export const REMOTE_NAMES = ['mf_auth', 'mf_domains', 'mf_cart', 'mf_dashboard', 'mf_content'] as const;
/** A remote's Module Federation name, as config.json names it. */
export type RemoteName = string;

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet.');
  return current;
}

/** Checks the shape of a parsed config.json and names the first problem found. */
export function parseRuntimeConfig(value: unknown): LoadedRuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('config.json is not a JSON object.');
  const { apiBaseUrl, remotes, routes, origin } = value as Record<string, unknown>;
  if (origin !== undefined && (typeof origin !== 'string' || !/^https?:\/\/[^/]+\/?$/.test(origin))) {
    throw new Error('config.json: "origin" must be an http(s) origin, like https://www.example.com.');
  }
  if (typeof apiBaseUrl !== 'string' || !/^https?:\/\//.test(apiBaseUrl)) {
    throw new Error('config.json: "apiBaseUrl" must be an http(s) URL.');
  }
  if (typeof remotes !== 'object' || remotes === null) throw new Error('config.json: "remotes" is missing.');
  const out: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const url = (remotes as Record<string, unknown>)[name];
    if (typeof url !== 'string' || url === '') throw new Error(`config.json: "remotes.${name}" is missing.`);
    out[name] = url;
  }
  for (const [name, url] of Object.entries(remotes as Record<string, unknown>)) {
    if (name in out) continue;
    if (typeof url !== 'string' || url === '') throw new Error(`config.json: "remotes.${name}" must be a URL.`);
    out[name] = url;
  }
  return {
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    remotes: out,
    routes: parseRoutes(routes, out),
    ...(origin ? { origin: origin.replace(/\/+$/, '') } : {}),
  };
}

/** Fetches (never from cache) and checks `/config.json`; `request` is that fetch when the caller started it early. */
export async function loadRuntimeConfig(
  url = '/config.json',
  request: Promise<Response> = fetch(url, { cache: 'no-store' }),
): Promise<LoadedRuntimeConfig> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new Error(`Could not fetch ${url}: the storefront server did not answer.`);
  }
  if (!response.ok) throw new Error(`Could not fetch ${url}: the server answered ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON.`);
  }
  const config = parseRuntimeConfig(body);
  setRuntimeConfig(config);
  return config;
}

/**
 * The routes of config.json written before route ownership moved there (round 1): the five remotes' prefixes as
 * they were. Used only when config.json has no "routes" at all, so such a deployment keeps working unchanged.
 */
const ROUND_ONE_ROUTES: Record<string, RemoteRoutes> = {
  mf_content: { prefixes: ['/', '/blog', '/blogpost', '/privacy-policy', '/terms-of-service', '/return-policy', '/about', '/contact-us', '/help'], protected: [] },
  mf_auth: { prefixes: ['/auth*', '/emailverified', '/resend-code'], protected: [] },
  mf_domains: { prefixes: ['/search', '/transfer-domain', '/buy-domain'], protected: [] },
  mf_cart: { prefixes: ['/cart', '/services-list', '/pricing'], protected: [] },
  mf_dashboard: { prefixes: ['/dashboard', '/account-settings'], protected: ['/dashboard', '/account-settings'] },
};

const isPrefixList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((p) => typeof p === 'string' && p.startsWith('/'));

function parseRoutes(value: unknown, remotes: Record<string, string>): Record<string, RemoteRoutes> {
  if (value === undefined) return ROUND_ONE_ROUTES;
  if (typeof value !== 'object' || value === null) throw new Error('config.json: "routes" must be an object.');
  const out: Record<string, RemoteRoutes> = {};
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!(name in remotes)) throw new Error(`config.json: "routes.${name}" names a remote that "remotes" does not list.`);
    const { prefixes, protected: guarded = [] } = (entry ?? {}) as Record<string, unknown>;
    if (!isPrefixList(prefixes)) throw new Error(`config.json: "routes.${name}.prefixes" must be a list of paths starting with '/'.`);
    if (!isPrefixList(guarded)) throw new Error(`config.json: "routes.${name}.protected" must be a list of paths starting with '/'.`);
    out[name] = { prefixes, protected: guarded };
  }
  return out;
}
