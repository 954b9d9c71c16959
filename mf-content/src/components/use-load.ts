import { useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ok'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes; a stale answer (after unmount or a new key) is dropped and its
 * request aborted.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string = ''): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ok', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}
