// Loading data into a page (issue 16 item 5): the hook and the loading/failed/ready frame that mf-cart, mf-content
// and mf-dashboard each wrote for themselves; mf-staff is built from these.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, LoadingOverlay, Notice } from './ui';

export type Load<T> =
  | { state: 'loading'; data?: undefined; reload(): void }
  | { state: 'failed'; data?: undefined; reload(): void }
  | { state: 'ready'; data: T; reload(): void };

/**
 * Runs `fetcher` on mount, when `key` changes and on `reload()`. Loaded data stays on screen while it reloads (after
 * a change), a failure shows the loading state again on retry; answers that arrive late are dropped.
 */
export function useLoad<T>(fetcher: () => Promise<T>, key: string = ''): Load<T> {
  const [result, setResult] = useState<{ state: 'loading' | 'failed' } | { state: 'ready'; data: T }>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setResult((r) => (r.state === 'ready' ? r : { state: 'loading' }));
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

/** Loading and failure states around loaded content; `children` renders the loaded data. */
export function LoadState<T>({ load, what, children }: { load: Load<T>; what: string; children(data: T): ReactNode }) {
  if (load.state === 'loading') {
    return (
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay show label={`Loading ${what}…`} />
      </div>
    );
  }
  if (load.state === 'failed') {
    return (
      <div>
        <Notice tone="error" role="alert">
          Something went wrong while fetching the {what}. Please retry.
        </Notice>
        <Button variant="secondary" onClick={load.reload}>
          Retry
        </Button>
      </div>
    );
  }
  return <>{children(load.data)}</>;
}
