// The API reads of the pages the storefront's server renders (issue 21). Every render of a public page asks the API
// for the same public content (the home page: eight lists); a page not in the page cache yet (a new path, a query the
// cache has not seen) paid all of it again, about a fifth of a render. Here one answer serves every render that asks
// for the same address within `ttlMs`, or until the API's content version changes (staff edited content), whichever
// comes first; renders asking at the same moment share one request.
//
// Only what any visitor would get is shared: GET requests without credentials (a server render never has any),
// answered 200, without Set-Cookie and without `Cache-Control: no-store` or `private`. Everything else goes to the API
// as it is. Each read also carries `headers` (the storefront server's token: scripts/ssr-server.mjs).

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

export interface SharedReads {
  /** A fetch for the shared API client on the server (shared/api-client's setServerFetch). */
  fetch: typeof fetch;
  /** The API's content version for the next renders: a new one drops every kept answer. */
  setVersion(version: string): void;
}

export function sharedReads({
  headers = {},
  ttlMs = 2000,
  base = (input, init) => globalThis.fetch(input, init),
  now = Date.now,
}: {
  headers?: Record<string, string>;
  ttlMs?: number;
  base?: typeof fetch;
  now?: () => number;
} = {}): SharedReads {
  const kept = new Map<string, { at: number; answer: Promise<Answer | Response> }>();
  let version = '';

  const shareable = (response: Response) => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    return response.status === 200 && !response.headers.has('set-cookie') && !/\b(no-store|private)\b/i.test(cacheControl);
  };

  const readShared = async (request: Request): Promise<Answer | Response> => {
    // Not tied to the asking render's signal: other renders may be waiting for the same answer.
    const response = await base(request.url, { headers: request.headers, signal: AbortSignal.timeout(10_000) });
    if (!shareable(response)) return response;
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: await response.arrayBuffer(),
    };
  };

  const sharedFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    if (request.method !== 'GET' || request.headers.has('authorization') || request.headers.has('cookie')) return base(request);
    const key = request.url;
    let entry = kept.get(key);
    const starts = !entry || now() - entry.at >= ttlMs;
    if (starts) {
      const fresh = { at: now(), answer: readShared(request) };
      entry = fresh;
      kept.set(key, fresh);
      // A failed read, or an answer that may not be shared, is not kept: the next render asks again.
      fresh.answer.then(
        (value) => value instanceof Response && kept.get(key) === fresh && kept.delete(key),
        () => kept.get(key) === fresh && kept.delete(key),
      );
    }
    const shared = entry!.answer;
    const signal = request.signal;
    const answer = await new Promise<Answer | Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      shared.then(resolve, reject);
    });
    // An answer not to be shared: the render that asked for it gets it; one that waited for it asks on its own.
    if (answer instanceof Response) return starts ? answer : base(request);
    return new Response(answer.body.slice(0), { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };

  return {
    fetch: sharedFetch,
    setVersion(next) {
      if (next === version) return;
      version = next;
      kept.clear();
    },
  };
}
