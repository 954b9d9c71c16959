// The one HTTP client (spec sections 4, 6 and 8). Base URL from the runtime config, `Token` auth, credentials
// always sent (the visitor cart and login attempt are cookies), and the refresh flow on 401 'Invalid token.'.
import ky, { HTTPError, isHTTPError, type KyResponse } from 'ky';
import { getRuntimeConfig } from 'shared/runtime-config';
import { SESSION_KEY } from 'shared/schemas';
import { getAccess, readSession, sessionStore, type Session } from 'shared/session';

export { HTTPError, isHTTPError };

interface Effects {
  /** After a successful refresh: the spec reloads the page. */
  reload(): void;
  /** After a failed refresh: the spec clears local storage and goes to /auth. */
  toLogin(): void;
}

const browserEffects: Effects = {
  reload: () => window.location.reload(),
  toLogin: () => window.location.assign('/auth'),
};
let effects: Effects = browserEffects;

/** Tests replace the page-level effects (reload, navigation) that jsdom cannot perform. */
export function setApiEffects(next: Partial<Effects> | null): void {
  effects = next ? { ...browserEffects, ...next } : browserEffects;
}

const REFRESH_PATH = '/core/refresh';
let refreshing: Promise<void> | null = null;

async function isInvalidToken(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  try {
    const body = (await response.clone().json()) as { detail?: unknown };
    return body.detail === 'Invalid token.';
  } catch {
    return false;
  }
}

const REFRESH_LOCK = 'storefront-session-refresh';

/** Runs `task` holding the browser's lock on the refresh, shared by every tab of the storefront (Web Locks). */
function holdingRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, () => task()).then(() => undefined) : task();
}

/** Resolves when another tab changes the stored session, or after `ms`. */
function storedSessionChange(ms: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', onStorage);
      clearTimeout(timer);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', onStorage);
  });
}

/**
 * The refresh of spec section 4, for the session whose access value `failed` was refused. One at a time, in this tab
 * (concurrent 401s wait for the same call) and across tabs (a lock): a tab whose value another tab has already
 * replaced takes the stored session and reloads. Presenting a replaced value again would look like a stolen copy to
 * the API, which then ends the session for everyone.
 */
function refreshSession(failed: string): Promise<void> {
  const replacedElsewhere = () => {
    const stored = readSession();
    if (!stored || stored.access === failed) return false;
    sessionStore.setState({ session: stored });
    effects.reload();
    return true;
  };
  refreshing ??= holdingRefreshLock(async () => {
    if (replacedElsewhere()) return;
    try {
      const next = await ky
        .post(`${getRuntimeConfig().apiBaseUrl}${REFRESH_PATH}`, {
          json: { refresh: failed },
          credentials: 'include',
          retry: 0,
        })
        .json<Session>();
      if (typeof next?.access !== 'string') throw new Error('bad refresh answer');
      sessionStore.getState().setSession(next);
      effects.reload();
    } catch {
      // Refused, perhaps because another tab refreshed first: its new value reaches this tab's storage a moment later.
      if (replacedElsewhere()) return;
      await storedSessionChange(1000);
      if (replacedElsewhere()) return;
      localStorage.clear();
      sessionStore.setState({ session: null });
      effects.toLogin();
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The fetch of the storefront's server for its page renders (shell/src/ssr/shared-answers.ts: with the token that
 * keeps them out of the API's per-IP limit); null: the platform's. Never set in a browser.
 */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(next: typeof fetch | null): void {
  serverFetch = next;
}

/** A promise that never settles: the page is about to reload or leave, so callers must not react. */
const pageLeaving = <T>() => new Promise<T>(() => {});

export const api = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 20000,
  hooks: {
    init: [
      (options) => {
        options.prefix = getRuntimeConfig().apiBaseUrl;
        if (serverFetch) options.fetch = serverFetch;
      },
    ],
    beforeRequest: [
      ({ request }) => {
        const access = getAccess();
        if (access) request.headers.set('Authorization', `Token ${access}`);
      },
    ],
    afterResponse: [
      async ({ request, response }): Promise<KyResponse | void> => {
        if (new URL(request.url).pathname.endsWith(REFRESH_PATH)) return;
        const access = getAccess();
        if (access && (await isInvalidToken(response))) {
          // The value this request carried (the stored one may have changed while it was on its way).
          const sent = /^Token (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
          await refreshSession(sent ?? access);
          return pageLeaving();
        }
      },
    ],
  },
});

/** The parsed error body of a failed call (DRF shapes), or null when there was no usable answer. */
export function errorData(error: unknown): Record<string, unknown> | null {
  if (isHTTPError(error)) {
    const data = (error as HTTPError & { data?: unknown }).data;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  }
  return null;
}

/** Seconds to wait from a 429 answer's Retry-After header, or null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isHTTPError(error) || error.response.status !== 429) return null;
  const value = Number(error.response.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** Text for a failed call (spec 8: server's `error`, `message` or `detail`), else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  const wait = retryAfterSeconds(error);
  if (wait !== null) return `Too many attempts. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`;
  const data = errorData(error);
  for (const key of ['error', 'message', 'detail'] as const) {
    const value = data?.[key];
    if (typeof value === 'string' && value) return value;
  }
  return fallback;
}

/** The server's message for one field of a DRF 400 (`{field: [msg]}`), or its `detail`, else null. */
export function fieldError(error: unknown, field: string): string | null {
  const value = errorData(error)?.[field];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value.join(' ');
  return null;
}

/** DRF field errors flattened to 'field: message' entries, with non_field_errors first and unprefixed. */
export function fieldErrorList(data: Record<string, unknown> | null): string[] {
  if (!data) return [];
  const list: string[] = [];
  const text = (value: unknown) => (Array.isArray(value) ? value.map(String).join(' ') : String(value));
  if (data.non_field_errors !== undefined) list.push(text(data.non_field_errors));
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'non_field_errors') list.push(`${key}: ${text(value)}`);
  }
  return list;
}
