// The one HTTP client (spec sections 4, 6 and 8). Base URL from the runtime config, `Token` auth, credentials
// always sent (the visitor cart and login attempt are cookies), and the refresh flow on 401 'Invalid token.'.
import ky, { HTTPError, isHTTPError, type KyResponse } from 'ky';
import { getRuntimeConfig } from 'shared/runtime-config';
import { getAccess, sessionStore, type Session } from 'shared/session';

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

/** One refresh at a time: concurrent 401s wait for the same call. */
function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const access = getAccess();
    try {
      if (!access) throw new Error('no session');
      const next = await ky
        .post(`${getRuntimeConfig().apiBaseUrl}${REFRESH_PATH}`, {
          json: { refresh: access },
          credentials: 'include',
          retry: 0,
        })
        .json<Session>();
      if (typeof next?.access !== 'string') throw new Error('bad refresh answer');
      sessionStore.getState().setSession(next);
      effects.reload();
    } catch {
      localStorage.clear();
      sessionStore.setState({ session: null });
      effects.toLogin();
    }
  })().finally(() => {
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
        if (getAccess() && (await isInvalidToken(response))) {
          await refreshSession();
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
