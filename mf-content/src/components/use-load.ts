import { startTransition, useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ok'; data: T };

type Load<T> = (signal: AbortSignal) => Promise<T>;

/** Requests started before their page was rendered, by load function, each waiting for its page's `useLoad`. */
const prefetched = new Map<Load<unknown>, Promise<unknown>>();

/**
 * Starts a page's data ahead of its first render (from its route's `handle.prefetch`, which the shell calls for the
 * page it opens on): the page's `useLoad(load)` takes this request over instead of starting its own.
 */
export function prefetch(...loads: Load<unknown>[]): void {
  for (const load of loads) {
    if (prefetched.has(load)) continue;
    const request = load(new AbortController().signal);
    request.catch(() => {}); // reported by the page that takes it over
    prefetched.set(load, request);
  }
}

/**
 * Runs `load` on mount and whenever `key` changes; a stale answer (after unmount or a new key) is dropped and its
 * request aborted.
 */
export function useLoad<T>(load: Load<T>, key: string = ''): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    const early = prefetched.get(loadRef.current) as Promise<T> | undefined;
    prefetched.delete(loadRef.current);
    // An answer is shown as a transition: rendering it is done in slices, so the page keeps responding while
    // several answers arrive at once.
    (early ?? loadRef.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'ok', data }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'error', error }));
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}
