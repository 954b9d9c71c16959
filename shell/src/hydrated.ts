// Whether the page is past hydration. A server-rendered page is the same for every visitor (and cached, issue 21):
// what depends on the visitor (the account menu, the cart count) is rendered on the server and during hydration as
// for a visitor without a session, then for the real visitor. A page rendered in the browser only is "hydrated" at once.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
