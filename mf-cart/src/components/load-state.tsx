import type { ReactNode } from 'react';
import { Button, Notice, Skeleton } from 'shared/ui';
import type { Load } from './use-load';

/** Loading and failure states around loaded content; `children` renders the loaded data. */
export function LoadState<T>({ load, what, children }: { load: Load<T>; what: string; children(data: T): ReactNode }) {
  if (load.state === 'loading') {
    return (
      <Skeleton label={`Loading ${what}…`} shape="cards" rows={3} />
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
