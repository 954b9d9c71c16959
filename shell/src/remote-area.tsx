import { Component, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { RemoteName } from 'shared/runtime-config';
import { Button, LoadingOverlay, Notice, NotFound, Page } from 'shared/ui';
import { loadRoutes, resetRemote } from './remotes';

interface BoundaryProps {
  resetKey: string;
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render; a new location clears the error. */
class Boundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  componentDidCatch(error: unknown) {
    console.error('A part of the storefront failed:', error);
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function Pending() {
  return (
    <Page aria-busy="true" style={{ position: 'relative', minHeight: '50vh' }}>
      <LoadingOverlay show label="Loading page…" />
    </Page>
  );
}

const notFound: RouteObject = { path: '*', element: <NotFound /> };

function RemoteRoutes({ name }: { name: RemoteName }) {
  const routes = use(loadRoutes(name));
  const all = useMemo(() => [...routes, notFound], [routes]);
  return useRoutes(all);
}

/** The area a remote renders into: its routes, or a clear message with Retry when it cannot be loaded. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary
      resetKey={`${pathname}#${attempt}`}
      fallback={() => (
        <Page>
          <h1>This part of the site could not be loaded</h1>
          <Notice tone="error" role="alert">
            We could not load this page right now. Check your connection and try again; the rest of the site keeps working.
          </Notice>
          <Button
            onClick={() => {
              resetRemote(name);
              setAttempt((n) => n + 1);
            }}
          >
            Retry
          </Button>
        </Page>
      )}
    >
      <Suspense fallback={<Pending />}>
        <RemoteRoutes key={attempt} name={name} />
      </Suspense>
    </Boundary>
  );
}
