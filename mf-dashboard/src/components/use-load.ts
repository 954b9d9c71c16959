import { useCallback, useEffect, useState } from 'react';

export type Load<T> =
  | { state: 'loading'; data?: undefined; reload(): void }
  | { state: 'failed'; data?: undefined; reload(): void }
  | { state: 'ready'; data: T; reload(): void };

/** Runs `fetcher` on mount and on `reload()` (loaded data stays shown while it reloads); answers that arrive after unmount or a newer call are dropped. */
export function useLoad<T>(fetcher: () => Promise<T>): Load<T> {
  const [result, setResult] = useState<{ state: 'loading' | 'failed' } | { state: 'ready'; data: T }>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // A retry after a failure shows the loading state again; a reload of loaded data keeps it on screen meanwhile.
    setResult((prev) => (prev.state === 'failed' ? { state: 'loading' } : prev));
    fetcher().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setResult({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // The fetchers are module-level functions or stable callbacks; a new attempt is what re-runs them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, reload } as Load<T>;
}
