import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Button, LoadingOverlay, Notice } from 'shared/ui';
import type { Load } from './use-load';

const Busy = styled.div`
  position: relative; min-height: 200px;
`;

/** Loading and failure states around loaded content; `children` renders the loaded data. */
export function LoadState<T>({ load, what, children }: { load: Load<T>; what: string; children(data: T): ReactNode }) {
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
