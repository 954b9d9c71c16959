// The answers of the pages the storefront's server renders (issue 21). Every render of a public page loads the same
// public content (the home page: eight loads); a page not in the page cache yet (a new path, a query the cache has not
// seen) loaded all of it again: an API request, ky's and fetch's objects, the JSON and the checks of each answer,
// about a quarter of a render. Here one answer, by load name (shared/load's `loadKey`), serves every render that asks
// for it within `ttlMs`, or until the API's content version changes (staff edited content), whichever comes first;
// renders asking at the same moment share one fetch. A failed fetch is not kept: the next render fetches again.
//
// Only public content is loaded on the server: renders never carry a visitor's cookies or token, so what one render
// got any visitor would get. A kept answer is frozen: a component that changed it would change other pages (it fails
// loudly instead, and that page is sent client-rendered).
import type { SharedAnswers } from 'shared/load';

/** How long one fetch may take for the renders waiting for it (a render that gives up does not stop it). */
const FETCH_TIMEOUT_MS = 10_000;

export interface ServerAnswers extends SharedAnswers {
  /** The API's content version for the next renders: a new one drops every kept answer. */
  setVersion(version: string): void;
}

function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  }
  return value;
}

export function sharedAnswers({ ttlMs = 2000, now = Date.now }: { ttlMs?: number; now?: () => number } = {}): ServerAnswers {
  const kept = new Map<string, { at: number; pending: Promise<unknown>; answer?: { data: unknown } }>();
  let version = '';
  return {
    read<T>(name: string, start: (signal: AbortSignal) => Promise<T>): { data: T } | Promise<T> {
      const entry = kept.get(name);
      if (entry && now() - entry.at < ttlMs) return (entry.answer ?? entry.pending) as { data: T } | Promise<T>;
      const fresh: { at: number; pending: Promise<T>; answer?: { data: unknown } } = { at: now(), pending: start(AbortSignal.timeout(FETCH_TIMEOUT_MS)) };
      kept.set(name, fresh);
      fresh.pending.then(
        (data) => {
          if (kept.get(name) === fresh) fresh.answer = { data: freeze(data) };
        },
        () => kept.get(name) === fresh && kept.delete(name),
      );
      return fresh.pending;
    },
    setVersion(next) {
      if (next === version) return;
      version = next;
      kept.clear();
    },
  };
}

/** The server's fetch for the shared API client: the platform's, with `headers` (the storefront server's token). */
export function withHeaders(headers: Record<string, string>, base: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    return base(request);
  };
}
