import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Button, EmptyState, LoadingOverlay, Notice } from 'shared/ui';
import type { Load } from './use-load';

const Busy = styled.div`
  position: relative; min-height: 160px;
`;

/** Loading, failure and empty states around a list; `children` renders the loaded, non-empty list. */
export function ListState<T>({
  load,
  what,
  empty,
  isEmpty,
  children,
}: {
  load: Load<T>;
  what: string;
  empty: string;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}) {
  if (load.state === 'loading') {
    return (
      <Busy>
        <LoadingOverlay show label={`Loading ${what}…`} />
      </Busy>
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
