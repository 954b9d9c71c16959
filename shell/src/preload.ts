// Fetch a remote before it is needed: when a link to it is hovered or focused, and for the page's links when idle.
export function watchLinksForPreload(preloadPath: (pathname: string) => void): void {
  const fromLink = (target: EventTarget | null) => {
    const link = (target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.origin !== window.location.origin) return;
    preloadPath(link.pathname);
  };
  document.addEventListener('mouseover', (e) => fromLink(e.target), { passive: true });
  document.addEventListener('focusin', (e) => fromLink(e.target));
  document.addEventListener('touchstart', (e) => fromLink(e.target), { passive: true });
  const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
  // After the page settles, fetch the remotes its header links lead to.
  window.setTimeout(() => {
    idle(() => {
      for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('header a[href]'))) {
        if (link.origin === window.location.origin) preloadPath(link.pathname);
      }
    });
  }, 3000);
}
