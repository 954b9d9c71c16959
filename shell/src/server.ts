// The shell's server bundle (webpack.common.cjs, createServerConfig): what scripts/ssr-server.mjs requires. An async
// boundary, as in the browser (index.ts): the shared modules are negotiated before any of them is used.
export const ready = import('./server-render');
export type ServerRenderer = typeof import('./server-render');
