// Whether the storefront's server rendered this page (scripts/ssr-server.mjs marks #root with data-ssr), and the
// pause its start takes between steps: such a page is on screen already, so its start is cut into tasks of their own
// (the browser stays responsive in between: no single long task, Lighthouse's TBT).

export const serverRendered = (): boolean => document.getElementById('root')?.hasAttribute('data-ssr') ?? false;

/** Resolves in the next task on a server-rendered page; at once on a page rendered in the browser. */
export const nextTask = (): Promise<void> =>
  serverRendered() ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : Promise.resolve();
