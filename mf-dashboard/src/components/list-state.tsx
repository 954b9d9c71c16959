import type { ReactNode } from 'react';
import { Button, EmptyState, Notice, Skeleton } from 'shared/ui';
import type { Load } from './use-load';

/** Loading, failure and empty states around a list; `children` renders the loaded, non-empty list. */
export function ListState<T>({
  load,
  what,
  empty,
  isEmpty,
  children,
  columns = 4,
}: {
  load: Load<T>;
  what: string;
  empty: string;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
  /** How many columns the loading placeholder shows. */
  columns?: number;
}) {
  if (load.state === 'loading') {
    return (
      <Skeleton label={`Loading ${what}…`} shape="table" rows={3} columns={columns} />
    );
  }
  if (load.state === 'failed') {
    return (
      <div>
        <Notice tone="error" role="alert">
          Something went wrong while fetching your {what}. Please retry.
        </Notice>
        <Button variant="secondary" onClick={load.reload}>
          Retry
        </Button>
      </div>
    );
  }
  if (isEmpty(load.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(load.data)}</>;
}
