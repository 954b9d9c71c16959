// The storefront's runtime configuration (`/config.json`, CONTRACT.md). The shell loads it once and sets it here;
// remotes read it through this module, which is a Module Federation singleton.
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

/**
 * What a remote's route may carry in its `handle`. `prefetch` starts the page's data: the shell calls it for the page
 * the visitor opens, as soon as the remote has arrived and before the first render, so that the data is not asked
 * for only once the page has rendered.
 */
export interface RouteHandle {
  prefetch?: () => void;
}

export const REMOTE_NAMES = ['mf_auth', 'mf_domains', 'mf_cart', 'mf_dashboard', 'mf_content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet.');
  return current;
}

/** Checks the shape of a parsed config.json and names the first problem found. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('config.json is not a JSON object.');
  const { apiBaseUrl, remotes } = value as Record<string, unknown>;
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
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''), remotes: out };
}

/** Fetches (never from cache) and checks `/config.json`; `request` is that fetch when the caller started it early. */
export async function loadRuntimeConfig(
  url = '/config.json',
  request: Promise<Response> = fetch(url, { cache: 'no-store' }),
): Promise<RuntimeConfig> {
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
