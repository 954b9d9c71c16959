import { useCallback, useEffect, useState } from 'react';

export type Load<T> =
  | { state: 'loading'; data?: undefined; reload(): void }
  | { state: 'failed'; data?: undefined; reload(): void }
  | { state: 'ready'; data: T; reload(): void };

/** Runs `fetcher` on mount, when `key` changes and on `reload()`; answers that arrive late are dropped. */
export function useLoad<T>(fetcher: () => Promise<T>, key: string = ''): Load<T> {
  const [result, setResult] = useState<{ state: 'loading' | 'failed' } | { state: 'ready'; data: T }>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
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
    // The fetcher closes over `key`; a new key or a new attempt is what re-runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, key]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, reload } as Load<T>;
}
