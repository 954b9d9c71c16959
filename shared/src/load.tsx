// Loading data into a page (issue 16 item 5): the one hook and the loading/failed/ready frame that mf-cart, mf-content,
// mf-dashboard and mf-staff are built from. It merges the three hooks those remotes used to carry, keeping what each
// page did:
// - every load has a stable string id (`'content/blog-posts'`), unique per data source; with the load's `key` it
//   names one answer (`loadKey`). Server rendering builds on that name (a request-scoped cache filled on the server,
//   read at hydration), and `prefetch()` uses it today;
// - answers are shown in a transition (mf-content's choice: rendering several answers is done in slices, so the page
//   keeps responding);
// - a stale answer (after unmount or a new key) is dropped and its request aborted through the fetcher's signal
//   (mf-content's; mf-cart and mf-dashboard dropped it only);
// - `reload()` keeps loaded data on screen until the new answer arrives (mf-dashboard's and mf-staff's: a list that
//   reloads after a change does not flash a skeleton); a retry after a failure shows the loading state again;
// - a new `key` is another thing to show, so the loading state comes back (mf-content's and mf-cart's: a blog post must
//   not show the previous post's text under the new address), unless the page asks for `keepOnNewKey` (mf-staff's
//   search and filter pages, where the old list stays until the new one arrives);
// - a failure is logged to the console (mf-cart's, mf-dashboard's, mf-staff's; not an API 404, an answer the page
//   shows) and kept as `error`.
import { createContext, startTransition, use, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, EmptyState, LoadingOverlay, Notice, Skeleton } from './ui';

export type Load<T> =
  | { state: 'loading'; data?: undefined; error?: undefined; reload(): void }
  | { state: 'failed'; data?: undefined; error: unknown; reload(): void }
  | { state: 'ready'; data: T; error?: undefined; reload(): void };

/** What loads the data; it should stop when `signal` aborts (the answer is dropped either way). */
export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

export interface LoadOptions {
  /**
   * Names the data source, stable across builds and unique across the storefront: `<area>/<what>`, e.g.
   * `'content/slides'`, `'dashboard/invoices'`. Two loads with one id must fetch the same thing (a test checks the
   * call sites).
   */
  id: string;
  /** What the fetcher depends on (a path parameter, a search); a new key loads again. */
  key?: string;
  /** Keep the previous key's data on screen while a new key loads (search and filter pages). */
  keepOnNewKey?: boolean;
}

/** The name of one answer: its source's id and its key. */
export function loadKey(id: string, key: string = ''): string {
  return key ? `${id}?${key}` : id;
}

/** Requests started before their page was rendered, by `loadKey`, each waiting for its page's `useLoad`. */
const prefetched = new Map<string, Promise<unknown>>();

/**
 * Starts a page's data ahead of its first render (from its route's `handle.prefetch`, which the shell calls for the
 * page it opens on): the page's `useLoad` with the same id and key takes this request over instead of starting its
 * own, once. A second prefetch of one id and key while the first waits does not ask again.
 */
export function prefetch<T>(fetcher: Fetcher<T>, { id, key }: Pick<LoadOptions, 'id' | 'key'>): void {
  const name = loadKey(id, key);
  if (prefetched.has(name)) return;
  const request = fetcher(new AbortController().signal);
  request.catch(() => {}); // reported by the page that takes it over
  prefetched.set(name, request);
}

/** An HTTP error's status (ky's HTTPError carries the response), without importing the client here. */
const statusOf = (error: unknown): number | undefined => (error as { response?: { status?: unknown } } | null)?.response?.status as number | undefined;

type Result<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T };

/** The failure of a load the API answered 404 on the server: what a 404 from the API reads as (`statusOf`). */
const GONE_ERROR = Object.freeze({ name: 'HTTPError', message: 'Not Found', response: Object.freeze({ status: 404 }) });
/** The entry of a page's answers listing the loads the API answered 404 (`LoadCache.toJSON`). */
const GONE_KEY = '#not-found';
type Answer<T> = { data: T } | { gone: true };

/**
 * Server: answers kept between the renders of the storefront's server (shell/src/ssr/shared-answers.ts). Every load
 * of a server-rendered page is of public content (a render has no visitor's credentials), so one answer may serve
 * every render that asks for the same name for a moment.
 */
export interface SharedAnswers {
  /**
   * `name`'s answer: kept from a render moments ago (`{ data }`), or the promise of the fetch another render started,
   * or of the one `start` starts now (with the store's own signal: one render ending must not stop the others' read).
   */
  read<T>(name: string, start: (signal: AbortSignal) => Promise<T>): { data: T } | Promise<T>;
}

/** A promise React's `use` reads at once (its `status` and `value`, as React marks promises it has seen settle). */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/**
 * The answers of one server-rendered page (issue 21), by `loadKey`. On the server (`server: true`) a page's first
 * `useLoad` of a name fetches it (once per page, however many components ask; from `shared` when it is given) and the
 * render waits for the answer; the answers are written into the page. In the browser the cache holds those answers:
 * a `useLoad` reads its answer in its first render, so the hydrated page is the server's and nothing is asked for
 * again. Until the first navigation only: later pages load as usual. A failed fetch on the server is no answer: that
 * part is rendered loading and the browser fetches it itself; but one the API answered 404 (a post that does not
 * exist) is: that part is rendered failed, as the browser would show it, and the browser does not ask again.
 */
export class LoadCache {
  private readonly answers = new Map<string, unknown>();
  /** The loads the API answered 404 on the server. */
  private readonly gone = new Set<string>();
  private readonly pending = new Map<string, Promise<Answer<unknown> | undefined>>();
  private readonly controller = new AbortController();
  private open = true;
  /** Server: how many fetches failed, 404s apart (a page missing some of its data is not worth caching). */
  failed = 0;
  /** Server: how many of those the API answered 404 (the page's address names nothing: the page is a 404 too). */
  missing = 0;
  /** Server: the names whose answer has not arrived yet (what a render over its time budget was waiting for). */
  readonly waiting = new Set<string>();

  constructor(
    readonly server: boolean,
    answers: Record<string, unknown> = {},
    private readonly shared: SharedAnswers | null = null,
  ) {
    for (const [name, data] of Object.entries(answers)) {
      if (name === GONE_KEY && Array.isArray(data)) data.forEach((gone) => this.gone.add(String(gone)));
      else this.answers.set(name, data);
    }
  }

  /** Server: the answer of `name`, fetched by the first caller; never rejects (undefined: it failed; gone: a 404). */
  fetch<T>(name: string, fetcher: Fetcher<T>): Promise<Answer<T> | undefined> {
    let request = this.pending.get(name);
    if (!request) {
      const source = this.shared ? this.shared.read(name, fetcher) : fetcher(this.controller.signal);
      if (source instanceof Promise) {
        this.waiting.add(name);
        request = source.then(
          (data) => {
            this.waiting.delete(name);
            this.answers.set(name, data);
            return { data };
          },
          (error: unknown) => {
            this.waiting.delete(name);
            // A 404 is an answer: the part is rendered as the browser shows it, and the page (a 404) is whole.
            if (statusOf(error) === 404) {
              this.missing += 1;
              this.gone.add(name);
              return { gone: true } as const;
            }
            this.failed += 1;
            if (!this.controller.signal.aborted) console.error(`[ssr] ${name}:`, error instanceof Error ? error.message : error);
            return undefined;
          },
        );
      } else {
        // Kept from another render: the component renders on at once instead of waiting a turn.
        this.answers.set(name, source.data);
        request = settled({ data: source.data });
      }
      this.pending.set(name, request);
    }
    return request as Promise<Answer<T> | undefined>;
  }

  /** Server: the page's address names nothing (useNotFoundStatus): it is a 404 like one whose data the API has not. */
  pageMissing(): void {
    this.missing = Math.max(this.missing, 1);
  }

  /** Browser: the server's answer of `name`, until the cache is closed. */
  take<T>(name: string): Answer<T> | undefined {
    if (!this.open) return undefined;
    if (this.gone.has(name)) return { gone: true };
    return this.answers.has(name) ? { data: this.answers.get(name) as T } : undefined;
  }

  /** The first navigation closes the cache: its answers were the first page's. */
  close(): void {
    this.open = false;
    this.answers.clear();
    this.gone.clear();
  }

  /** Server: stops the fetches still running (the render is over or out of time). */
  abort(): void {
    this.controller.abort();
  }

  /** The answers, to be written into the page. */
  toJSON(): Record<string, unknown> {
    return { ...Object.fromEntries(this.answers), ...(this.gone.size ? { [GONE_KEY]: [...this.gone] } : {}) };
  }
}

const LoadCacheContext = createContext<LoadCache | null>(null);

/**
 * For a page whose address names nothing in data it did get (a plan list without the service in the address): on the
 * server, the page goes out with status 404 as when the API answers 404 (`missing`). Nothing in the browser.
 */
export function useNotFoundStatus(): void {
  const cache = useContext(LoadCacheContext);
  if (cache?.server) cache.pageMissing();
}

/** Gives the `useLoad`s below it the answers of a server-rendered page (see LoadCache). */
export function LoadCacheProvider({ cache, children }: { cache: LoadCache | null; children: ReactNode }) {
  return <LoadCacheContext value={cache}>{children}</LoadCacheContext>;
}

/** Runs `fetcher` on mount, when `key` changes and on `reload()`; see the top of this file for what shows when. */
export function useLoad<T>(fetcher: Fetcher<T>, { id, key = '', keepOnNewKey = false }: LoadOptions): Load<T> {
  const name = loadKey(id, key);
  const cache = useContext(LoadCacheContext);
  // Rendering on the server: wait for the answer (React's `use` suspends until it is here).
  const rendered = cache?.server ? use(cache.fetch(name, fetcher)) : undefined;
  const [result, setResult] = useState<Result<T> & { name: string }>(() => {
    const known = rendered ?? cache?.take<T>(name);
    if (!known) return { state: 'loading', name };
    return 'gone' in known ? { state: 'failed', error: GONE_ERROR, name } : { state: 'ready', data: known.data, name };
  });
  // Hydrating with the server's answer (or its 404): the first effect has nothing to fetch.
  const answered = useRef(result.state !== 'loading');
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setResult((r) => {
      if (r.state === 'failed') return { state: 'loading', name };
      if (r.name !== name && !keepOnNewKey) return { state: 'loading', name };
      return r;
    });
    const early = prefetched.get(name) as Promise<T> | undefined;
    prefetched.delete(name);
    (early ?? fetcherRef.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setResult({ state: 'ready', data, name }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // An API 404 is an answer (the address names nothing), shown by the page: not an error for the console.
        if (statusOf(error) !== 404) console.error(error);
        startTransition(() => setResult({ state: 'failed', error, name }));
      },
    );
    return () => controller.abort();
    // The fetcher closes over `key`: a new name or a new attempt is what re-runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // On the render where the key has just changed, the effect has not yet reset the state: don't show the old data.
  if (result.name !== name && !keepOnNewKey && result.state !== 'loading') return { state: 'loading', reload };
  const { name: _name, ...rest } = result;
  return { ...rest, reload } as Load<T>;
}

interface FrameProps<T> {
  load: Load<T>;
  /** What is loaded, as the messages say it: 'Loading {what}…', 'fetching the {what}'. */
  what: string;
  children(data: T): ReactNode;
  /** 'Something went wrong while fetching the {what}' or '… your {what}' (the customer's own things). */
  whose?: 'the' | 'your';
  /** What stands in while loading: a spinner over the area, or a skeleton of cards or of a table. */
  placeholder?: 'overlay' | 'cards' | 'table';
  /** Columns of the table skeleton. */
  columns?: number;
  /** Shown instead of `children` when `isEmpty(data)`. */
  empty?: string;
  isEmpty?(data: T): boolean;
  /**
   * Shown, without Retry, when the API answered 404: an address that names nothing there (a mistyped or stale id)
   * would never load by retrying. Without it a 404 is a failure like any other.
   */
  missing?: ReactNode;
}

/** Loading, failure (with Retry) and empty states around loaded content; `children` renders the loaded data. */
export function LoadState<T>({ load, what, children, whose = 'the', placeholder = 'overlay', columns = 4, empty, isEmpty, missing }: FrameProps<T>) {
  if (load.state === 'loading') {
    if (placeholder === 'overlay') {
      return (
        <div style={{ position: 'relative', minHeight: 200 }}>
          <LoadingOverlay show label={`Loading ${what}…`} />
        </div>
      );
    }
    return <Skeleton label={`Loading ${what}…`} shape={placeholder} rows={3} columns={columns} />;
  }
  if (load.state === 'failed') {
    if (missing !== undefined && statusOf(load.error) === 404) return <EmptyState>{missing}</EmptyState>;
    return (
      <div>
        <Notice tone="error" role="alert">
          Something went wrong while fetching {whose} {what}. Please retry.
        </Notice>
        <Button variant="secondary" onClick={load.reload}>
          Retry
        </Button>
      </div>
    );
  }
  if (empty !== undefined && isEmpty?.(load.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(load.data)}</>;
}

/** A list of the customer's own things (mf-dashboard's frame): a table skeleton, 'your {what}', an empty message. */
export function ListState<T>(props: Omit<FrameProps<T>, 'whose' | 'placeholder' | 'empty' | 'isEmpty'> & { empty: string; isEmpty(data: T): boolean }) {
  return <LoadState whose="your" placeholder="table" {...props} />;
}
